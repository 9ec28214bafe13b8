/**
 * Radio v2 (/radio-v2, the sidebar's Radio): tune by dials (genres, moods, energy, tempo range,
 * familiar vs fresh); the server scores the catalogue, keeps consecutive songs mixable and, for
 * users who may generate, makes new songs when the station runs short (docs/radio.md).
 */
import { useEffect, useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { toQueueSnapshot } from '../player/apolloBackends';
import { usePlayerServices, usePlayerState, useRadioGenre } from '../player/PlayerProvider';
import { Spinner } from '../shell/Spinner';
import { ChoiceChips } from '../ui/ChoiceChips';
import type { RadioTuningInput } from '../gql/graphql';
import { RADIO_DIALS_QUERY, TUNE_RADIO_MUTATION } from './radioOperations';
import './RadioPages.css';

const percent = (value: number) => `${Math.round(value * 100)}%`;

export function RadioV2Page() {
  const { data, loading, error } = useQuery(RADIO_DIALS_QUERY, { fetchPolicy: 'cache-and-network' });
  const [tuning, setTuning] = useState<RadioTuningInput | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const client = useApolloClient();
  const { engine } = usePlayerServices();
  const { upcomingQueue: upcoming } = usePlayerState();
  const radioGenre = useRadioGenre();

  useEffect(() => {
    if (data && !tuning) {
      // Copied field by field: Apollo's results carry __typename, which an input must not.
      const { genres, moods, energy, tempoMin, tempoMax, freshness } = data.queue.radioTuning ?? data.radioDials.defaults;
      setTuning({ genres, moods, energy, tempoMin, tempoMax, freshness });
    }
  }, [data, tuning]);

  if (error && !data) return <p className="page__status" role="alert">Radio could not be loaded: {error.message}</p>;
  if (loading || !data || !tuning) return <Spinner label="Loading the radio dials" />;

  const set = (changes: Partial<RadioTuningInput>) => setTuning({ ...tuning, ...changes });
  const tuneIn = () =>
    engine.playQueue(async () => {
      const { data: tuned } = await client.mutate({ mutation: TUNE_RADIO_MUTATION, variables: { tuning } });
      if (!tuned) throw new Error('The server sent no queue');
      setNote(tuned.tuneRadio.note ?? null);
      return toQueueSnapshot(tuned.tuneRadio.queue);
    });

  return (
    <div className="page radio-v2">
      <header className="page__header">
        <h1 className="page__title">Radio</h1>
        <p className="page__status">Tune a station by its dials; consecutive songs stay in compatible keys and tempos.</p>
      </header>
      <form
        className="radio-dials"
        aria-label="Radio dials"
        onSubmit={(event) => {
          event.preventDefault();
          void tuneIn();
        }}
      >
        <ChoiceChips legend={<>Genres {tuning.genres.length === 0 && <span className="radio-dials__hint">(all)</span>}</>} options={data.radioDials.genres} chosen={tuning.genres} onChange={(genres) => set({ genres })} />
        <ChoiceChips legend={<>Moods {tuning.moods.length === 0 && <span className="radio-dials__hint">(any)</span>}</>} options={data.radioDials.moods} chosen={tuning.moods} onChange={(moods) => set({ moods })} />
        <label className="radio-dials__dial">
          <span>Energy: {percent(tuning.energy)}</span>
          <input type="range" min={0} max={1} step={0.05} value={tuning.energy} onChange={(e) => set({ energy: Number(e.target.value) })} />
        </label>
        <div className="radio-dials__dial">
          <span>
            Tempo: {tuning.tempoMin}-{tuning.tempoMax} BPM
          </span>
          <input type="range" aria-label="Slowest tempo" min={50} max={200} step={1} value={tuning.tempoMin} onChange={(e) => set({ tempoMin: Math.min(Number(e.target.value), tuning.tempoMax) })} />
          <input type="range" aria-label="Fastest tempo" min={50} max={200} step={1} value={tuning.tempoMax} onChange={(e) => set({ tempoMax: Math.max(Number(e.target.value), tuning.tempoMin) })} />
        </div>
        <label className="radio-dials__dial">
          <span>
            Familiar <span aria-hidden>↔</span> fresh: {percent(tuning.freshness)} fresh
          </span>
          <input type="range" aria-label="Familiar or fresh" min={0} max={1} step={0.05} value={tuning.freshness} onChange={(e) => set({ freshness: Number(e.target.value) })} />
        </label>
        <button type="submit" className="button button--primary">
          Tune in
        </button>
      </form>
      {note && <p className="page__status radio-v2__note">{note}</p>}
      {radioGenre && upcoming.length > 0 && (
        <section aria-labelledby="radio-up-next">
          <h2 id="radio-up-next" className="genre-stations__title">
            Up next on Radio: {radioGenre}
          </h2>
          <ol className="radio-v2__next">
            {upcoming.map((song, index) => (
              <li key={`${song.id}-${index}`}>
                {song.title} <span className="radio-dials__hint">{[song.genre, song.mood].filter(Boolean).join(' · ')}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
