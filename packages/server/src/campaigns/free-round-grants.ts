import type { FreeRoundMetadata } from "@rgs/protocol/free-rounds";
import { sql } from "kysely";
import type { Executor } from "../rounds/round-repository.ts";
import type { GameSession } from "../store/sessions-repository.ts";

/**
 * A session's free rounds: the grant its next free round is taken from, the campaign's fixed bet and
 * parameters, and how many rounds of that campaign the player has left. Only real-money sessions whose
 * game and currency the campaign names, while it runs and is not cancelled, and only when the campaign's
 * bet is within the session's bet limits (a bet above the launch's `maxBet` is not offered).
 */
export interface FreeRoundOffer {
  campaignId: string;
  grantId: string;
  reference: string;
  /** Minor units of the session's currency. */
  bet: bigint;
  params: unknown;
  /** Rounds of this campaign the player has left, over all its grants. */
  roundsRemaining: number;
  endsAt: Date;
}

/** The offer of the campaign that ends first, or undefined when the session has no free round to play. */
export async function freeRoundOffer(
  db: Executor,
  session: GameSession,
  now: Date,
): Promise<FreeRoundOffer | undefined> {
  if (session.mode !== "real") return undefined;
  const rows = await db
    .selectFrom("free_round_grants as g")
    .innerJoin("free_round_campaigns as c", "c.id", "g.campaign_id")
    .select([
      "g.id as grant_id",
      "g.reference",
      "g.rounds_remaining",
      "c.id as campaign_id",
      "c.bet",
      "c.params",
      "c.ends_at",
    ])
    .where("g.operator_id", "=", session.operatorId)
    .where("g.player_id", "=", session.playerId)
    .where("g.rounds_remaining", ">", 0)
    .where("c.cancelled_at", "is", null)
    .where("c.starts_at", "<=", now)
    .where("c.ends_at", ">", now)
    .where("c.currency", "=", session.currency)
    .where("c.bet", ">=", session.betLimits.minBet)
    .where("c.bet", "<=", session.betLimits.maxBet)
    .where(sql<boolean>`c.game_codes @> ${JSON.stringify([session.gameCode])}::jsonb`)
    .orderBy("c.ends_at")
    .orderBy("g.created_at")
    .orderBy("g.id")
    .execute();
  const first = rows[0];
  if (first === undefined) return undefined;
  const sameCampaign = rows.filter((row) => row.campaign_id === first.campaign_id);
  return {
    campaignId: first.campaign_id,
    grantId: first.grant_id,
    reference: first.reference,
    bet: BigInt(first.bet),
    params: first.params ?? undefined,
    roundsRemaining: sameCampaign.reduce((total, row) => total + row.rounds_remaining, 0),
    endsAt: first.ends_at,
  };
}

/**
 * Takes one round of the grant, inside the job that opens the round: the row lock makes two openings of the
 * last round (two tabs, two instances) take it once. Answers the metadata of the round's debit, or
 * undefined when the grant has no round left or its campaign ended or was cancelled meanwhile.
 */
export async function takeGrantRound(
  db: Executor,
  offer: FreeRoundOffer,
  roundId: string,
  now: Date,
): Promise<FreeRoundMetadata | undefined> {
  const taken = await db
    .updateTable("free_round_grants")
    .set((eb) => ({ rounds_remaining: eb("rounds_remaining", "-", 1) }))
    .where("id", "=", offer.grantId)
    .where("rounds_remaining", ">", 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("free_round_campaigns as c")
          .select("c.id")
          .whereRef("c.id", "=", "free_round_grants.campaign_id")
          .where("c.cancelled_at", "is", null)
          .where("c.ends_at", ">", now),
      ),
    )
    .returning(["rounds_remaining", "operator_id"])
    .executeTakeFirst();
  if (taken === undefined) return undefined;
  await db
    .insertInto("free_round_plays")
    .values({
      round_id: roundId,
      grant_id: offer.grantId,
      campaign_id: offer.campaignId,
      operator_id: taken.operator_id,
      bet: offer.bet,
      created_at: now,
    })
    .execute();
  return {
    campaignId: offer.campaignId,
    grantId: offer.grantId,
    reference: offer.reference,
    roundsRemaining: taken.rounds_remaining,
  };
}

/**
 * The round's opening debit was refused or never confirmed: the round it took goes back to its grant, once,
 * in the job that records the refusal. A round that was not a free round changes nothing.
 */
export async function giveBackGrantRound(db: Executor, roundId: string): Promise<void> {
  const play = await db
    .updateTable("free_round_plays")
    .set({ returned: true })
    .where("round_id", "=", roundId)
    .where("returned", "=", false)
    .returning("grant_id")
    .executeTakeFirst();
  if (play === undefined) return;
  await db
    .updateTable("free_round_grants")
    .set((eb) => ({ rounds_remaining: eb("rounds_remaining", "+", 1) }))
    .where("id", "=", play.grant_id)
    .execute();
}
