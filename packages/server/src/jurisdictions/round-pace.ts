import type { GameCategory } from "@rgs/protocol/catalog";
import { JURISDICTION_PROFILES, minRoundSecondsFor } from "@rgs/protocol/jurisdictions";
import { sql } from "kysely";
import { GameError } from "../game-error.ts";
import type { Executor } from "../rounds/round-repository.ts";
import type { GameSession } from "../store/sessions-repository.ts";

/**
 * The minimum round duration of a jurisdiction profile (docs/jurisdictions.md): a player may start a round
 * of a covered category only once the minimum has passed since their previous start in one, in any session
 * and on any instance. The start is kept in the store (`round_pace`, one row per operator, player and mode)
 * and taken with one conditional write inside the job that opens the round, so it commits or rolls back
 * with the round, and two plays racing anywhere are ordered by the row's lock: one passes, one is refused.
 */

type PaceKey = Pick<GameSession, "operatorId" | "playerId" | "mode">;

/** The minimum time between two round starts for a game of `category` in `session`, in ms (0: none). */
export function minRoundMsOf(session: Pick<GameSession, "jurisdiction">, category: GameCategory): number {
  const profile = session.jurisdiction;
  if (profile === undefined || profile === "default") return 0;
  return Math.round(minRoundSecondsFor(JURISDICTION_PROFILES[profile], category) * 1000);
}

/**
 * Records `now` as the player's latest round start, unless the previous one is less than `minMs` ago:
 * then nothing is written and the refusal says how long to wait. Runs inside the opening job.
 */
export async function takeRoundStart(
  db: Executor,
  key: PaceKey,
  roundId: string,
  now: Date,
  minMs: number,
): Promise<void> {
  const cutoff = new Date(now.getTime() - minMs);
  const taken = await db
    .insertInto("round_pace")
    .values({
      operator_id: key.operatorId,
      player_id: key.playerId,
      mode: key.mode,
      started_at: now,
      round_id: roundId,
      previous_started_at: null,
    })
    .onConflict((oc) =>
      oc
        .columns(["operator_id", "player_id", "mode"])
        .doUpdateSet((eb) => ({
          started_at: eb.ref("excluded.started_at"),
          round_id: eb.ref("excluded.round_id"),
          previous_started_at: eb.ref("round_pace.started_at"),
        }))
        .where("round_pace.started_at", "<=", cutoff),
    )
    .returning("started_at")
    .executeTakeFirst();
  if (taken !== undefined) return;
  // The row's lock is held now, so this reads the start that won, even one another instance just committed.
  const previous = await latestStart(db, key);
  const waitMs = previous === undefined ? minMs : previous.getTime() + minMs - now.getTime();
  throw roundTooSoon(Math.min(minMs, Math.max(1, waitMs)));
}

/**
 * A bet the wallet refused never started a round: its start is given back, so the player's next bet is
 * paced from the round before. Only a start this round still holds is given back.
 */
export async function giveBackRoundStart(db: Executor, roundId: string): Promise<void> {
  await db
    .updateTable("round_pace")
    .set({
      started_at: sql<Date>`coalesce(previous_started_at, to_timestamp(0))`,
      round_id: null,
      previous_started_at: null,
    })
    .where("round_id", "=", roundId)
    .execute();
}

/** When the player may start the next covered round, or null when they may now. */
export async function nextRoundAt(
  db: Executor,
  key: PaceKey,
  now: Date,
  minMs: number,
): Promise<Date | null> {
  if (minMs <= 0) return null;
  const previous = await latestStart(db, key);
  if (previous === undefined) return null;
  const next = new Date(previous.getTime() + minMs);
  return next > now ? next : null;
}

async function latestStart(db: Executor, key: PaceKey): Promise<Date | undefined> {
  const row = await db
    .selectFrom("round_pace")
    .select("started_at")
    .where("operator_id", "=", key.operatorId)
    .where("player_id", "=", key.playerId)
    .where("mode", "=", key.mode)
    .executeTakeFirst();
  return row?.started_at;
}

export function roundTooSoon(retryAfterMs: number): GameError {
  const seconds = (retryAfterMs / 1000).toFixed(1);
  return new GameError(
    "round_too_soon",
    `The rules of this market ask for a pause between rounds: the next round can start in ${seconds} s.`,
    undefined,
    undefined,
    { retryAfterMs },
  );
}
