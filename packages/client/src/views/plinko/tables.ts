/** The multipliers and bucket odds a Plinko board shows, from the games package's tables. */

import { percent } from "@rgs/games/analysis/report";
import { binomial } from "@rgs/games/games/plinko/drop";
import type { PlinkoParams } from "@rgs/games/games/plinko/params";
import { multipliersOf, plinkoTables } from "@rgs/games/games/plinko/paytable";
import { type Rational, rat, toFixedDown } from "@rgs/games/math/rational";

/** Bucket multipliers, bucket 0 to `rows`, as the round's view writes them (2 decimals, exact for these tables). */
export function plinkoMultipliers(params: PlinkoParams, rtp: Rational): string[] | undefined {
  const tables = plinkoTables(rtp);
  return tables && multipliersOf(tables, params.rows, params.risk).map((m) => toFixedDown(m, 2));
}

/** P(bucket k) = C(rows, k) / 2^rows, as a percent with 4 decimals. */
export const bucketChance = (rows: number, k: number): string =>
  percent(rat(binomial(rows, k), 2n ** BigInt(rows)), 4);
