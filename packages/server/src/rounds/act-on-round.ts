import { gameError, gameRefusal } from "../game-error.ts";
import type { GameSession } from "../store/sessions-repository.ts";
import { validateAddedStake } from "./bet-validation.ts";
import { findAnyRound } from "./history-repository.ts";
import { type LedgerTx, laneOf } from "./ledger.ts";
import { actionKeyRecord, replayAction, requestDigest, withActionKey } from "./request-keys.ts";
import { initializing, REFUSALS, roundClosed } from "./round-errors.ts";
import { findRound, isPlayersRound, type RoundAction, type RoundRow } from "./round-repository.ts";
import type { RoundResult } from "./round-summary.ts";
import { type RoundSystems, stepContext } from "./round-systems.ts";
import type { StepOutcome } from "./settlement/settlement.ts";
import {
  type AnyStep,
  debitsOf,
  nextSeqOf,
  type PendingStep,
  refuseDebits,
  sum,
} from "./step-bookkeeping.ts";
import { listTransactions, type TransactionRow } from "./transaction-repository.ts";

export interface ActionInput {
  roundId: string;
  action: string;
  params?: unknown;
  requestKey?: string;
}

type RequestKey = { value: string; digest: string };

type Acted =
  | {
      kind: "replay";
      round: RoundRow;
      record: NonNullable<ReturnType<typeof actionKeyRecord>>;
      digest: string;
    }
  | { kind: "stepped"; round: RoundRow; outcome: StepOutcome };

/**
 * Acts on an open round: runs the game's action and has the round's settlement store the step (one job),
 * then lets it send or deliver what it stored. A resend with the action's key is answered from the round.
 */
export async function actOnRound(
  sys: RoundSystems,
  session: GameSession,
  input: ActionInput,
): Promise<RoundResult> {
  const key: RequestKey | undefined =
    input.requestKey === undefined
      ? undefined
      : {
          value: input.requestKey,
          digest: requestDigest({ roundId: input.roundId, action: input.action, params: input.params }),
        };
  const acted = await sys.ledger.write(laneOf(session), async (tx): Promise<Acted> => {
    const round = await ownRound(tx, session, input.roundId);
    const record = key === undefined ? undefined : actionKeyRecord(round, key.value);
    if (key && record) return { kind: "replay", round, record, digest: key.digest };
    return { kind: "stepped", round, outcome: await actionStep(sys, tx, session, round, input, key) };
  });
  if (acted.kind === "replay")
    return replayAction(sys.store.db, acted.round, acted.record, acted.digest, REFUSALS);
  if (acted.outcome.kind === "refused") throw acted.outcome.error;
  return sys.settlementOf(acted.round.mode).after(acted.outcome, false);
}

/** The job of an action: the checks of the round's state, the game's step, the settlement's writes. */
async function actionStep(
  sys: RoundSystems,
  tx: LedgerTx,
  session: GameSession,
  round: RoundRow,
  input: ActionInput,
  key: RequestKey | undefined,
): Promise<StepOutcome> {
  const now = new Date(sys.clock.now());
  // The action's key is written by the same update that records the action.
  const keyed = (extra: { debits?: string[]; refused?: true } = {}) =>
    key === undefined ? round : withActionKey(round, key.value, { digest: key.digest, ...extra });
  if (round.status === "initializing") throw initializing();
  if (round.status !== "open") throw roundClosed();
  const transactions = await listTransactions(tx.db, round.id);
  if (transactions.some((t) => t.kind === "debit" && t.status === "pending")) {
    throw gameError("round_busy", "The previous action of this round is still being processed.");
  }
  const resolved = sys.game(round.gameCode);
  const { game } = resolved;
  if (!game.act || !game.parseAction) throw gameError("invalid_action", "This game takes no actions.");
  const parsed = game.parseAction({ action: input.action, params: input.params }, round.state, {
    rtp: resolved.rtp,
    decimals: round.decimals,
  });
  if (!parsed.ok) throw gameRefusal("invalid_action", parsed);
  const ctx = await stepContext(sys, tx, round, now);
  const step = game.act(round.state, parsed.value, ctx) as AnyStep;
  const debits = debitsOf(step.ops);
  validateAddedStake(session, round.decimals, sum(debits));
  assertInOrder(transactions, debits.length > 0);
  const entry: RoundAction = {
    type: "act",
    action: input.action,
    ...(input.params !== undefined && { params: input.params }),
    at: now.toISOString(),
  };
  const pending: PendingStep = {
    step,
    position: ctx.random.position,
    entry,
    debits: [],
    nextSeq: nextSeqOf(transactions),
    maxWin: session.betLimits.maxWin,
    action: { parsed: parsed.value, stateBefore: round.state },
  };
  // Credits go out inline only when none of the round's earlier callbacks is still owed: otherwise the
  // outbox sends them after it, in order, and a closing payout never overtakes an earlier one.
  const inOrder = !transactions.some((t) => t.kind !== "debit" && t.status === "pending");
  const settlement = sys.settlementOf(round.mode);
  const outcome = await settlement.apply(tx, keyed(), pending, now, {
    lease: inOrder,
    keyedWithDebits: (ids) => keyed({ debits: ids }),
  });
  if (outcome.kind !== "refused") return outcome;
  await refusedExtraDebit(sys, tx, keyed({ refused: true }), pending, now);
  return outcome;
}

/** A round's callbacks reach the wallet in order: a new stake never overtakes an earlier payout or refund. */
function assertInOrder(transactions: TransactionRow[], debits: boolean): void {
  if (debits && transactions.some((t) => t.kind !== "debit" && t.status !== "ok")) {
    throw gameError(
      "round_busy",
      "An earlier payout of this round is still being delivered to the wallet; try again in a moment.",
    );
  }
}

/** The wallet (or the demo balance) refused a double, split or war: the game puts the round back as it was, still open. */
export async function refusedExtraDebit(
  sys: RoundSystems,
  tx: LedgerTx,
  round: RoundRow,
  pending: PendingStep,
  now: Date,
  rollbacks = 0,
): Promise<void> {
  const { game } = sys.game(round.gameCode);
  if (!pending.action || !game.onDebitRefused) return;
  const ctx = await stepContext(sys, tx, round, now);
  const step = game.onDebitRefused(pending.action.stateBefore, pending.action.parsed, ctx) as AnyStep;
  refuseDebits(step, "onDebitRefused");
  const back: PendingStep = {
    step,
    position: ctx.random.position,
    entry: pending.entry && { ...pending.entry, debitRefused: true },
    debits: [],
    nextSeq: pending.nextSeq + rollbacks,
    maxWin: pending.maxWin,
  };
  const outcome = await sys.settlementOf(round.mode).apply(tx, round, back, now, { lease: false });
  if (outcome.kind === "refused" || outcome.kind === "debits")
    throw new Error("an onDebitRefused step must not debit");
}

/** The player's round of the session's game, locked; a round moved to the history is over. */
async function ownRound(tx: LedgerTx, session: GameSession, roundId: string): Promise<RoundRow> {
  const round =
    typeof roundId === "string" ? await findRound(tx.db, roundId, { forUpdate: true }) : undefined;
  // A session is bound to its launch's game: its token acts on that game's rounds only.
  const own = (r: RoundRow | undefined): r is RoundRow =>
    isPlayersRound(r, session) && r.gameCode === session.gameCode;
  if (own(round)) return round;
  if (!round && typeof roundId === "string" && own(await findAnyRound(tx, roundId))) throw roundClosed();
  throw gameError("round_not_found", `No round ${JSON.stringify(roundId)} of this player in this game.`);
}
