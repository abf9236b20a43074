import type { FreeRoundMark } from "@rgs/protocol/operator-api";
import type { Kysely } from "kysely";
import type { Database } from "../store/schema.ts";

/**
 * The campaign and grant of each of these rounds that was a free round (it took a round of a grant), read
 * from `free_round_plays`, which outlives the rounds' move to the history. One indexed read per page of a
 * search, history or report: the rounds themselves carry no mark.
 */
export async function freeRoundMarks(
  db: Kysely<Database>,
  roundIds: readonly string[],
): Promise<Map<string, FreeRoundMark>> {
  if (roundIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("free_round_plays")
    .select(["round_id", "campaign_id", "grant_id"])
    .where("round_id", "in", [...new Set(roundIds)])
    .execute();
  return new Map(rows.map((row) => [row.round_id, { campaignId: row.campaign_id, grantId: row.grant_id }]));
}

/** The campaign and fixed bet (minor units) of an open round that is a free round; one indexed read. */
export async function openFreeRound(
  db: Kysely<Database>,
  roundId: string,
): Promise<{ campaignId: string; bet: bigint } | undefined> {
  const row = await db
    .selectFrom("free_round_plays")
    .select(["campaign_id", "bet"])
    .where("round_id", "=", roundId)
    .executeTakeFirst();
  return row && { campaignId: row.campaign_id, bet: BigInt(row.bet) };
}
