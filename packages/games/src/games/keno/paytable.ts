/**
 * Keno paytables: for each risk level and number of picks, the multiplier (stake included) per number of hits.
 * The shapes below fix the relative sizes; the table of an RTP variant scales a shape by RTP / (the shape's own
 * exact RTP) and rounds each entry down to 4 decimals. Rounding an entry down by less than 0.0001 lowers the RTP
 * by less than 0.0001 x P(that hit count), so every table returns its RTP minus less than 0.01 percentage points.
 */
import { dec, div, mul, type Rational, rat, sum } from "../../math/rational.ts";
import { hitProbabilities, MAX_PICKS, MIN_PICKS } from "./odds.ts";

export const RISKS = ["classic", "low", "medium", "high"] as const;
export type Risk = (typeof RISKS)[number];

/** SHAPES[risk][picks - 1][hits]. */
export const SHAPES: Record<Risk, readonly (readonly string[])[]> = {
  classic: [
    ["0", "3.96"],
    ["0", "1.9", "4.5"],
    ["0", "1", "3.1", "10.4"],
    ["0", "0.8", "1.8", "5", "22.5"],
    ["0", "0.25", "1.4", "4.1", "16.5", "36"],
    ["0", "0", "1", "3.68", "7", "16.5", "40"],
    ["0", "0", "0.47", "3", "4.5", "14", "31", "60"],
    ["0", "0", "0", "2.2", "4", "13", "22", "55", "70"],
    ["0", "0", "0", "1.55", "3", "8", "15", "44", "60", "85"],
    ["0", "0", "0", "1.4", "2.25", "4.5", "8", "17", "50", "80", "100"],
  ],
  low: [
    ["0.7", "1.85"],
    ["0", "2", "3.8"],
    ["0", "1.1", "1.38", "26"],
    ["0", "0", "2.2", "7.9", "90"],
    ["0", "0", "1.5", "4.2", "13", "300"],
    ["0", "0", "1.1", "2", "6.2", "100", "700"],
    ["0", "0", "1.1", "1.6", "3.5", "15", "225", "700"],
    ["0", "0", "1.1", "1.5", "2", "5.5", "39", "100", "800"],
    ["0", "0", "1.1", "1.3", "1.7", "2.5", "7.5", "50", "250", "1000"],
    ["0", "0", "1.1", "1.2", "1.3", "1.8", "3.5", "13", "50", "250", "1000"],
  ],
  medium: [
    ["0.4", "2.75"],
    ["0", "1.8", "5.1"],
    ["0", "0", "2.8", "50"],
    ["0", "0", "1.7", "10", "100"],
    ["0", "0", "1.4", "4", "14", "390"],
    ["0", "0", "0", "3", "9", "180", "710"],
    ["0", "0", "0", "2", "7", "30", "400", "800"],
    ["0", "0", "0", "2", "4", "11", "67", "400", "900"],
    ["0", "0", "0", "2", "2.5", "5", "15", "100", "500", "1000"],
    ["0", "0", "0", "1.6", "2", "4", "7", "26", "100", "500", "1000"],
  ],
  high: [
    ["0", "3.96"],
    ["0", "0", "17.1"],
    ["0", "0", "0", "81.5"],
    ["0", "0", "0", "10", "259"],
    ["0", "0", "0", "4.5", "48", "450"],
    ["0", "0", "0", "0", "11", "350", "710"],
    ["0", "0", "0", "0", "7", "90", "400", "800"],
    ["0", "0", "0", "0", "5", "20", "270", "600", "900"],
    ["0", "0", "0", "0", "4", "11", "56", "500", "800", "1000"],
    ["0", "0", "0", "0", "3.5", "8", "13", "63", "500", "800", "1000"],
  ],
};

export function shape(risk: Risk, picks: number): Rational[] {
  const row = SHAPES[risk][picks - 1];
  if (!row || picks < MIN_PICKS || picks > MAX_PICKS)
    throw new RangeError(`no keno table for ${picks} picks`);
  return row.map(dec);
}

/** Rounds down to 4 decimals. */
export const floor4 = (r: Rational): Rational => rat((r.num * 10_000n) / r.den, 10_000n);

/** Exact return of a table given the probability of each hit count. */
export const tableRtp = (table: readonly Rational[], probabilities: readonly Rational[]): Rational =>
  sum(table.map((m, h) => mul(m, probabilities[h] ?? rat(0))));

/** Scales a shape to return `rtp` given `shapeRtp`, the shape's own exact return, rounding entries down to 4 decimals. */
export const scaleShape = (base: readonly Rational[], shapeRtp: Rational, rtp: Rational): Rational[] =>
  base.map((m) => floor4(mul(m, div(rtp, shapeRtp))));

const cache = new Map<string, Rational[]>();

/** The paytable of an RTP variant: multiplier per number of hits (index), stake included. */
export function paytable(rtp: Rational, risk: Risk, picks: number): Rational[] {
  const key = `${rtp.num}/${rtp.den}:${risk}:${picks}`;
  let table = cache.get(key);
  if (!table) {
    const base = shape(risk, picks);
    table = scaleShape(base, tableRtp(base, hitProbabilities(picks)), rtp);
    cache.set(key, table);
  }
  return table;
}
