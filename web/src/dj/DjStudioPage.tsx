/**
 * DJ Studio (/dj, needs canAccessDJ): DJ mode takes over the queue with a set the server plans to
 * follow the Mood & Time target with harmonic, tempo-compatible transitions; the planned set as a
 * timeline with its transitions, the target curve against the set, pin / remove / reorder /
 * regenerate, and the DJ voice switch (docs/dj.md).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { Pin, PinOff, RefreshCw, X } from 'lucide-react';
import { useSignedInUser } from '../auth/useCurrentUser';
import { toQueueSnapshot } from '../player/apolloBackends';
import { usePlayerServices, usePlayerState } from '../player/PlayerProvider';
import { Spinner } from '../shell/Spinner';
import { SortableList, SortableRow } from '../ui/SortableList';
import { toast } from '../ui/toastStore';
import type { DjEntryFieldsFragment, DjSetFieldsFragment } from '../gql/graphql';
import { DjEnergyChart } from './DjEnergyChart';
import {
  DJ_SET_QUERY,
  MOVE_DJ_SONG_MUTATION,
  PIN_DJ_SONG_MUTATION,
  REGENERATE_DJ_SET_MUTATION,
  REMOVE_DJ_SONG_MUTATION,
  SET_DJ_VOICE_MUTATION,
  START_DJ_MUTATION,
  STOP_DJ_MUTATION,
} from './djOperations';
import './DjStudioPage.css';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
/** The target moves with the clock: the studio re-reads the set this often. */
const REFRESH_MS = 60_000;
const TRANSITION_NAMES: Record<string, string> = { 'beat-matched': 'Beat-matched crossfade', crossfade: 'Crossfade', cut: 'Cut' };

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

export function DjStudioPage() {
  const user = useSignedInUser();
  if (user.canAccessDJ !== true) {
    return (
      <div className="page dj-studio">
        <header className="page__header">
          <h1 className="page__title">DJ Studio</h1>
        </header>
        <p className="page__status" role="alert">
          DJ Studio comes with the Basic plan and above. <Link to="/pricing">See the plans</Link>
        </p>
      </div>
    );
  }
  return <DjStudio />;
}

