import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface DailySeries {
  label: string;
  /** One value per day, in the order of `days`. */
  values: number[];
  /** Drawn as bars (amounts) or a line (counts). */
  kind: 'bars' | 'line';
  /** A colour token of tokens.css, e.g. '--accent'. */
  color: string;
  format: (value: number) => string;
}

const token = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';

/** yyyy-MM-dd → seconds at that day's local noon (uPlot's x axis is in seconds). */
const secondsOf = (day: string) => new Date(`${day}T12:00:00`).getTime() / 1000;

/**
 * One chart of per-day figures over a date range (uPlot, loaded only with the back office).
 * It fills its box and follows its width; colours come from the theme's tokens. The canvas is
 * hidden from assistive technology: the same numbers are in the table beside it.
 */
export default function DailyChart({
  days,
  series,
  height = 220,
  language,
  dayLabel,
}: {
  days: string[];
  series: DailySeries[];
  height?: number;
  language: string;
  /** The legend's name of the x series (uPlot's default is a raw "Time"). */
  dayLabel: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || days.length === 0) return;
    const text = token('--muted');
    const grid = token('--border');
    const dayText = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' });
    // The legend names the hovered day in full, in the page's language.
    const fullDay = new Intl.DateTimeFormat(language, {
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
    const bars = uPlot.paths.bars?.({ size: [0.6, 40] });
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: true },
          // Every value axis includes zero (a bar's height is its value), with room on top and,
          // for a figure that can be negative (the operator's GGR), below.
          ...Object.fromEntries(
            series.map((_, i) => [
              `y${i}`,
              {
                range: (_u: uPlot, min: number, max: number) => [
                  min < 0 ? min * 1.1 : 0,
                  max > 0 ? max * 1.1 : min < 0 ? 0 : 1,
                ],
              },
            ]),
          ),
        },
        axes: [
          {
            stroke: text,
            grid: { stroke: grid, width: 1 },
            ticks: { stroke: grid },
            values: (_u, splits) => splits.map((s) => dayText.format(new Date(s * 1000))),
          },
          ...series.map((line, i) => ({
            scale: `y${i}`,
            side: i === 0 ? 3 : 1,
            stroke: text,
            grid: { show: i === 0, stroke: grid, width: 1 },
            ticks: { stroke: grid },
            // Wide enough for the longest label ("₫ 250.00"): a fixed width cut the symbol off.
            size: (_u: uPlot, values: string[] | null) =>
              Math.max(40, ...(values ?? []).map((value) => value.length * 7 + 14)),
            values: (_u: uPlot, splits: number[]) => splits.map((s) => line.format(s)),
          })),
        ],
        series: [
          {
            label: dayLabel,
            value: (_u, s) =>
              s === null || s === undefined ? '' : fullDay.format(new Date(s * 1000)),
          },
          ...series.map((line, i) => ({
            label: line.label,
            scale: `y${i}`,
            stroke: token(line.color),
            width: line.kind === 'line' ? 2 : 1,
            fill: line.kind === 'bars' ? token(line.color) : undefined,
            paths: line.kind === 'bars' ? bars : undefined,
            points: { show: line.kind === 'line' },
            value: (_u: uPlot, v: number | null) =>
              v === null || v === undefined ? '' : line.format(v),
          })),
        ],
      },
      [days.map(secondsOf), ...series.map((line) => line.values)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, height, language, dayLabel]);
  return <div ref={box} className="daily-chart" aria-hidden="true" />;
}
