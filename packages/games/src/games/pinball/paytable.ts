/**
 * Pinball. The ball is launched into a field of bumpers and bounces until it drains. Each bounce reads the
 * next float of the round as v = floor(float x 16):
 *   v 0-5   (6/16)  the ball drains: the round ends;
 *   v 6-14  (9/16)  a bumper: one more lamp lights;
 *   v 15    (1/16)  the ramp: two more lamps light.
 * When all 15 lamps are lit the ball locks in the jackpot and the round ends. The number of lamps lit picks
 * the multiplier from the chosen risk's table. At most 15 bounces are read; 16 is a power of two, so every
 * bounce's odds are exact over the 2^32 lattice.
 */
import { dec, eq, type Rational, rat } from "../../math/rational.ts";
import type { Risk } from "../risk.ts";

export const BOUNCE_RANGE = 16;
export const DRAIN_BELOW = 6;
export const RAMP_VALUE = 15;
export const LAMPS = 15;
export type Bounce = "drain" | "bumper" | "ramp";

export function bounceOf(value: number): Bounce {
  if (value < DRAIN_BELOW) return "drain";
  return value === RAMP_VALUE ? "ramp" : "bumper";
}

/** Multiplier by lamps lit, 0 to 15 (the jackpot), per RTP (hundredths of a percent) and risk. */
const PINBALL_TABLES: Readonly<Record<number, Readonly<Record<Risk, readonly string[]>>>> = {
  9650: {
    low: ["0", "0.5", "1", "1.2", "1.5", "2", "2.5", "3", "4", "5", "6", "8", "10", "12", "15", "69.47"],
    medium: [
      "0",
      "0",
      "0.3",
      "0.8",
      "1.2",
      "1.8",
      "2.5",
      "3.5",
      "5",
      "7",
      "10",
      "15",
      "20",
      "30",
      "40",
      "137.5",
    ],
    high: ["0", "0", "0", "0.2", "0.5", "1", "1.5", "2.5", "4", "6", "10", "15", "25", "40", "60", "246.2"],
  },
};

export function tableOf(rtp: Rational, risk: Risk): Rational[] | undefined {
  for (const [basisPoints, tables] of Object.entries(PINBALL_TABLES)) {
    if (eq(rat(BigInt(basisPoints), 10_000n), rtp)) return tables[risk].map((m) => dec(m));
  }
  return undefined;
}
