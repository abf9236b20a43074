import { fromMinor } from "./amounts.ts";

export interface ChartDay {
  day: string;
  /** GGR of the day in minor units. */
  ggr: bigint;
}

const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 8;
const TOP = 18;
const BOTTOM = 4;

/**
 * GGR per day in one currency as bars above (won) and below (lost) a zero line: plain SVG, drawn with
 * attributes only (the page's policy allows no inline style), scaled to the largest day and stretched to
 * the width of the page (the dates are text beneath it, so they never stretch).
 */
export function GgrChart({ days, currency, scale }: { days: ChartDay[]; currency: string; scale: number }) {
  let largest = 0n;
  for (const d of days) if (abs(d.ggr) > largest) largest = abs(d.ggr);
  const hasLoss = days.some((d) => d.ggr < 0n);
  const plot = HEIGHT - TOP - BOTTOM;
  const zero = TOP + (hasLoss ? plot / 2 : plot);
  const room = hasLoss ? plot / 2 : plot;
  const slot = (WIDTH - 2 * LEFT) / Math.max(days.length, 1);
  // A ratio for drawing only: the amounts shown stay exact.
  const height = (ggr: bigint) => (largest === 0n ? 0 : (Number(abs(ggr)) / Number(largest)) * room);
  const first = days[0];
  const last = days.at(-1);
  const summary = days.map((d) => `${d.day}: ${fromMinor(d.ggr, scale)}`).join(", ");
  return (
    <figure class="chart">
      <figcaption>
        GGR per day, {currency} (largest day {fromMinor(largest, scale)})
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`GGR per day in ${currency}: ${summary}`}
      >
        <line
          class="axis"
          vector-effect="non-scaling-stroke"
          x1={LEFT}
          x2={WIDTH - LEFT}
          y1={zero}
          y2={zero}
        />
        {days.map((d, i) => {
          const h = height(d.ggr);
          return (
            <rect
              key={d.day}
              class={d.ggr < 0n ? "bar loss" : "bar"}
              x={LEFT + i * slot + slot * 0.15}
              width={slot * 0.7}
              y={d.ggr < 0n ? zero : zero - h}
              height={Math.max(h, d.ggr === 0n ? 0 : 1)}
            >
              <title>{`${d.day}: ${fromMinor(d.ggr, scale)} ${currency}`}</title>
            </rect>
          );
        })}
      </svg>
      <div class="axis-labels">
        <span>{first?.day}</span>
        {last !== first && <span>{last?.day}</span>}
      </div>
    </figure>
  );
}

const abs = (v: bigint) => (v < 0n ? -v : v);
