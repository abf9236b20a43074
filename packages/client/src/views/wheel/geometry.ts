/**
 * The wheel: segment 0 starts at the pointer (top) and segments follow clockwise. Turning the wheel clockwise
 * by R degrees puts the wheel's angle (-R mod 360) under the pointer, so landing on segment s means ending
 * at R = -(s + 0.5) x 360 / n plus whole turns (and a little offset inside the segment).
 */
import { easeOutQuart } from "../shared/timeline.ts";

export const SPIN_MS = 3800;
const TURNS = 5;

const mod360 = (angle: number) => ((angle % 360) + 360) % 360;

/** The segment under the pointer when the wheel is turned by `rotation` degrees. */
export const segmentUnder = (rotation: number, segments: number): number =>
  Math.floor(mod360(-rotation) / (360 / segments)) % segments;

/**
 * Where a spin from `from` stops to show segment `segment`: at least TURNS full turns on, `offset` (-0.5 to 0.5
 * of a segment, kept inside it) away from the segment's centre.
 */
export function spinTarget(from: number, segment: number, segments: number, offset = 0): number {
  const size = 360 / segments;
  const inside = Math.max(-0.4, Math.min(0.4, offset));
  const rest = mod360(-(segment + 0.5 + inside) * size);
  const base = from + TURNS * 360;
  return base + mod360(rest - mod360(base));
}

export const rotationAt = (elapsed: number, from: number, to: number, duration = SPIN_MS): number =>
  from + (to - from) * easeOutQuart(elapsed / duration);

/** The SVG path of segment i of n on a wheel of radius r centred at (0, 0), starting at the top. */
export function segmentPath(i: number, n: number, r: number): string {
  const a0 = ((i * 360) / n - 90) * (Math.PI / 180);
  const a1 = (((i + 1) * 360) / n - 90) * (Math.PI / 180);
  const point = (a: number) => `${(r * Math.cos(a)).toFixed(3)} ${(r * Math.sin(a)).toFixed(3)}`;
  return `M 0 0 L ${point(a0)} A ${r} ${r} 0 0 1 ${point(a1)} Z`;
}

const PALETTE = ["#d8e0e7", "#00e701", "#f5d90a", "#ff8f1f", "#1475e1", "#7048e8", "#ff2d6f"];
const ZERO_COLOUR = "#2f4553";

/** A colour per distinct multiplier: zero is slate, the others in ascending order along the palette. */
export function colourMap(layout: readonly string[]): Map<string, string> {
  const distinct = [...new Set(layout)].filter((m) => Number(m) > 0).sort((a, b) => Number(a) - Number(b));
  const map = new Map<string, string>([[layout.find((m) => Number(m) === 0) ?? "0.00", ZERO_COLOUR]]);
  distinct.forEach((m, i) => {
    map.set(m, PALETTE[Math.min(i, PALETTE.length - 1)] as string);
  });
  return map;
}

/** Distinct multipliers with how many segments show each, ascending. */
export function legendOf(layout: readonly string[]): { multiplier: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const m of layout) counts.set(m, (counts.get(m) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([multiplier, count]) => ({ multiplier, count }));
}
