/**
 * The cases reel: a strip of item tiles that scrolls under a centre marker and stops on the item the server
 * opened. The tiles before and after are decoration, drawn from the case's own items (rarer items a little
 * more often than their odds, for show); only the landing tile is the result.
 */
import { decorativeRandom, easeOutQuart } from "../shared/timeline.ts";

export const TILE = 96;
export const REEL_LENGTH = 44;
export const LANDING = 36;
export const OPEN_MS = 450;
export const SPIN_MS = 3800;
export const DURATION = OPEN_MS + SPIN_MS;

/** Item indexes along the reel; `reel[LANDING]` is the item opened. */
export function buildReel(weights: readonly number[], item: number, seed: number): number[] {
  const random = decorativeRandom(seed);
  const shown = weights.map((w) => Math.sqrt(w));
  const total = shown.reduce((a, b) => a + b, 0);
  const pick = () => {
    let r = random() * total;
    for (let i = 0; i < shown.length; i++) {
      r -= shown[i] as number;
      if (r < 0) return i;
    }
    return shown.length - 1;
  };
  return Array.from({ length: REEL_LENGTH }, (_, i) => (i === LANDING ? item : pick()));
}

/** Centre of tile i along the strip, in pixels. */
export const tileCentre = (i: number): number => i * TILE + TILE / 2;

/** The strip position (the pixel under the marker) `elapsed` ms in; `offset` (-0.4 to 0.4 tile) varies the stop. */
export function reelPosition(elapsed: number, offset: number): number {
  const start = tileCentre(2);
  const end = tileCentre(LANDING) + Math.max(-0.4, Math.min(0.4, offset)) * TILE;
  return start + (end - start) * easeOutQuart((elapsed - OPEN_MS) / SPIN_MS);
}

/** The tile under the marker at a strip position. */
export const tileAt = (position: number): number => Math.floor(position / TILE);

/** A colour tier 0-4 for item i of n, from the commonest (0) to the rarest (4). */
export const tierOf = (i: number, n: number): number => (n <= 1 ? 0 : Math.round((4 * i) / (n - 1)));
