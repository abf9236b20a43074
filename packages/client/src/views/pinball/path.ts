/**
 * The pinball's flight drawn from the server's bounces: launched up the right lane, then one leg per bounce
 * (a bumper lights one lamp, the ramp two, on arrival), ending in the drain between the flippers or, with all
 * lamps lit, in the jackpot lock. Which bumper a leg visits is decoration, varied per round.
 */
import type { Bounce } from "@rgs/games/games/pinball/paytable";
import { LAMPS } from "@rgs/games/games/pinball/paytable";
import { clamp01, decorativeRandom, easeInOutCubic } from "../shared/timeline.ts";

export interface Point {
  x: number;
  y: number;
}

export const WIDTH = 300;
export const HEIGHT = 480;

export const BUMPERS: readonly Point[] = [
  { x: 90, y: 150 },
  { x: 160, y: 120 },
  { x: 225, y: 165 },
  { x: 120, y: 220 },
  { x: 195, y: 235 },
  { x: 70, y: 290 },
  { x: 230, y: 300 },
];
const LAUNCH: readonly Point[] = [
  { x: 284, y: 452 },
  { x: 284, y: 60 },
  { x: 250, y: 32 },
];
const RAMP: readonly Point[] = [
  { x: 40, y: 330 },
  { x: 22, y: 200 },
  { x: 40, y: 70 },
  { x: 110, y: 40 },
  { x: 160, y: 80 },
];
export const DRAIN: Point = { x: 150, y: 470 };
export const LOCK: Point = { x: 150, y: 62 };

/** 15 lamps in an arc across the top of the table. */
export const LAMP_POSITIONS: readonly Point[] = Array.from({ length: LAMPS }, (_, i) => {
  const a = Math.PI * (0.15 + (0.7 * i) / (LAMPS - 1));
  return { x: 150 - 118 * Math.cos(a), y: 400 - 40 * Math.sin(a) };
});

export interface Leg {
  points: Point[];
  duration: number;
  /** Lamps lit once the ball arrives. */
  lampsAfter: number;
  /** The bumper hit at the end of the leg, if any. */
  bumper?: number;
}

const LAUNCH_MS = 520;
const BUMPER_MS = 320;
const RAMP_MS = 700;
const END_MS = 520;

export function buildLegs(bounces: readonly Bounce[], seed: number): Leg[] {
  const random = decorativeRandom(seed);
  const legs: Leg[] = [{ points: [...LAUNCH], duration: LAUNCH_MS, lampsAfter: 0 }];
  let at = LAUNCH[LAUNCH.length - 1] as Point;
  let lamps = 0;
  let lastBumper = -1;
  for (const bounce of bounces) {
    if (bounce === "drain") {
      legs.push({ points: [at, { x: at.x, y: 400 }, DRAIN], duration: END_MS, lampsAfter: lamps });
      return legs;
    }
    if (bounce === "ramp") {
      lamps = Math.min(LAMPS, lamps + 2);
      legs.push({ points: [at, ...RAMP], duration: RAMP_MS, lampsAfter: lamps });
      at = RAMP[RAMP.length - 1] as Point;
      continue;
    }
    let bumper = Math.floor(random() * BUMPERS.length);
    if (bumper === lastBumper) bumper = (bumper + 1) % BUMPERS.length;
    lastBumper = bumper;
    lamps = Math.min(LAMPS, lamps + 1);
    const target = BUMPERS[bumper] as Point;
    legs.push({ points: [at, target], duration: BUMPER_MS, lampsAfter: lamps, bumper });
    at = target;
  }
  legs.push({ points: [at, LOCK], duration: END_MS, lampsAfter: lamps });
  return legs;
}

export const legsDuration = (legs: readonly Leg[]): number => legs.reduce((t, leg) => t + leg.duration, 0);

/** A point along a polyline at fraction u of its length. */
export function along(points: readonly Point[], u: number): Point {
  const lengths = points
    .slice(1)
    .map((p, i) => Math.hypot(p.x - (points[i] as Point).x, p.y - (points[i] as Point).y));
  const total = lengths.reduce((a, b) => a + b, 0);
  let distance = clamp01(u) * total;
  for (let i = 0; i < lengths.length; i++) {
    const length = lengths[i] as number;
    if (distance <= length || i === lengths.length - 1) {
      const from = points[i] as Point;
      const to = points[i + 1] as Point;
      const f = length === 0 ? 1 : Math.min(1, distance / length);
      return { x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f };
    }
    distance -= length;
  }
  return points[points.length - 1] as Point;
}

export interface TableState {
  ball: Point;
  lamps: number;
  /** The bumper the ball hit last, lit briefly. */
  flash?: number;
  done: boolean;
}

export function stateAt(legs: readonly Leg[], elapsed: number): TableState {
  let start = 0;
  let lamps = 0;
  let flash: number | undefined;
  for (const leg of legs) {
    if (elapsed < start + leg.duration) {
      return {
        ball: along(leg.points, easeInOutCubic((elapsed - start) / leg.duration)),
        lamps,
        flash,
        done: false,
      };
    }
    lamps = leg.lampsAfter;
    flash = elapsed - (start + leg.duration) < 180 ? leg.bumper : undefined;
    start += leg.duration;
  }
  const last = legs[legs.length - 1];
  return { ball: last ? (last.points[last.points.length - 1] as Point) : DRAIN, lamps, flash, done: true };
}
