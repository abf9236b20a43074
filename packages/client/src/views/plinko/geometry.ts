/**
 * The Plinko board in SVG units and the ball's flight along the server's path: row r of the path ("L"/"R")
 * moves the ball half a peg spacing left or right, so after every row the ball sits on a peg and after the
 * last it is over bucket (number of rights), the bucket the server paid.
 */
import { clamp01 } from "../shared/timeline.ts";

export const BOARD_WIDTH = 400;
const TOP = 24;

export interface BoardGeometry {
  rows: number;
  /** Horizontal distance between pegs of a row. */
  spacing: number;
  /** Vertical distance between rows. */
  rowHeight: number;
  pegRadius: number;
  ballRadius: number;
  /** Top of the buckets. */
  bucketTop: number;
  bucketHeight: number;
  height: number;
}

export function geometryOf(rows: number): BoardGeometry {
  const spacing = BOARD_WIDTH / (rows + 2);
  const rowHeight = spacing * 0.86;
  const bucketTop = TOP + rows * rowHeight;
  const bucketHeight = spacing * 0.8;
  return {
    rows,
    spacing,
    rowHeight,
    pegRadius: Math.max(2, spacing * 0.1),
    ballRadius: spacing * 0.24,
    bucketTop,
    bucketHeight,
    height: bucketTop + bucketHeight + 30,
  };
}

const centre = BOARD_WIDTH / 2;

/** Row r (0 at the top) has r + 3 pegs. */
export function pegsOf(g: BoardGeometry): { x: number; y: number }[] {
  const pegs: { x: number; y: number }[] = [];
  for (let row = 0; row < g.rows; row++) {
    for (let i = 0; i < row + 3; i++)
      pegs.push({ x: centre + (i - (row + 2) / 2) * g.spacing, y: TOP + row * g.rowHeight });
  }
  return pegs;
}

/** Centre of bucket k (0 is the far left: all lefts). */
export const bucketX = (g: BoardGeometry, k: number): number => centre + (k - g.rows / 2) * g.spacing;

/**
 * The ball's resting points: above the board, on a peg of each row, then in its bucket. Point r + 1 is where
 * it meets row r, after the first r moves of the path.
 */
export function waypoints(g: BoardGeometry, path: string): { x: number; y: number }[] {
  const lift = g.pegRadius + g.ballRadius;
  const points = [{ x: centre, y: TOP - g.rowHeight - lift }];
  let rights = 0;
  for (let row = 0; row <= path.length; row++) {
    const x = centre + (rights - row / 2) * g.spacing;
    const y = row < path.length ? TOP + row * g.rowHeight - lift : g.bucketTop + g.bucketHeight / 2;
    points.push({ x, y });
    if (path[row] === "R") rights++;
  }
  return points;
}

/** Time for the ball to go from one row to the next; the whole drop is (rows + 1) hops. */
export const HOP_MS = 120;

export const dropDuration = (rows: number, hopMs = HOP_MS): number => (rows + 1) * hopMs;

/**
 * The ball at `elapsed` ms into its drop: each hop pops up off the peg a little, then falls to the next,
 * accelerating. `landed` once it is in the bucket.
 */
export function ballAt(
  g: BoardGeometry,
  points: readonly { x: number; y: number }[],
  elapsed: number,
  hopMs = HOP_MS,
): { x: number; y: number; landed: boolean } {
  const hops = points.length - 1;
  const position = Math.max(0, elapsed) / hopMs;
  if (position >= hops) {
    const last = points[hops] as { x: number; y: number };
    return { x: last.x, y: last.y, landed: true };
  }
  const hop = Math.floor(position);
  const u = clamp01(position - hop);
  const from = points[hop] as { x: number; y: number };
  const to = points[hop + 1] as { x: number; y: number };
  const pop = hop === 0 ? 0 : g.rowHeight * 0.55;
  return {
    x: from.x + (to.x - from.x) * u,
    y: from.y + (to.y - from.y) * u * u - pop * u * (1 - u),
    landed: false,
  };
}

/** Bucket colours from the centre (yellow, small multipliers) to the edges (red, the largest). */
export function bucketColour(k: number, rows: number): string {
  const distance = Math.abs(k - rows / 2) / (rows / 2);
  const hue = Math.round(48 - 48 * distance);
  return `hsl(${hue} 95% ${Math.round(55 - 8 * distance)}%)`;
}
