/**
 * Wheel layouts. A wheel of `segments` segments (10 to 50) at a risk level holds some fixed multipliers, some
 * zeros, and `topCount` top segments whose multiplier is solved from the declared RTP so that the average
 * segment pays exactly the RTP: top = (RTP x segments - sum of the fixed multipliers) / topCount.
 *   low:    per 10 segments, 2 zeros, seven 1.2x and one top (1.5x at 99%, 1.2x at 96%).
 *   medium: about half zeros, then 1.5x-5x and one top.
 *   high:   one top segment (RTP x segments), every other segment 0x.
 */
import { add, dec, div, mul, type Rational, rat, sub, ZERO } from "../../math/rational.ts";
import type { Risk } from "../risk.ts";

export const SEGMENT_COUNTS = [10, 20, 30, 40, 50] as const;
export const OFFERED_RTPS: readonly Rational[] = [rat(99, 100), rat(98, 100), rat(97, 100), rat(96, 100)];

interface LayoutSpec {
  /** Non-zero multipliers other than the top, with how many segments show each. */
  fixed: readonly (readonly [multiplier: string, count: number])[];
  topCount: number;
}

const MEDIUM: Readonly<Record<number, LayoutSpec["fixed"]>> = {
  10: [
    ["1.5", 2],
    ["1.7", 1],
    ["2", 1],
  ],
  20: [
    ["1.5", 3],
    ["1.7", 2],
    ["2", 2],
    ["3", 1],
  ],
  30: [
    ["1.5", 4],
    ["1.7", 2],
    ["2", 2],
    ["3", 1],
    ["4", 1],
  ],
  40: [
    ["1.5", 5],
    ["1.7", 3],
    ["2", 3],
    ["3", 2],
    ["4", 1],
  ],
  50: [
    ["1.5", 6],
    ["1.7", 4],
    ["2", 3],
    ["3", 2],
    ["4", 1],
    ["5", 1],
  ],
};

function specOf(segments: number, risk: Risk): LayoutSpec {
  if (risk === "low") return { fixed: [["1.2", (segments / 10) * 7]], topCount: segments / 10 };
  if (risk === "medium") return { fixed: MEDIUM[segments] ?? [], topCount: 1 };
  return { fixed: [], topCount: 1 };
}

export const isOffered = (rtp: Rational) =>
  OFFERED_RTPS.some((offered) => offered.num === rtp.num && offered.den === rtp.den);

export function topMultiplier(segments: number, risk: Risk, rtp: Rational): Rational {
  const { fixed, topCount } = specOf(segments, risk);
  const fixedTotal = fixed.reduce((total, [m, count]) => add(total, mul(dec(m), rat(count))), ZERO);
  return div(sub(mul(rtp, rat(segments)), fixedTotal), rat(topCount));
}

/**
 * The wheel, segment 0 first (the segment `floor(float x segments)` selects). Non-zero segments are spread
 * evenly around the wheel, alternating small and large multipliers, with zeros between them.
 */
export function layoutOf(segments: number, risk: Risk, rtp: Rational): Rational[] {
  const { fixed, topCount } = specOf(segments, risk);
  const top = topMultiplier(segments, risk, rtp);
  const ascending = [
    ...fixed.flatMap(([m, count]) => Array<Rational>(count).fill(dec(m))),
    ...Array<Rational>(topCount).fill(top),
  ];
  const alternating: Rational[] = [];
  for (let low = 0, high = ascending.length - 1; low <= high; low++, high--) {
    alternating.push(ascending[low] as Rational);
    if (high !== low) alternating.push(ascending[high] as Rational);
  }
  const layout = Array<Rational>(segments).fill(ZERO);
  alternating.forEach((m, j) => {
    layout[Math.floor((j * segments) / alternating.length)] = m;
  });
  return layout;
}
