/**
 * Mines Mania: the Mines board (5 x 5, 1-24 mines) where the player may also reveal a whole row or column at once.
 * The value of a board depends only on how many safe tiles are showing, k: RTP / P(k safe) = RTP x C(25, k) /
 * C(25 - m, k), the Mines ladder. Revealing j tiles at once wins with C(25 - m - k, j) / C(25 - k, j), and that chance
 * times the value at k + j is the value at k: single tiles, lines and stopping times all return the RTP.
 */
import { GRID_SIZE } from "../mines/ladder.ts";

export {
  binomial,
  MAX_MINES,
  MIN_MINES,
  multiplierAt,
  probabilityAllSafe,
  probabilityNextSafe,
  safeTiles,
  TILES,
  topMultiplier,
} from "../mines/ladder.ts";
export { GRID_SIZE };

export type LineKind = "row" | "column";

/** The tiles of a row (left to right) or a column (top to bottom); tile = row x 5 + column. */
export const lineTiles = (kind: LineKind, index: number): number[] =>
  Array.from({ length: GRID_SIZE }, (_, i) =>
    kind === "row" ? index * GRID_SIZE + i : i * GRID_SIZE + index,
  );
