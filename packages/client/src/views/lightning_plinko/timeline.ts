/**
 * Lightning Plinko's reveal: the strikes land one after another on their buckets before the ball is dropped,
 * then the ball falls as in Plinko. Bolts are decorative zigzags from the top of the board to the bucket.
 */
import { type BoardGeometry, bucketX, dropDuration } from "../plinko/geometry.ts";
import { decorativeRandom } from "../shared/timeline.ts";

export const STRIKE_GAP_MS = 220;
export const BOLT_MS = 320;
export const PAUSE_MS = 250;

/** When the drop starts: after every strike has landed and the last bolt faded. */
export const dropStart = (strikes: number): number =>
  strikes === 0 ? 0 : (strikes - 1) * STRIKE_GAP_MS + BOLT_MS + PAUSE_MS;

export const totalDuration = (strikes: number, rows: number): number =>
  dropStart(strikes) + dropDuration(rows);

export const strikeTime = (i: number): number => i * STRIKE_GAP_MS;

/** The bolt to bucket k: a zigzag polyline from above the pegs to the top of the bucket, as SVG points. */
export function boltPoints(g: BoardGeometry, k: number, seed: number): string {
  const random = decorativeRandom(seed);
  const x = bucketX(g, k);
  const steps = 7;
  const points: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const y = (g.bucketTop * i) / steps;
    const jitter = i === 0 || i === steps ? 0 : (random() - 0.5) * g.spacing * 1.6;
    points.push(`${(x + jitter).toFixed(1)},${y.toFixed(1)}`);
  }
  return points.join(" ");
}
