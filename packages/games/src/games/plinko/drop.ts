/**
 * The ball's path, the public Plinko mapping: row r reads float r of the round and goes right when
 * floor(float x 2) = 1. The bucket is the number of rights, so bucket k has probability C(rows, k) / 2^rows
 * exactly (a power-of-two range splits the 2^32 lattice evenly).
 */
import type { RandomReader } from "../../fair/random.ts";

export interface Drop {
  /** One letter per row: "L" or "R". */
  path: string;
  /** 0 (all lefts) to rows (all rights). */
  bucket: number;
}

export function dropBall(random: RandomReader, rows: number): Drop {
  let path = "";
  let bucket = 0;
  for (let row = 0; row < rows; row++) {
    const right = random.nextInt(2) === 1;
    path += right ? "R" : "L";
    if (right) bucket++;
  }
  return { path, bucket };
}

/** C(n, k) as a bigint: the number of paths into bucket k. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}
