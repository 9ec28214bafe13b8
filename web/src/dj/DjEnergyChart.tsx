/**
 * The target energy over the next hour (Mood & Time, a line) against the set's energy (each song a
 * step from its start to the next song's), on one SVG chart.
 */
import type { DjSetFieldsFragment } from '../gql/graphql';

const WIDTH = 640;
const HEIGHT = 200;
const PAD = 28;
const MINUTES = 60;
const x = (minutes: number) => PAD + (Math.min(minutes, MINUTES) / MINUTES) * (WIDTH - 2 * PAD);
const y = (energy: number) => HEIGHT - PAD - energy * (HEIGHT - 2 * PAD);

export function DjEnergyChart({ set }: { set: DjSetFieldsFragment }) {
  const target = set.targetCurve.map((p, i) => `${i ? 'L' : 'M'}${x(p.minutes).toFixed(1)},${y(p.energy).toFixed(1)}`).join(' ');
  const songs = [...(set.current ? [set.current] : []), ...set.upcoming];
  const steps = songs
    .map((entry, i) => {
      const start = entry.startsInSeconds / 60;
      const end = (songs[i + 1]?.startsInSeconds ?? entry.startsInSeconds + (entry.song.duration ?? 180)) / 60;
      return start < MINUTES ? { start, end, energy: entry.energy, title: entry.song.title } : null;
    })
    .filter((step): step is NonNullable<typeof step> => step !== null);
  const setPath = steps.map((s, i) => `${i ? 'L' : 'M'}${x(s.start).toFixed(1)},${y(s.energy).toFixed(1)} L${x(s.end).toFixed(1)},${y(s.energy).toFixed(1)}`).join(' ');
  return (
    <figure className="dj-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="Target energy against the set's energy over the next hour">
        {[0, 0.5, 1].map((energy) => (
          <g key={energy}>
            <line className="dj-chart__grid" x1={PAD} x2={WIDTH - PAD} y1={y(energy)} y2={y(energy)} />
            <text className="dj-chart__label" x={4} y={y(energy) + 4}>
              {energy}
            </text>
          </g>
        ))}
        {[0, 15, 30, 45, 60].map((minutes) => (
          <text key={minutes} className="dj-chart__label" x={x(minutes)} y={HEIGHT - 8} textAnchor="middle">
            {minutes ? `+${minutes} min` : 'now'}
          </text>
        ))}
        <path className="dj-chart__target" d={target} data-testid="dj-target-line" />
        <path className="dj-chart__set" d={setPath} data-testid="dj-set-line" />
        {steps.map((s, i) => (
          <circle key={i} className="dj-chart__song" cx={x(s.start)} cy={y(s.energy)} r={3}>
            <title>{`${s.title}: energy ${s.energy.toFixed(2)}`}</title>
          </circle>
        ))}
      </svg>
      <figcaption className="dj-chart__legend">
        <span className="dj-chart__key dj-chart__key--target">Target (Mood &amp; Time)</span>
        <span className="dj-chart__key dj-chart__key--set">The set</span>
      </figcaption>
    </figure>
  );
}
