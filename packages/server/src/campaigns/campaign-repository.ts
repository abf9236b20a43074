import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Executor } from "../rounds/round-repository.ts";

/** A free-round campaign as stored; the bet in minor units of its currency. */
export interface Campaign {
  id: string;
  operatorId: string;
  reference: string;
  requestDigest: string;
  gameCodes: string[];
  currency: string;
  bet: bigint;
  params: unknown;
  roundsPerPlayer: number;
  startsAt: Date;
  endsAt: Date;
  cancelledAt: Date | null;
  createdAt: Date;
}

export type NewCampaign = Omit<Campaign, "id" | "cancelledAt">;

/** One player's rounds of a campaign. */
export interface Grant {
  id: string;
  campaignId: string;
  playerId: string;
  reference: string;
  rounds: number;
  roundsRemaining: number;
  createdAt: Date;
}

/** Rounds played on a campaign's grants in one UTC day, and what they paid (minor units). */
export interface CampaignDay {
  day: string;
  roundsPlayed: number;
  paid: bigint;
}

/** A campaign with its grants counted and the rounds played on them (minor units paid). */
export interface CampaignSummary {
  campaign: Campaign;
  grants: number;
  roundsGranted: number;
  roundsPlayed: number;
  paid: bigint;
}

type CampaignRow = {
  id: string;
  operator_id: string;
  reference: string;
  request_digest: string;
  game_codes: string[];
  currency: string;
  bet: bigint | string;
  params: unknown;
  rounds_per_player: number;
  starts_at: Date;
  ends_at: Date;
  cancelled_at: Date | null;
  created_at: Date;
};

function campaignOf(row: CampaignRow): Campaign {
  return {
    id: row.id,
    operatorId: row.operator_id,
    reference: row.reference,
    requestDigest: row.request_digest,
    gameCodes: row.game_codes,
    currency: row.currency,
    bet: BigInt(row.bet),
    params: row.params ?? undefined,
    roundsPerPlayer: row.rounds_per_player,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    cancelledAt: row.cancelled_at,
    createdAt: row.created_at,
  };
}

type GrantRow = {
  id: string;
  campaign_id: string;
  player_id: string;
  reference: string;
  rounds: number;
  rounds_remaining: number;
  created_at: Date;
};

const grantOf = (row: GrantRow): Grant => ({
  id: row.id,
  campaignId: row.campaign_id,
  playerId: row.player_id,
  reference: row.reference,
  rounds: row.rounds,
  roundsRemaining: row.rounds_remaining,
  createdAt: row.created_at,
});

