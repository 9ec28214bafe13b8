/**
 * AI Studio (/studio): describe a song, see how the engine understands it, generate it and follow
 * its progress live, then play it: from its stream once it is being encoded ('Play now', or at once
 * with 'Play while it is made' on), or as the stored song when it is done.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { Check, Circle, Loader2, Music, Pause, Play, Sparkles } from 'lucide-react';
import type { GenerateSongInput, SongPlanFieldsFragment } from '../gql/graphql';
import { useGenerationUpdates, type GenerationUpdate } from '../generation/generationFeed';
import { canListenWhileGenerating } from '../generation/statusItems';
import { ListenWhileGenerating } from '../generation/ListenWhileGenerating';
import { useUiPref } from '../prefs/uiPrefs';
import { usePlayerServices, usePlayerState } from '../player/PlayerProvider';
import type { GenerationStreamRequest } from '../player/types';
import { useQueueActions } from '../queue/useQueueActions';
import { toast } from '../ui/toastStore';
import { planLabel } from '../shell/TierBadge';
import { GENERATE_SONG_MUTATION, GENERATION_RESULT_QUERY, PLAN_SONG_QUERY, STUDIO_DEFAULTS_QUERY } from './studioOperations';
import { ARTIST_CHOICES_QUERY } from '../artists/artistOperations';
import { DURATION_STEP, formatDuration, MAX_DURATION, MIN_DURATION, STUDIO_GENRES, STUDIO_MOODS, toggle } from './studioOptions';
import { useDebounced } from '../ui/useDebounced';
import './StudioPage.css';
import '../ui/chips.css';

const PLAN_DEBOUNCE_MS = 400;
const FALLBACK_POLL_MS = 2000;
const MAX_UNCLAIMED_UPDATES = 8;

interface LiveProgress {
  status: string;
  stage: string;
  percentage: number;
  error: string | null;
}

/** What the monthly limit still allows, shown before the user presses Generate. */
export function allowanceText(left: number | null | undefined, limit: number | null): string | null {
  if (left === undefined) return null;
  if (left === null || limit === null) return 'No monthly generation limit';
  if (left === 0) return `Monthly generation limit reached (${limit}/${limit})`;
  return `${left} of ${limit} generations left this month`;
}

