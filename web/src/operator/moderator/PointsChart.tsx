import { memo, useMemo, useState } from 'react';
import type { PointsTable } from '../../logic/placement';
import { t } from '../../texts/operator';
import { WindowedList, WINDOW_FROM } from '../Windowed';
import { chartPoint, cumulativeSeries, niceAxis, seriesColour, type ChartFrame } from './logic';

const FRAME: ChartFrame = { width: 720, height: 340, left: 48, right: 32, top: 16, bottom: 36 };

/**
 * Each team's running total over the rounds as an SVG line chart. With many teams every line stays
 * thin and muted until its legend entry (or the line) is hovered or focused; then it stands out.
 * Over WINDOW_FROM teams a line is one <polyline> without its points (only the highlighted line
 * shows them), and the legend renders only the entries in view.
 */
export const PointsChart = memo(function PointsChart({ overview }: { overview: PointsTable }) {
  const [highlight, setHighlight] = useState<number | null>(null);
  const series = useMemo(() => cumulativeSeries(overview), [overview]);
  const top = useMemo(() => series.reduce((max, s) => Math.max(max, ...s.points), 0), [series]);
  const roundCount = overview.rounds.length;
  if (roundCount === 0 || series.length === 0) return null;
  const lean = series.length > WINDOW_FROM;
  const axis = niceAxis(top);
  const at = (index: number, value: number) => chartPoint(FRAME, roundCount, axis.max, index, value);
  const bottom = FRAME.height - FRAME.bottom;
  // The highlighted line is drawn last so it lies on top.
  const order = series.map((_, i) => i).sort((a, b) => Number(a === highlight) - Number(b === highlight));

  return (
    <figure className="points-chart">
      <svg
        viewBox={`0 0 ${FRAME.width} ${FRAME.height}`}
        role="img"
        aria-label={t.moderatorPoints.chartLabel}
        className="points-chart__svg"
      >
        {axis.ticks.map((tick) => {
          const { y } = at(0, tick);
          return (
            <g key={tick} className="points-chart__grid">
              <line x1={FRAME.left} x2={FRAME.width - FRAME.right} y1={y} y2={y} />
              <text x={FRAME.left - 8} y={y + 4} textAnchor="end">
                {tick}
              </text>
            </g>
          );
        })}
        {overview.rounds.map((round, i) => (
          <text key={String(round)} className="points-chart__round" x={at(i, 0).x} y={bottom + 22} textAnchor="middle">
            {t.moderatorPoints.round(round)}
          </text>
        ))}
        <text
          className="points-chart__axis"
          x={12}
          y={FRAME.top + 4}
          transform={`rotate(-90 12 ${FRAME.top + 4})`}
          textAnchor="end"
        >
          {t.moderatorPoints.chartAxis}
        </text>
        {order.map((i) => {
          const { row, points } = series[i];
          const active = highlight === i;
          const dimmed = highlight !== null && !active;
          const coords = points.map((p, r) => at(r, p));
          const line = coords.map((c) => `${c.x},${c.y}`).join(' ');
          if (lean && !active) {
            return (
              <polyline
                key={(row.teamId ?? row.name) + i}
                points={line}
                className={`points-chart__series points-chart__line ${dimmed ? 'is-dimmed' : ''}`}
                style={{ color: seriesColour(i) }}
                onMouseEnter={() => setHighlight(i)}
                onMouseLeave={() => setHighlight(null)}
              />
            );
          }
          return (
            <g
              key={(row.teamId ?? row.name) + i}
              className={`points-chart__series ${active ? 'is-active' : ''} ${dimmed ? 'is-dimmed' : ''}`}
              style={{ color: seriesColour(i) }}
              onMouseEnter={() => setHighlight(i)}
              onMouseLeave={() => setHighlight(null)}
            >
              <title>{t.moderatorPoints.seriesLabel(row.name, points.join(' → '))}</title>
              <polyline points={line} />
              {coords.map((c, r) => (
                <circle key={r} cx={c.x} cy={c.y} r={active ? 5 : 3} />
              ))}
              {active && (
                <text x={coords[coords.length - 1].x} y={coords[coords.length - 1].y - 10} textAnchor="end">
                  {row.name}: {points[points.length - 1]}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <p className="hint">{t.moderatorPoints.legend}</p>
        <WindowedList
          className="points-legend"
          items={series}
          estimateRowPx={36}
          entry={({ row, points }, i, rowProps) => (
            <li key={(row.teamId ?? row.name) + i} {...rowProps}>
              <button
                type="button"
                className={`points-legend__item ${highlight === i ? 'is-active' : ''}`}
                aria-pressed={highlight === i}
                onMouseEnter={() => setHighlight(i)}
                onMouseLeave={() => setHighlight(null)}
                onFocus={() => setHighlight(i)}
                onBlur={() => setHighlight(null)}
                onClick={() => setHighlight(highlight === i ? null : i)}
              >
                <span className="points-legend__swatch" style={{ background: seriesColour(i) }} aria-hidden="true" />
                {t.moderatorPoints.seriesLabel(row.name, String(points[points.length - 1] ?? 0))}
              </button>
            </li>
          )}
        />
      </figcaption>
    </figure>
  );
});
