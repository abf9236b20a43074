import { useEffect, useRef } from "preact/hooks";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { fromMinor } from "./amounts.ts";

export interface ChartDay {
  day: string;
  /** GGR of the day in minor units. */
  ggr: bigint;
}

const HEIGHT = 220;

/**
 * GGR per day in one currency as bars above (won) and below (lost) a zero line, drawn by uPlot on a canvas:
 * it styles its elements through the DOM (never with a style attribute or eval), so the page's policy
 * (`style-src 'self'`) holds, and its CSS comes in the bundle. The bars are for the eye: their heights are
 * floats, while the figures stay exact in the caption, the label a screen reader reads and the table.
 * The chart takes the width of its frame and follows it.
 */
export function GgrChart({ days, currency, scale }: { days: ChartDay[]; currency: string; scale: number }) {
  const frame = useRef<HTMLDivElement>(null);
  let largest = 0n;
  for (const d of days) if (abs(d.ggr) > largest) largest = abs(d.ggr);
  const summary = days.map((d) => `${d.day}: ${fromMinor(d.ggr, scale)}`).join(", ");

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const chart = new uPlot(options(days, currency, element.clientWidth), dataOf(days, scale), element);
    const follow = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    follow.observe(element);
    return () => {
      follow.disconnect();
      chart.destroy();
    };
  }, [days, currency, scale]);

  return (
    <figure class="chart">
      <figcaption>
        GGR per day, {currency} (largest day {fromMinor(largest, scale)})
      </figcaption>
      <div ref={frame} class="plot" role="img" aria-label={`GGR per day in ${currency}: ${summary}`} />
    </figure>
  );
}

/** Days as indices; won days in one series and lost ones in another, so each has its colour. */
function dataOf(days: ChartDay[], scale: number): uPlot.AlignedData {
  // A float for drawing only.
  const major = days.map((d) => Number(d.ggr) / 10 ** scale);
  return [days.map((_, i) => i), major.map((v) => (v >= 0 ? v : null)), major.map((v) => (v < 0 ? v : null))];
}

function options(days: ChartDay[], currency: string, width: number): uPlot.Options {
  const colour = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  const ink = colour("--muted");
  const bars = uPlot.paths.bars?.({ size: [0.7, 48], align: 0 });
  const series = (label: string, fill: string): uPlot.Series => ({
    label,
    fill,
    stroke: fill,
    width: 0,
    points: { show: false },
    fillTo: 0,
    ...(bars && { paths: bars }),
  });
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [-0.5, Math.max(days.length, 1) - 0.5] },
      // Zero always in view, so a bar's height reads as the day's GGR.
      y: { range: (_u, min, max) => [Math.min(min, 0), Math.max(max, 0) || 1] },
    },
    axes: [
      {
        stroke: ink,
        grid: { show: false },
        incrs: [1, 2, 7, 14, 28, 56, 91, 182],
        space: 48,
        values: (_u, splits) => splits.map((i) => days[i]?.day.slice(5) ?? ""),
      },
      {
        stroke: ink,
        label: currency,
        size: 56,
        grid: { stroke: colour("--line"), width: 1 },
        values: (_u, splits) => splits.map((v) => compact(v)),
      },
    ],
    series: [{}, series("won", colour("--good")), series("lost", colour("--bad"))],
  };
}

/** An axis figure short enough for a phone: 12k, 1.5M. */
function compact(value: number): string {
  return new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 }).format(value);
}

const abs = (v: bigint) => (v < 0n ? -v : v);