export function StudioPage() {
  // Also from the network: the count left must be this moment's, not one cached on an earlier visit.
  const defaultsQuery = useQuery(STUDIO_DEFAULTS_QUERY, { fetchPolicy: 'cache-and-network' });
  const defaults = defaultsQuery.data?.me;
  const [prompt, setPrompt] = useState('');
  const [genres, setGenres] = useState<string[]>([]);
  const [moods, setMoods] = useState<string[]>([]);
  const [generateLyrics, setGenerateLyrics] = useState<boolean | null>(null);
  const [ownLyrics, setOwnLyrics] = useState(false);
  const [lyrics, setLyrics] = useState('');
  const [generateAlbumArt, setGenerateAlbumArt] = useState<boolean | null>(null);
  const [duration, setDuration] = useState<number | null>(null);
  const [seed, setSeed] = useState('');
  // /studio?artist=ID (the artist page's "Make a song as ...") preselects the artist.
  const [searchParams] = useSearchParams();
  const [artistId, setArtistId] = useState(searchParams.get('artist') ?? '');
  const [instrumental, setInstrumental] = useState(false);
  const [exclude, setExclude] = useState('');
  const artistsQuery = useQuery(ARTIST_CHOICES_QUERY);
  const artists = artistsQuery.data?.aiArtists ?? [];

  const lyricsOn = generateLyrics ?? defaults?.generateLyrics ?? false;
  const artOn = generateAlbumArt ?? defaults?.generateAlbumArt ?? true;
  const seconds = duration ?? defaults?.defaultDuration ?? 180;
  const input: GenerateSongInput = useMemo(
    () => ({
      prompt: prompt.trim(),
      genres,
      moods,
      lyrics: ownLyrics && !instrumental && lyrics.trim() ? lyrics : null,
      generateLyrics: lyricsOn && !instrumental,
      generateAlbumArt: artOn,
      durationSeconds: seconds,
      seed: seed.trim() === '' ? null : Number(seed),
      artistId: artistId || null,
      instrumental,
      exclude: exclude.trim() || null,
    }),
    [prompt, genres, moods, ownLyrics, lyrics, lyricsOn, artOn, seconds, seed, artistId, instrumental, exclude],
  );
  const planInput = useDebounced(input, PLAN_DEBOUNCE_MS);
  const planQuery = useQuery(PLAN_SONG_QUERY, { variables: { input: planInput }, skip: planInput.prompt === '' });
  const plan = planInput.prompt === '' ? undefined : planQuery.data?.planSong;

  const [requestId, setRequestId] = useState<string | null>(null);
  const [live, setLive] = useState<LiveProgress | null>(null);
  const [stages, setStages] = useState<readonly string[]>([]);
  const [generate, { loading: submitting }] = useMutation(GENERATE_SONG_MUTATION);
  const finished = live?.status === 'completed' || live?.status === 'failed';
  // A worker starts at once: its first stages can be pushed before generateSong's answer names the request.
  const unclaimed = useRef(new Map<string, GenerationUpdate>());
  const connected = useGenerationUpdates((update) => {
    if (update.requestId !== requestId) {
      const waiting = unclaimed.current;
      waiting.delete(update.requestId);
      waiting.set(update.requestId, update);
      // Only the latest few: other tabs' requests come through here too.
      for (const id of waiting.keys()) if (waiting.size > MAX_UNCLAIMED_UPDATES) waiting.delete(id);
      return;
    }
    setLive({ status: update.status, stage: update.progress.stage, percentage: update.progress.percentage, error: update.error ?? null });
    if (update.status === 'completed' || update.status === 'failed') void result.refetch();
    // A failed request no longer counts against the month's limit.
    if (update.status === 'failed') void defaultsQuery.refetch();
  });
  const result = useQuery(GENERATION_RESULT_QUERY, {
    variables: { id: requestId ?? '' },
    skip: requestId === null,
    fetchPolicy: 'network-only',
    // The subscription drives progress; polling only stands in while its socket is down.
    pollInterval: requestId && !finished && !connected ? FALLBACK_POLL_MS : 0,
  });
  const generation = result.data?.generation;
  useEffect(() => {
    if (!generation || generation.id !== requestId) return;
    setStages(generation.stages);
    setLive((current) =>
      current && current.percentage > generation.progress.percentage
        ? current
        : { status: generation.status, stage: generation.progress.stage, percentage: generation.progress.percentage, error: generation.error ?? null },
    );
  }, [generation, requestId]);

  const submit = async () => {
    try {
      // The previewed plan's seed makes the song follow exactly the plan shown.
      const { data } = await generate({ variables: { input: { ...input, seed: input.seed ?? plan?.seed ?? null } } });
      if (!data) return;
      void defaultsQuery.refetch();
      const created = data.generateSong;
      const early = unclaimed.current.get(created.id);
      unclaimed.current.clear();
      setRequestId(created.id);
      setStages(created.stages);
      setLive(
        early && early.progress.percentage >= created.progress.percentage
          ? { status: early.status, stage: early.progress.stage, percentage: early.progress.percentage, error: early.error ?? null }
          : { status: created.status, stage: created.progress.stage, percentage: created.progress.percentage, error: null },
      );
    } catch (error) {
      toast({ title: 'Generation failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  };

  const busy = submitting || (requestId !== null && !finished);
  const myPlan = defaultsQuery.data?.myPlan;
  const limitReached = myPlan?.generationsLeft === 0;
  const allowance = myPlan ? `${allowanceText(myPlan.generationsLeft, myPlan.limits.monthlyGenerations)} · ${planLabel(myPlan.tier)}: songs up to ${myPlan.limits.maxSongSeconds} s` : null;
  const song = live?.status === 'completed' ? generation?.song : null;
  const [playWhileGenerating, setPlayWhileGenerating] = useUiPref('playWhileGenerating');
  const listenable = requestId !== null && live !== null && canListenWhileGenerating(live.status, stages, live.stage);

  return (
    <div className="studio">
      <header className="studio__header">
        <h1>AI Studio</h1>
        <p>Describe a song; the engine writes, composes, plays and masters it.</p>
      </header>

      <form
        className="studio__form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="studio__field">
          <span>Prompt</span>
          <textarea value={prompt} onChange={(e) => setPrompt(e.target.value)} rows={3} maxLength={1000} placeholder="Rainy night lo-fi with soft piano and vinyl crackle" />
        </label>

        <label className="studio__field">
          <span>Artist</span>
          <select aria-label="Artist" value={artistId} onChange={(e) => setArtistId(e.target.value)}>
            <option value="">No artist (your name)</option>
            {artists.map((artist) => (
              <option key={artist.id} value={artist.id}>
                {artist.name} · {artist.voiceType} voice{artist.isMine ? '' : ' · public'}
              </option>
            ))}
          </select>
        </label>

        <fieldset className="choice-chips">
          <legend>Genres</legend>
          {STUDIO_GENRES.map((g) => (
            <button key={g.id} type="button" className="chip" aria-pressed={genres.includes(g.id)} onClick={() => setGenres(toggle(genres, g.id))}>
              {g.label}
            </button>
          ))}
        </fieldset>

        <fieldset className="choice-chips">
          <legend>Moods</legend>
          {STUDIO_MOODS.map((m) => (
            <button key={m.id} type="button" className="chip" aria-pressed={moods.includes(m.id)} onClick={() => setMoods(toggle(moods, m.id))}>
              {m.label}
            </button>
          ))}
        </fieldset>

        <div className="studio__toggles">
          <label className="studio__toggle">
            <input type="checkbox" role="switch" checked={instrumental} onChange={(e) => setInstrumental(e.target.checked)} />
            <span>Instrumental</span>
          </label>
          <label className="studio__toggle">
            <input type="checkbox" role="switch" checked={lyricsOn && !instrumental} disabled={ownLyrics || instrumental} onChange={(e) => setGenerateLyrics(e.target.checked)} />
            <span>Generate lyrics</span>
          </label>
          <label className="studio__toggle">
            <input type="checkbox" role="switch" checked={ownLyrics} disabled={instrumental} onChange={(e) => setOwnLyrics(e.target.checked)} />
            <span>Use my own lyrics</span>
          </label>
          <label className="studio__toggle">
            <input type="checkbox" role="switch" checked={artOn} onChange={(e) => setGenerateAlbumArt(e.target.checked)} />
            <span>Album art</span>
          </label>
          <label className="studio__toggle">
            <input type="checkbox" role="switch" checked={playWhileGenerating} onChange={(e) => setPlayWhileGenerating(e.target.checked)} />
            <span>Play while it is made</span>
          </label>
        </div>

        <label className="studio__field">
          <span>Leave out</span>
          <input type="text" value={exclude} maxLength={300} onChange={(e) => setExclude(e.target.value)} placeholder="e.g. drums, distortion, piano" />
        </label>

        {ownLyrics && !instrumental && (
          <label className="studio__field">
            <span>Your lyrics</span>
            <textarea value={lyrics} onChange={(e) => setLyrics(e.target.value)} rows={8} maxLength={10_000} placeholder={'[Verse]\nFirst line\nSecond line\n\n[Chorus]\n...'} />
          </label>
        )}

        <div className="studio__row">
          <label className="studio__field studio__field--grow">
            <span>
              Duration <output>{formatDuration(seconds)}</output>
            </span>
            <input
              type="range"
              aria-label="Duration"
              aria-valuetext={formatDuration(seconds)}
              min={MIN_DURATION}
              max={MAX_DURATION}
              step={DURATION_STEP}
              value={seconds}
              onChange={(e) => setDuration(Number(e.target.value))}
            />
          </label>
          <label className="studio__field studio__field--seed">
            <span>Seed</span>
            <input type="number" min={0} max={4294967295} step={1} value={seed} onChange={(e) => setSeed(e.target.value)} placeholder="random" />
          </label>
        </div>

        <PlanPreview plan={plan} loading={planQuery.loading} error={planInput.prompt === '' ? undefined : planQuery.error?.message} />

        <div className="studio__submit">
          <button type="submit" className="button button--primary studio__generate" disabled={busy || input.prompt === '' || limitReached} aria-describedby={allowance ? 'studio-allowance' : undefined}>
            {busy ? <Loader2 className="studio__spin" size={18} aria-hidden /> : <Sparkles size={18} aria-hidden />}
            Generate
          </button>
          {allowance && (
            <p id="studio-allowance" className="studio__allowance" data-exhausted={limitReached}>
              {allowance}
            </p>
          )}
        </div>
      </form>

      {live && (
        <section className="studio__progress" aria-label="Generation progress">
          {live.status === 'failed' ? (
            <p className="studio__error" role="alert">
              {live.error || 'Unknown error occurred'}
            </p>
          ) : (
            <>
              <div className="studio__progress-row">
                <span>{live.status === 'completed' ? 'Completed' : live.stage}</span>
                <span>{live.percentage}%</span>
              </div>
              {listenable && requestId && (
                <ListenWhileGenerating requestId={requestId} stream={generation?.id === requestId ? streamOf(requestId, generation.plan) : undefined} autoPlay={playWhileGenerating} />
              )}
              <div className="studio__bar" role="progressbar" aria-label="Generation progress" aria-valuenow={live.percentage} aria-valuemin={0} aria-valuemax={100}>
                <span style={{ width: `${live.percentage}%` }} />
              </div>
              <StageList stages={stages} current={live.stage} completed={live.status === 'completed'} />
            </>
          )}
        </section>
      )}

      {song && <SongCard song={song} plan={generation?.plan} />}
    </div>
  );
}

/** What the player shows while it plays the stream: the plan's title, length, genre and mood. */
function streamOf(requestId: string, plan: SongPlanFieldsFragment): GenerationStreamRequest {
  return { requestId, title: plan.title, durationSeconds: plan.durationSeconds, genre: plan.genre, mood: plan.mood };
}

type StageState = 'done' | 'current' | 'pending';

/** Each stage's state: those before the current one are done (even if their own update came and went unseen). */
export function stageStates(stages: readonly string[], current: string, completed: boolean): StageState[] {
  const at = completed ? stages.length : stages.indexOf(current);
  return stages.map((_, index) => (index < at ? 'done' : index === at ? 'current' : 'pending'));
}

/** Every stage the request's pipeline runs, so quick ones (lyrics, composing) show even when they pass in an instant. */
function StageList({ stages, current, completed }: { stages: readonly string[]; current: string; completed: boolean }) {
  if (stages.length === 0) return null;
  const states = stageStates(stages, current, completed);
  return (
    <ol className="studio__stages" aria-label="Stages">
      {stages.map((stage, index) => (
        <li key={stage} className="studio__stage" data-state={states[index]} aria-current={states[index] === 'current' ? 'step' : undefined}>
          {states[index] === 'done' ? (
            <Check size={14} aria-hidden />
          ) : states[index] === 'current' ? (
            <Loader2 className="studio__spin" size={14} aria-hidden />
          ) : (
            <Circle size={14} aria-hidden />
          )}
          {stage}
        </li>
      ))}
    </ol>
  );
}

function PlanPreview({ plan, loading, error }: { plan: SongPlanFieldsFragment | undefined; loading: boolean; error: string | undefined }) {
  if (error) return <p className="studio__plan studio__plan--error" role="alert">{error}</p>;
  if (!plan) return <p className="studio__plan studio__plan--empty">{loading ? 'Understanding…' : 'Type a prompt to see how it is understood.'}</p>;
  return (
    <section className="studio__plan" aria-label="Understood plan">
      <p className="studio__plan-summary">{plan.summary}</p>
      <p className="studio__plan-title">“{plan.title}”</p>
    </section>
  );
}

interface SongCardProps {
  song: { id: string; title: string; artist?: string | null; coverUrl?: string | null; thumbnailUrl?: string | null; duration?: number | null; bpm?: number | null; key?: string | null; genre?: string | null; mood?: string | null };
  plan: SongPlanFieldsFragment | undefined;
}

function SongCard({ song, plan }: SongCardProps) {
  const actions = useQueueActions();
  const { engine } = usePlayerServices();
  const { currentSong, isPlaying } = usePlayerState();
  const isCurrent = currentSong?.id === song.id;
  const art = song.coverUrl ?? song.thumbnailUrl;
  return (
    <article className="studio__song" aria-label={song.title}>
      {art ? <img className="studio__cover" src={art} alt="" /> : <Music className="studio__cover" aria-hidden />}
      <div className="studio__song-meta">
        <h2>{song.title}</h2>
        <p>
          {[song.genre, song.mood, song.bpm ? `${Math.round(song.bpm)} BPM` : null, song.key, song.duration ? formatDuration(Math.round(song.duration)) : null]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {plan && <p className="studio__plan-summary">{plan.summary}</p>}
      </div>
      <button
        type="button"
        className="button button--primary"
        aria-label={isCurrent && isPlaying ? `Pause ${song.title}` : `Play ${song.title}`}
        onClick={() => (isCurrent ? void engine.togglePlay() : void actions.play(song.id))}
      >
        {isCurrent && isPlaying ? <Pause size={18} aria-hidden /> : <Play size={18} aria-hidden />}
      </button>
    </article>
  );
}
