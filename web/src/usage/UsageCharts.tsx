import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { UsageBreakdownQuery } from '../gql/graphql';
import { formatMoney } from './formatMoney';

type Usage = UsageBreakdownQuery['usageBreakdown'];

/** The page's charts; recharts is loaded with this module only (React.lazy in UsagePage). */
export default function UsageCharts({ usage }: { usage: Usage }) {
  const days = usage.days.map((day) => ({ ...day, day: day.date.slice(8) }));
  return (
    <div className="usage__charts">
      <figure className="usage__chart" aria-label="Generations and cost per day">
        <figcaption>Generations and cost per day</figcaption>
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={days} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" opacity={0.3} />
            <XAxis dataKey="day" />
            <YAxis yAxisId="count" allowDecimals={false} />
            <YAxis yAxisId="cost" orientation="right" tickFormatter={(v: number) => formatMoney(v)} />
            <Tooltip formatter={(value, name) => (name === 'Cost' ? formatMoney(Number(value)) : value)} />
            <Legend />
            <Line yAxisId="count" type="monotone" dataKey="generations" name="Generations" stroke="#8b5cf6" dot={false} isAnimationActive={false} />
            <Line yAxisId="cost" type="monotone" dataKey="cost" name="Cost" stroke="#f59e0b" dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </figure>
      <figure className="usage__chart" aria-label="CPU seconds by stage">
        <figcaption>CPU seconds by pipeline stage</figcaption>
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={usage.stages} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" opacity={0.3} />
            <XAxis dataKey="stage" />
            <YAxis />
            <Tooltip formatter={(value) => `${Number(value).toFixed(1)} s`} />
            <Bar dataKey="cpuSeconds" name="CPU seconds" fill="#22c55e" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <figure className="usage__chart" aria-label="Cost by genre">
        <figcaption>Cost by genre</figcaption>
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={usage.genres} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" opacity={0.3} />
            <XAxis dataKey="genre" />
            <YAxis tickFormatter={(v: number) => formatMoney(v)} />
            <Tooltip formatter={(value) => formatMoney(Number(value))} />
            <Bar dataKey="cost" name="Cost" fill="#3b82f6" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