/** Campaigns and grants, always read and written within one operator's scope. */
export class CampaignRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** Creates the campaign, or finds the one the operator created under the same reference. */
  async create(campaign: NewCampaign): Promise<{ campaign: Campaign; created: boolean }> {
    const inserted = await this.#db
      .insertInto("free_round_campaigns")
      .values({
        id: randomUUID(),
        operator_id: campaign.operatorId,
        reference: campaign.reference,
        request_digest: campaign.requestDigest,
        game_codes: JSON.stringify(campaign.gameCodes),
        currency: campaign.currency,
        bet: campaign.bet,
        params: campaign.params === undefined ? null : JSON.stringify(campaign.params),
        rounds_per_player: campaign.roundsPerPlayer,
        starts_at: campaign.startsAt,
        ends_at: campaign.endsAt,
        created_at: campaign.createdAt,
      })
      .onConflict((oc) => oc.columns(["operator_id", "reference"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { campaign: campaignOf(inserted as CampaignRow), created: true };
    const existing = await this.#db
      .selectFrom("free_round_campaigns")
      .selectAll()
      .where("operator_id", "=", campaign.operatorId)
      .where("reference", "=", campaign.reference)
      .executeTakeFirstOrThrow();
    return { campaign: campaignOf(existing as CampaignRow), created: false };
  }

  async find(operatorId: string, id: string): Promise<Campaign | undefined> {
    const row = await this.#db
      .selectFrom("free_round_campaigns")
      .selectAll()
      .where("operator_id", "=", operatorId)
      .where("id", "=", id)
      .executeTakeFirst();
    return row && campaignOf(row as CampaignRow);
  }

  /** Cancels a campaign once: its unplayed rounds are not played; rounds already open finish. */
  async cancel(operatorId: string, id: string, now: Date): Promise<Campaign | undefined> {
    await this.#db
      .updateTable("free_round_campaigns")
      .set({ cancelled_at: now })
      .where("operator_id", "=", operatorId)
      .where("id", "=", id)
      .where("cancelled_at", "is", null)
      .execute();
    return this.find(operatorId, id);
  }

  /**
   * Grants each player the campaign's rounds, in one transaction; a reference already granted in this
   * campaign keeps its first grant. Answers the grants of every reference asked for, in their order.
   */
  async grant(
    campaign: Campaign,
    players: { playerId: string; reference: string }[],
    now: Date,
  ): Promise<{ grant: Grant; created: boolean }[]> {
    return this.#db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("free_round_grants")
        .values(
          players.map((p) => ({
            id: randomUUID(),
            campaign_id: campaign.id,
            operator_id: campaign.operatorId,
            player_id: p.playerId,
            reference: p.reference,
            rounds: campaign.roundsPerPlayer,
            rounds_remaining: campaign.roundsPerPlayer,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(["campaign_id", "reference"]).doNothing())
        .returning("id")
        .execute();
      const createdIds = new Set(inserted.map((row) => row.id));
      const rows = await trx
        .selectFrom("free_round_grants")
        .selectAll()
        .where("campaign_id", "=", campaign.id)
        .where(
          "reference",
          "in",
          players.map((p) => p.reference),
        )
        .execute();
      const byReference = new Map(rows.map((row) => [row.reference, grantOf(row)]));
      return players.map((p) => {
        const grant = byReference.get(p.reference);
        if (!grant) throw new Error(`grant ${p.reference} vanished`);
        return { grant, created: createdIds.has(grant.id) };
      });
    });
  }

  /** A player's grants of the operator's campaigns, newest campaign first. */
  async playerGrants(operatorId: string, playerId: string): Promise<{ grant: Grant; campaign: Campaign }[]> {
    const rows = await this.#db
      .selectFrom("free_round_grants as g")
      .innerJoin("free_round_campaigns as c", "c.id", "g.campaign_id")
      .selectAll("c")
      .select([
        "g.id as grant_id",
        "g.player_id",
        "g.reference as grant_reference",
        "g.rounds",
        "g.rounds_remaining",
        "g.created_at as granted_at",
      ])
      .where("g.operator_id", "=", operatorId)
      .where("g.player_id", "=", playerId)
      .orderBy("c.created_at", "desc")
      .orderBy("g.created_at")
      .execute();
    return rows.map((row) => ({
      campaign: campaignOf(row as unknown as CampaignRow),
      grant: grantOf({
        id: row.grant_id,
        campaign_id: row.id,
        player_id: row.player_id,
        reference: row.grant_reference,
        rounds: row.rounds,
        rounds_remaining: row.rounds_remaining,
        created_at: row.granted_at,
      }),
    }));
  }

  /** The campaign's grants counted: players, rounds granted and rounds left. */
  async totals(
    campaignId: string,
  ): Promise<{ players: number; roundsGranted: number; roundsRemaining: number }> {
    const row = await this.#db
      .selectFrom("free_round_grants")
      .select([
        sql<string>`count(distinct player_id)`.as("players"),
        sql<string>`coalesce(sum(rounds), 0)`.as("granted"),
        sql<string>`coalesce(sum(rounds_remaining), 0)`.as("remaining"),
      ])
      .where("campaign_id", "=", campaignId)
      .executeTakeFirstOrThrow();
    return {
      players: Number(row.players),
      roundsGranted: Number(row.granted),
      roundsRemaining: Number(row.remaining),
    };
  }

  /**
   * The operator's newest campaigns first, at most `limit`, each with its grants and the rounds played on
   * them, counted and paid as `days` counts them.
   */
  async list(operatorId: string, limit: number): Promise<CampaignSummary[]> {
    const result = await sql<CampaignRow & { grants: bigint; granted: bigint; played: bigint; paid: bigint }>`
      select c.*, g.grants, g.granted, p.played, p.paid
      from free_round_campaigns c
        cross join lateral (
          select count(*) as grants, coalesce(sum(rounds), 0) as granted
          from free_round_grants where campaign_id = c.id
        ) g
        cross join lateral (
          select count(*) as played, coalesce(sum(coalesce(r.payout_total, h.payout_total)), 0) as paid
          from free_round_plays fp
            left join rounds r on r.id = fp.round_id
            left join rounds_history h on h.id = fp.round_id
          where fp.campaign_id = c.id and not fp.returned
        ) p
      where c.operator_id = ${operatorId}
      order by c.created_at desc, c.id
      limit ${limit}`.execute(this.#db);
    return result.rows.map((row) => ({
      campaign: campaignOf(row),
      grants: Number(row.grants),
      roundsGranted: Number(row.granted),
      roundsPlayed: Number(row.played),
      paid: BigInt(row.paid),
    }));
  }

  /**
   * Rounds played and paid per UTC day of their opening, returned rounds left out; a round moved to the
   * history pays there (a round is in one table or the other at any instant a statement sees).
   */
  async days(campaignId: string): Promise<CampaignDay[]> {
    const result = await sql<{ day: string; played: string; paid: string }>`
      select to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as played,
        coalesce(sum(coalesce(r.payout_total, h.payout_total)), 0) as paid
      from free_round_plays p
        left join rounds r on r.id = p.round_id
        left join rounds_history h on h.id = p.round_id
      where p.campaign_id = ${campaignId} and not p.returned
      group by 1
      order by 1`.execute(this.#db);
    return result.rows.map((row) => ({
      day: row.day,
      roundsPlayed: Number(row.played),
      paid: BigInt(row.paid),
    }));
  }
}
