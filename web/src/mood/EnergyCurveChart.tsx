/**
 * A 24-hour energy curve on an SVG chart: each point is dragged with the pointer (hour along,
 * energy up) or moved with the arrow keys (energy ±0.05, hour ±0.5 with Shift); a double click
 * on the chart adds a point, Delete removes one (two at least stay).
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

export interface CurvePoint {
  hour: number;
  energy: number;
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = 28;
const x = (hour: number) => PAD + (hour / 24) * (WIDTH - 2 * PAD);
const y = (energy: number) => HEIGHT - PAD - energy * (HEIGHT - 2 * PAD);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round = (value: number, step: number) => Math.round(value / step) * step;
const clock = (hour: number) => `${String(Math.floor(hour)).padStart(2, '0')}:${hour % 1 ? '30' : '00'}`;

export function EnergyCurveChart({ points, onChange, label }: { points: readonly CurvePoint[]; onChange: (points: CurvePoint[]) => void; label: string }) {
  const svg = useRef<SVGSVGElement>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const sorted = [...points].sort((a, b) => a.hour - b.hour);

  const fromPointer = (event: PointerEvent) => {
    const box = svg.current!.getBoundingClientRect();
    const px = ((event.clientX - box.left) / box.width) * WIDTH;
    const py = ((event.clientY - box.top) / box.height) * HEIGHT;
    return { hour: clamp(round(((px - PAD) / (WIDTH - 2 * PAD)) * 24, 0.5), 0, 23.5), energy: clamp(round((HEIGHT - PAD - py) / (HEIGHT - 2 * PAD), 0.01), 0, 1) };
  };
  /** Moves point `index`, keeping it between its neighbours (so the points keep their order). */
  const move = (index: number, to: CurvePoint) => {
    const earliest = index > 0 ? sorted[index - 1].hour + 0.5 : 0;
    const latest = index < sorted.length - 1 ? sorted[index + 1].hour - 0.5 : 23.5;
    onChange(sorted.map((p, i) => (i === index ? { hour: clamp(to.hour, earliest, latest), energy: Math.round(to.energy * 100) / 100 } : p)));
  };
  const onKey = (index: number) => (event: KeyboardEvent) => {
    const p = sorted[index];
    const steps: Record<string, CurvePoint> = event.shiftKey
      ? { ArrowLeft: { ...p, hour: clamp(p.hour - 0.5, 0, 23.5) }, ArrowRight: { ...p, hour: clamp(p.hour + 0.5, 0, 23.5) } }
      : { ArrowUp: { ...p, energy: clamp(p.energy + 0.05, 0, 1) }, ArrowDown: { ...p, energy: clamp(p.energy - 0.05, 0, 1) } };
    if (steps[event.key]) {
      event.preventDefault();
      move(index, steps[event.key]);
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && sorted.length > 2) {
      event.preventDefault();
      onChange(sorted.filter((_, i) => i !== index));
    }
  };
  // The line wraps around midnight: the last point joins the first one a day later.
  const path = [...sorted, { ...sorted[0], hour: sorted[0].hour + 24 }, { ...sorted[sorted.length - 1], hour: sorted[sorted.length - 1].hour - 24 }]
    .sort((a, b) => a.hour - b.hour)
    .map((p, i) => `${i ? 'L' : 'M'}${x(p.hour).toFixed(1)},${y(p.energy).toFixed(1)}`)
    .join(' ');

  return (
    <svg
      ref={svg}
      className="energy-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="group"
      aria-label={label}
      onPointerMove={(event) => dragging !== null && move(dragging, fromPointer(event))}
      onPointerUp={() => setDragging(null)}
      onPointerLeave={() => setDragging(null)}
      onDoubleClick={(event) => {
        const point = fromPointer(event as unknown as PointerEvent);
        if (!sorted.some((p) => p.hour === point.hour) && sorted.length < 24) onChange([...sorted, point]);
      }}
    >
      <defs>
        <clipPath id="energy-chart-plot">
          <rect x={PAD} y={0} width={WIDTH - 2 * PAD} height={HEIGHT} />
        </clipPath>
      </defs>
      {[0, 6, 12, 18, 24].map((hour) => (
        <g key={hour} className="energy-chart__grid">
          <line x1={x(hour)} x2={x(hour)} y1={PAD} y2={HEIGHT - PAD} />
          <text x={x(hour)} y={HEIGHT - 8} textAnchor="middle">
            {clock(hour % 24)}
          </text>
        </g>
      ))}
      <text className="energy-chart__axis" x={4} y={y(1) + 4}>
        1
      </text>
      <text className="energy-chart__axis" x={4} y={y(0) + 4}>
        0
      </text>
      <path className="energy-chart__line" d={path} clipPath="url(#energy-chart-plot)" />
      {sorted.map((p, index) => (
        <circle
          key={index}
          className="energy-chart__point"
          cx={x(p.hour)}
          cy={y(p.energy)}
          r={9}
          tabIndex={0}
          role="slider"
          aria-label={`Energy at ${clock(p.hour)}`}
          aria-valuemin={0}
          aria-valuemax={1}
          aria-valuenow={p.energy}
          aria-valuetext={`${clock(p.hour)}: energy ${p.energy.toFixed(2)}`}
          onPointerDown={(event) => {
            (event.target as Element).setPointerCapture?.(event.pointerId);
            setDragging(index);
          }}
          onKeyDown={onKey(index)}
        />
      ))}
    </svg>
  );
}
