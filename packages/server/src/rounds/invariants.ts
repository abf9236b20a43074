import type { GameKind } from "@rgs/games/model";
import { parseAmount } from "@rgs/protocol/money";
import type { WalletMetrics } from "../observability/wallet-metrics.ts";
import type { Executor, RoundRow } from "./round-repository.ts";

/**
 * What the round engine asserts while it runs, whatever the game: each one holds by the engine's own
 * construction, so a broken one is a defect (of a game or of the engine) that must stop money from moving
 * wrongly and page someone. Each settlement (settlement/) states which ones it checks, and where.
 */
export type InvariantName =
  /** A wallet round's opening debit is the validated stake; a demo round's takes it from the virtual balance and sends the wallet nothing. */
  | "opening_debit_is_stake"
  /** The debits an action sends are what the game asked for. */
  | "added_stake_is_asked"
  /** A round's payouts never exceed the session's maximum win plus the stakes its rules return. */
  | "payouts_within_max_win"
  /** A step is applied only to a round that is still open (or opening): a round closes once. */
  | "round_closes_once"
  /** A callback sent inline leaves only once the job that inserted its row has committed. */
  | "callback_after_commit";

/**
 * A broken invariant. Before a debit is sent it refuses the request as an internal error with nothing
 * written; after a debit is confirmed the round is put to `settling` with its rollbacks queued first.
 */
export class InvariantBroken extends Error {
  override name = "InvariantBroken";

  constructor(
    readonly invariant: InvariantName,
    readonly round: Pick<RoundRow, "id" | "mode" | "gameCode">,
    detail: string,
  ) {
    super(`invariant ${invariant} broken in round ${round.id}: ${detail}`);
  }
}

/** Throws `InvariantBroken` unless `holds`; `detail` is built only when it does not. */
export function assertInvariant(
  holds: boolean,
  invariant: InvariantName,
  round: Pick<RoundRow, "id" | "mode" | "gameCode">,
  detail: () => string,
): void {
  if (!holds) throw new InvariantBroken(invariant, round, detail());
}

/** The error log naming the invariant and the metric an alert fires on. */
export function reportInvariant(
  logger: { error(obj: object, msg: string): void },
  metrics: WalletMetrics | undefined,
  broken: InvariantBroken,
): void {
  const { invariant, round } = broken;
  logger.error(
    { invariant, roundId: round.id, gameCode: round.gameCode, mode: round.mode, err: broken },
    `round invariant broken: ${invariant}`,
  );
  metrics?.invariantsBroken.inc({ invariant, mode: round.mode });
}

/** The amount a stored debit request asks the wallet for, read from the very bytes that are sent. */
export function requestedAmount(requestBody: string, decimals: number): bigint | undefined {
  const amount = (JSON.parse(requestBody) as { amount?: unknown }).amount;
  const parsed = parseAmount(amount, decimals);
  return parsed.ok ? parsed.minor : undefined;
}

/** The sum the stored debit requests ask for; undefined when one of them carries no readable amount. */
export function requestedTotal(rows: { requestBody: string }[], decimals: number): bigint | undefined {
  let total = 0n;
  for (const row of rows) {
    const amount = requestedAmount(row.requestBody, decimals);
    if (amount === undefined) return undefined;
    total += amount;
  }
  return total;
}

/**
 * The most a round may have paid: the maximum win plus its stakes, which a win, a push or a refund returns.
 * Table games are not held to the maximum win when a bet is placed (validateBet), so they have no bound here,
 * and neither has a round whose session is gone.
 */
export function payoutBound(
  round: Pick<RoundRow, "stakeTotal">,
  kind: GameKind,
  maxWin: bigint | undefined,
): bigint | undefined {
  if (kind === "table" || maxWin === undefined) return undefined;
  return maxWin + round.stakeTotal;
}

export function payoutsWithinBound(
  round: Pick<RoundRow, "stakeTotal" | "payoutTotal">,
  bound: bigint | undefined,
) {
  return bound === undefined || round.payoutTotal <= bound;
}

/** Whether a step may still be applied to the round. */
export const stillOpen = (round: Pick<RoundRow, "status">): boolean =>
  round.status === "open" || round.status === "initializing";

/** The maximum win of the session a round was played in, for the steps nobody requested (tick, abandon). */
export async function sessionMaxWin(db: Executor, sessionId: string): Promise<bigint | undefined> {
  const row = await db
    .selectFrom("sessions")
    .select("max_win")
    .where("id", "=", sessionId)
    .executeTakeFirst();
  return row?.max_win ?? undefined;
}
