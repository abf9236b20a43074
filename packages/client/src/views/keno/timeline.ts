/** The keno draw: the 20 numbers appear one by one in draw order, after any lightning strikes. */

export const DRAW_GAP_MS = 110;
export const STRIKE_GAP_MS = 260;
export const SETTLE_MS = 250;

/** When the draw starts: after the strikes (Lightning Keno), at once for Keno. */
export const drawStart = (strikes: number): number => strikes * STRIKE_GAP_MS + (strikes > 0 ? SETTLE_MS : 0);

export const drawDuration = (drawn: number, strikes: number): number =>
  drawStart(strikes) + drawn * DRAW_GAP_MS + SETTLE_MS;

/** How many of the drawn numbers are showing `elapsed` ms in. */
export const revealedCount = (elapsed: number, drawn: number, strikes: number): number =>
  Math.max(0, Math.min(drawn, Math.floor((elapsed - drawStart(strikes)) / DRAW_GAP_MS) + 1));

/** How many strikes are showing `elapsed` ms in. */
export const strikesShown = (elapsed: number, strikes: number): number =>
  Math.max(0, Math.min(strikes, Math.floor(elapsed / STRIKE_GAP_MS) + 1));

/** Hits among the numbers shown so far. */
export const hitsSoFar = (drawn: readonly number[], shown: number, picks: readonly number[]): number =>
  drawn.slice(0, shown).filter((n) => picks.includes(n)).length;
