/** Easing and interpolation shared by the views' animations: pure functions of time, testable without a DOM. */

export const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));

export const lerp = (from: number, to: number, t: number): number => from + (to - from) * t;

export const easeOutCubic = (t: number): number => 1 - (1 - clamp01(t)) ** 3;

export const easeOutQuart = (t: number): number => 1 - (1 - clamp01(t)) ** 4;

export const easeInOutCubic = (t: number): number => {
  const x = clamp01(t);
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
};

/** Progress (0 to 1) of a phase that starts at `start` ms and lasts `length` ms, at `elapsed` ms. */
export const phase = (elapsed: number, start: number, length: number): number =>
  length <= 0 ? (elapsed >= start ? 1 : 0) : clamp01((elapsed - start) / length);

/** A small deterministic hash of a string (FNV-1a), to vary decorative motion per round without randomness. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A deterministic pseudo-random sequence in [0, 1) from a seed (mulberry32), for decoration only. */
export function decorativeRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