function DjStudio() {
  const timezone = browserZone();
  const client = useApolloClient();
  const { engine, mixer } = usePlayerServices();
  const { currentSong, upcomingQueue, voice } = usePlayerState();
  const { data, error, refetch } = useQuery(DJ_SET_QUERY, { variables: { timezone }, fetchPolicy: 'cache-and-network' });
  const [busy, setBusy] = useState(false);
  const set = data?.djSet;

  // The queue moved on (a song ended, a skip, another device): the set as the server now plans it.
  const queueKey = [currentSong?.id, ...upcomingQueue.map((s) => s.id)].join(',');
  useEffect(() => {
    void refetch();
  }, [queueKey, refetch]);
  useEffect(() => {
    const timer = setInterval(() => void refetch(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refetch]);

  const show = (next: DjSetFieldsFragment) => client.writeQuery({ query: DJ_SET_QUERY, variables: { timezone }, data: { djSet: next } });
  const run = async (what: string, action: () => Promise<DjSetFieldsFragment | null | undefined>) => {
    setBusy(true);
    try {
      const next = await action();
      if (next) show(next);
    } catch (e) {
      toast({ title: what, description: e instanceof Error ? e.message : undefined, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const startDj = () =>
    run('DJ mode did not start', async () => {
      // Mixer Mode is DJ mode's player: the set crossfades, beat-matched.
      await mixer.setMixerMode(true);
      let started: DjSetFieldsFragment | null = null;
      const played = await engine.playQueue(async () => {
        const { data: answer } = await client.mutate({ mutation: START_DJ_MUTATION, variables: { timezone } });
        if (!answer) throw new Error('The server sent no set');
        started = answer.startDj.set;
        return toQueueSnapshot(answer.startDj.queue);
      });
      if (!played && !started) throw new Error('The server refused to start the set');
      return started;
    });
  const stopDj = () => run('DJ mode did not stop', async () => (await client.mutate({ mutation: STOP_DJ_MUTATION })).data?.stopDj);
  const setVoice = (enabled: boolean) => run('The DJ voice did not change', async () => (await client.mutate({ mutation: SET_DJ_VOICE_MUTATION, variables: { enabled } })).data?.setDjVoice);
  const regenerate = () => run('The set was not regenerated', async () => (await client.mutate({ mutation: REGENERATE_DJ_SET_MUTATION })).data?.regenerateDjSet);
  const pin = (entry: DjEntryFieldsFragment) =>
    run('The song was not pinned', async () => (await client.mutate({ mutation: PIN_DJ_SONG_MUTATION, variables: { songId: entry.song.id, pinned: !entry.pinned } })).data?.pinDjSong);
  const remove = (entry: DjEntryFieldsFragment) =>
    run('The song was not removed', async () => (await client.mutate({ mutation: REMOVE_DJ_SONG_MUTATION, variables: { songId: entry.song.id } })).data?.removeDjSong);
  const move = (from: number, to: number) =>
    set && run('The song was not moved', async () => (await client.mutate({ mutation: MOVE_DJ_SONG_MUTATION, variables: { songId: set.upcoming[from]!.song.id, toIndex: to } })).data?.moveDjSong);

  if (error && !set) return <p className="page__status" role="alert">The DJ set could not be loaded: {error.message}</p>;
  if (!set) return <Spinner label="Loading the DJ set" />;

  return (
    <div className="page dj-studio">
      <header className="page__header">
        <h1 className="page__title">DJ Studio</h1>
        <p className="page__status">The DJ plans your next hour to follow your Mood &amp; Time energy, in compatible keys and tempos.</p>
      </header>
      <section className="dj-controls" aria-label="DJ controls">
        <label className="dj-controls__switch">
          <input type="checkbox" role="switch" checked={set.active} disabled={busy} onChange={(e) => void (e.target.checked ? startDj() : stopDj())} />
          DJ mode
        </label>
        <label className="dj-controls__switch">
          <input type="checkbox" role="switch" checked={set.voiceEnabled} disabled={busy || !set.voiceAvailable} onChange={(e) => void setVoice(e.target.checked)} />
          DJ voice
        </label>
        <button type="button" className="button" disabled={busy || !set.active} onClick={() => void regenerate()}>
          <RefreshCw aria-hidden size={16} /> Regenerate plan
        </button>
        {set.voiceMessage && <p className="dj-controls__note">{set.voiceMessage}</p>}
      </section>
      <p className="dj-studio__target" data-testid="dj-explanation">
        Following: {set.explanation}
      </p>
      {voice && (
        <p className="dj-studio__on-air" role="status" aria-label="DJ voice on air">
          On air: {voice.text}
        </p>
      )}
      {set.active && set.upcoming.length > 0 && (
        <p className="dj-studio__figures">
          Energy error {set.meanEnergyError.toFixed(2)} · {Math.round(set.compatibleShare * 100)}% of transitions harmonic and in tempo
          {set.dislikedCount > 0 && ` · ${set.dislikedCount} skipped song${set.dislikedCount === 1 ? '' : 's'} avoided`}
        </p>
      )}
      <DjEnergyChart set={set} />
      {!set.active && <p className="page__status">DJ mode is off. Turn it on and the DJ takes over what plays next.</p>}
      {set.current && (
        <section aria-labelledby="dj-now">
          <h2 id="dj-now" className="dj-studio__heading">
            Now playing
          </h2>
          <ol className="dj-timeline">
            <li className="dj-entry dj-entry--current">
              <EntryBody entry={set.current} />
            </li>
          </ol>
        </section>
      )}
      {set.upcoming.length > 0 && (
        <section aria-labelledby="dj-next">
          <h2 id="dj-next" className="dj-studio__heading">
            {set.active ? 'The planned set' : 'Up next'}
          </h2>
          <SortableList ids={set.upcoming.map((e) => e.song.id)} label="The planned set" titleAt={(i) => set.upcoming[i]!.song.title} onMove={(from, to) => void move(from, to)} className="dj-timeline">
            {set.upcoming.map((entry, index) => (
              <SortableRow key={entry.song.id} id={entry.song.id} sortable={set.active} className="dj-entry" aria-label={entry.song.title} handleLabel={`Reorder ${entry.song.title}, position ${index + 1}`}>
                <EntryBody entry={entry} />
                {set.active && (
                  <div className="dj-entry__actions">
                    <button type="button" className="player-icon-button" aria-pressed={entry.pinned} aria-label={`${entry.pinned ? 'Unpin' : 'Pin'} ${entry.song.title}`} disabled={busy} onClick={() => void pin(entry)}>
                      {entry.pinned ? <PinOff aria-hidden size={16} /> : <Pin aria-hidden size={16} />}
                    </button>
                    <button type="button" className="player-icon-button" aria-label={`Remove ${entry.song.title} from the set`} disabled={busy} onClick={() => void remove(entry)}>
                      <X aria-hidden size={16} />
                    </button>
                  </div>
                )}
              </SortableRow>
            ))}
          </SortableList>
        </section>
      )}
    </div>
  );
}

function EntryBody({ entry }: { entry: DjEntryFieldsFragment }) {
  const { song, transition } = entry;
  const cover = song.thumbnailUrl ?? song.coverUrl;
  return (
    <div className="dj-entry__body">
      {cover ? <img className="dj-entry__cover" src={cover} alt="" width={56} height={56} /> : <div className="dj-entry__cover dj-entry__cover--none" aria-hidden />}
      <div className="dj-entry__main">
        <p className="dj-entry__title">
          <span>{song.title}</span>
          {song.artist && <span className="dj-entry__artist"> · {song.artist}</span>}
          {entry.pinned && <span className="dj-entry__badge">Pinned</span>}
          {!entry.planned && entry.startsInSeconds > 0 && <span className="dj-entry__badge">Your pick</span>}
        </p>
        <dl className="dj-entry__facts">
          <div>
            <dt>Starts</dt>
            <dd>{entry.startsInSeconds > 0 ? `in ${clock(entry.startsInSeconds)}` : 'now'}</dd>
          </div>
          <div>
            <dt>BPM</dt>
            <dd>{song.bpm ? Math.round(song.bpm) : '–'}</dd>
          </div>
          <div>
            <dt>Key</dt>
            <dd>{entry.camelot ?? '–'}</dd>
          </div>
          <div>
            <dt>Energy</dt>
            <dd>
              <meter min={0} max={1} value={entry.energy} aria-label={`Energy ${entry.energy.toFixed(2)}`} /> {entry.energy.toFixed(2)} <span className="dj-entry__target">(target {entry.targetEnergy.toFixed(2)})</span>
            </dd>
          </div>
        </dl>
        {transition && (
          <p className="dj-entry__transition" data-harmonic={transition.harmonic} data-tempo={transition.tempo}>
            ↓ {TRANSITION_NAMES[transition.kind] ?? transition.kind}
            {transition.seconds > 0 && ` ${transition.seconds.toFixed(1)} s`} · {transition.harmonic ? 'harmonic' : 'key clash'} · {transition.tempo ? 'in tempo' : 'tempo change'}
          </p>
        )}
        {entry.linkText && <p className="dj-entry__link">🎙 {entry.linkText}</p>}
      </div>
    </div>
  );
}
