import { randomUUID } from "node:crypto";
import { nodeHmacSha256 } from "@rgs/games/fair/node-hmac";
import { FairRandom, type SeedPair } from "@rgs/games/fair/random";
import type { Step, StepContext, WalletOp } from "@rgs/games/model";
import { gameForCode, type ResolvedGame } from "@rgs/games/registry";
import { resolveCurrency } from "@rgs/protocol/currencies";
import { formatAmount } from "@rgs/protocol/money";
import type { Clock } from "../clock.ts";
import { type GameError, gameError } from "../game-error.ts";
import type { SeedService } from "../seeds/seed-service.ts";
import type { Store } from "../store/database.ts";
import type { GameSession } from "../store/sessions-repository.ts";
import { validateAddedStake, validateBet } from "./bet-validation.ts";
import { type DebitOutcome, type DebitPolicy, sendDebit } from "./debit-policy.ts";
import { findAnyRound } from "./history-repository.ts";
import {
  type ClaimedCallback,
  type Credit,
  creditRows,
  type Debit,
  debitRows,
  Ledger,
  type LedgerTx,
  laneOf,
  type NewTransactionRow,
  rollbackRows,
} from "./ledger.ts";
import { RoundQueries } from "./queries.ts";
import {
  actionKeyRecord,
  findRoundByRequestKey,
  isRequestKeyViolation,
  replayAction,
  replayBet,
  requestDigest,
  requestInProgress,
  withActionKey,
} from "./request-keys.ts";
import { findRound, isPlayersRound, type RoundAction, type RoundRow } from "./round-repository.ts";
import type { RoundDetails, RoundSummary } from "./round-summary.ts";
import { summarize } from "./round-summary.ts";
import { listTransactions, type TransactionRow } from "./transaction-repository.ts";
import type { WalletGateway } from "./wallet-gateway.ts";

export { GameError } from "../game-error.ts";
export type { RoundDetails, RoundSummary } from "./round-summary.ts";

export interface RoundResult {
  round: RoundSummary;
  /** The player's balance after the request, when known (null while the wallet has not confirmed it). */
  balance: string | null;
}

export interface RoundLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** What the engine asks of the outbox: credits delivered now, and the rest of a round left to it. */
export interface RoundDelivery {
  /**
   * Sends credits the ledger stored already leased to this instance, in order, with quick resends; returns
   * the balance of the last confirmed answer, and whether all were confirmed. What it cannot deliver is
   * handed back to the outbox's backoff.
   */
  deliverLeased(callbacks: ClaimedCallback[]): Promise<{ delivered: boolean; balance?: bigint }>;
  /** Delivers the round's due callbacks now, in order (rollbacks, callbacks left by a failed step). */
  kick(roundId: string): Promise<void>;
  /** Delivers the round's pending callbacks now, in order, without waiting out their backoff. */
  expedite(roundId: string): Promise<void>;
  /** The lease under which the engine stores credits for `deliverLeased`, so the poller leaves them alone. */
  lease(now: Date): { owner: string; until: Date };
}

export interface RoundEngineDeps {
  store: Store;
  clock: Clock;
  wallet: WalletGateway;
  seeds: SeedService;
  outbox: RoundDelivery;
  policy: DebitPolicy;
  logger?: RoundLogger;
  /** The game behind a code; the catalog's registry by default. */
  games?: (code: string) => ResolvedGame | undefined;
}

type AnyStep = Step<unknown, unknown>;

/** A step whose debits are stored and about to be sent: applied to the round only once they all succeed. */
interface PendingStep {
  step: AnyStep;
  position: number;
  entry: RoundAction | undefined;
  debits: TransactionRow[];
  /** The round's next `seq` after the debits. */
  nextSeq: number;
  /** The action, for `onDebitRefused`, when the step came from one. */
  action?: { parsed: unknown; stateBefore: unknown };
}

/** A step applied by the ledger: the round as it now stands and the credits to deliver. */
interface Applied {
  round: RoundRow;
  credits: NewTransactionRow[];
  /** Demo: the virtual balance after the step. */
  demoBalance?: bigint;
}

const silent: RoundLogger = { warn() {}, info() {} };

/**
 * How long a bet waits for the player's previous round of the game to close when its payout is in flight
 * (at most `checks x everyMs`): about the time an instance takes to record a wallet's confirmation under load.
 */
export const SETTLING_WAIT = { checks: 10, everyMs: 50 };

/**
 * Runs game rounds: validates bets, draws from the player's seeds, asks the ledger to store each step's
 * rows and the debit policy to send its debits, and hands credits to the outbox. Demo rounds move their
 * virtual balance inside the ledger's transaction, so a demo bet is one job. See docs/round-engine.md.
 */
export class RoundEngine {
  readonly #store: Store;
  readonly #ledger: Ledger;
  readonly #queries: RoundQueries;
  readonly #clock: Clock;
  readonly #wallet: WalletGateway;
  readonly #seeds: SeedService;
  readonly #outbox: RoundDelivery;
  readonly #policy: DebitPolicy;
  readonly #logger: RoundLogger;
  readonly #games: (code: string) => ResolvedGame | undefined;

  constructor(deps: RoundEngineDeps) {
    this.#store = deps.store;
    this.#ledger = new Ledger(deps.store.writer);
    this.#clock = deps.clock;
    this.#wallet = deps.wallet;
    this.#seeds = deps.seeds;
    this.#outbox = deps.outbox;
    this.#policy = deps.policy;
    this.#logger = deps.logger ?? silent;
    this.#games = deps.games ?? gameForCode;
    this.#queries = new RoundQueries({
      store: deps.store,
      seeds: deps.seeds,
      wallet: deps.wallet,
      game: (code) => this.#game(code),
    });
  }

  async play(
    session: GameSession,
    input: { amount: string; params: unknown; requestKey?: string },
    waited = false,
  ): Promise<RoundResult> {
    const resolved = this.#game(session.gameCode);
    const decimals = decimalsOf(session.currency);
    const bet = validateBet(session, resolved, decimals, input);
    const key =
      input.requestKey === undefined
        ? undefined
        : {
            value: input.requestKey,
            digest: requestDigest({
              mode: session.mode,
              game: session.gameCode,
              stake: bet.stake,
              params: input.params,
            }),
          };
    const now = new Date(this.#clock.now());
    const roundId = randomUUID();
    let opened: { round: RoundRow; pending: PendingStep } | { applied: Applied };
    // The batch takes this bet's nonce, and locks its demo balance, with the other bets' in one statement each.
    const pairId = this.#seeds.hintedPair(session);
    const plan = {
      ...(pairId !== undefined && { nonceOf: pairId }),
      ...(session.mode === "demo" && { demoBalanceOf: session.id }),
    };
    try {
      opened = await this.#ledger.writePlanned(laneOf(session), plan, async (tx) => {
        const planned = pairId === undefined ? undefined : tx.plannedNonce(pairId);
        const seeds = await this.#seeds.allocateNonce(tx.db, session, planned);
        const random = this.#random(seeds, seeds.nonce).reader(0);
        const step = resolved.game.start(
          { stake: bet.stake, params: bet.params, rtp: resolved.rtp, maxWin: session.betLimits.maxWin },
          { random, now: now.getTime() },
        ) as AnyStep;
        if (step.ops[0]?.kind !== "debit") {
          // A cash-out game whose very first step would pay more than the maximum win declines the bet.
          if (step.closed && step.ops.length === 0) {
            throw gameError(
              "max_win_exceeded",
              "Even the first step of this bet would pay more than the maximum win; lower the stake or the risk.",
            );
          }
          throw new Error(`${resolved.info.slug}: a round must open with a debit`);
        }
        const round: RoundRow = {
          id: roundId,
          sessionId: session.id,
          operatorId: session.operatorId,
          playerId: session.playerId,
          mode: session.mode,
          gameCode: session.gameCode,
          currency: session.currency,
          decimals,
          status: "initializing",
          stakeTotal: 0n,
          payoutTotal: 0n,
          params: bet.params,
          state: step.state,
          view: step.view,
          actions: [],
          seedPairId: seeds.seedPairId,
          nonce: seeds.nonce,
          randomPosition: 0,
          deadline: null,
          closeReason: null,
          note: null,
          createdAt: now,
          lastActionAt: now,
          closedAt: null,
          ...(key !== undefined && { requestKey: key.value, requestDigest: key.digest }),
        };
        const pending: PendingStep = {
          step,
          position: random.position,
          entry: undefined,
          debits: [],
          nextSeq: 0,
        };
        if (session.mode === "demo") {
          const applied = await this.#applyDemoStep(tx, round, pending, now, { opens: true });
          if ("refused" in applied) throw applied.refused;
          return { applied };
        }
        const rows = debitRows(round, debitsOf(step.ops), 0, now);
        await tx.insertRound(round);
        await tx.insertTransactions(rows);
        pending.debits = rows.map(asPendingRow);
        pending.nextSeq = rows.length;
        return { round, pending };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (key !== undefined) {
        // A resend: the bet with this key opened its round already (or is opening it right now).
        const prior = await findRoundByRequestKey(this.#store.db, session, key.value);
        if (prior) return replayBet(this.#store.db, prior, key.digest, REFUSALS);
        if (isRequestKeyViolation(error)) throw requestInProgress();
      }
      const active = await this.#queries.unfinished(session);
      // The previous round only waits for its payout or refund: the player is here, so it is sent now
      // rather than after its backoff, and the bet goes ahead once the round has closed. A payout another
      // instance is delivering (it holds the lease) is recorded there a batch after its player was answered,
      // so a bet sent at once through this instance waits a moment for it rather than being refused.
      if (active?.status === "settling" && active.mode === "real" && !waited) {
        await this.#outbox.expedite(active.id);
        for (let check = 0; check <= SETTLING_WAIT.checks; check++) {
          if ((await this.#queries.unfinished(session)) === undefined) return this.play(session, input, true);
          if (check < SETTLING_WAIT.checks) await this.#policy.sleep(SETTLING_WAIT.everyMs);
        }
      }
      throw activeRoundExists(active);
    }
    if ("applied" in opened) return this.#demoResult(opened.applied);
    return this.#runDebits(opened.round, opened.pending, true);
  }

  async act(
    session: GameSession,
    input: { roundId: string; action: string; params?: unknown; requestKey?: string },
  ): Promise<RoundResult> {
    const now = new Date(this.#clock.now());
    const key =
      input.requestKey === undefined
        ? undefined
        : {
            value: input.requestKey,
            digest: requestDigest({ roundId: input.roundId, action: input.action, params: input.params }),
          };
    const outcome = await this.#ledger.write(laneOf(session), async (tx) => {
      const round = await this.#ownRound(tx, session, input.roundId);
      const record = key === undefined ? undefined : actionKeyRecord(round, key.value);
      if (key && record) return { kind: "replay" as const, round, record, digest: key.digest };
      // The action's key is written by the same update that records the action.
      const keyed = (extra: { debits?: string[]; refused?: true } = {}) =>
        key === undefined ? round : withActionKey(round, key.value, { digest: key.digest, ...extra });
      if (round.status === "initializing") throw initializing();
      if (round.status !== "open") throw roundClosed();
      const transactions = await listTransactions(tx.db, round.id);
      if (transactions.some((t) => t.kind === "debit" && t.status === "pending")) {
        throw gameError("round_busy", "The previous action of this round is still being processed.");
      }
      const resolved = this.#game(round.gameCode);
      const { game } = resolved;
      if (!game.act || !game.parseAction) throw gameError("invalid_action", "This game takes no actions.");
      const parsed = game.parseAction({ action: input.action, params: input.params }, round.state, {
        rtp: resolved.rtp,
        decimals: round.decimals,
      });
      if (!parsed.ok) throw gameError("invalid_action", parsed.detail);
      const ctx = await this.#context(tx, round, now);
      const step = game.act(round.state, parsed.value, ctx) as AnyStep;
      const debits = debitsOf(step.ops);
      validateAddedStake(
        session,
        round.decimals,
        debits.reduce((total, d) => total + d.amount, 0n),
      );
      // A round's callbacks reach the wallet in order: a new stake never overtakes an earlier payout or refund.
      if (debits.length > 0 && transactions.some((t) => t.kind !== "debit" && t.status !== "ok")) {
        throw gameError(
          "round_busy",
          "An earlier payout of this round is still being delivered to the wallet; try again in a moment.",
        );
      }
      const entry: RoundAction = {
        type: "act",
        action: input.action,
        ...(input.params !== undefined && { params: input.params }),
        at: now.toISOString(),
      };
      const nextSeq = nextSeqOf(transactions);
      const pending: PendingStep = {
        step,
        position: ctx.random.position,
        entry,
        debits: [],
        nextSeq,
        action: { parsed: parsed.value, stateBefore: round.state },
      };
      if (round.mode === "demo") {
        const applied = await this.#applyDemoStep(tx, keyed(), pending, now);
        if ("refused" in applied) {
          const back = await this.#refusedExtraDebit(tx, keyed({ refused: true }), pending, now);
          return { kind: "refused" as const, round: back.round, error: applied.refused };
        }
        return { kind: "demo" as const, applied };
      }
      if (debits.length > 0) {
        const rows = debitRows(round, debits, nextSeq, now);
        await tx.insertTransactions(rows);
        const { actionKeys } = keyed({ debits: rows.map((row) => row.transactionId) });
        await tx.updateRound(round.id, {
          lastActionAt: now,
          ...(key !== undefined && { actionKeys }),
        });
        pending.debits = rows.map(asPendingRow);
        pending.nextSeq = nextSeq + rows.length;
        return { kind: "debits" as const, round, pending };
      }
      // Credits go out inline only when none of the round's earlier callbacks is still owed: otherwise the
      // outbox sends them after it, in order, and a closing payout never overtakes an earlier one.
      const inOrder = !transactions.some((t) => t.kind !== "debit" && t.status === "pending");
      return {
        kind: "applied" as const,
        applied: await this.#applyStep(tx, keyed(), pending, now, { lease: inOrder }),
        queued: !inOrder,
      };
    });
    switch (outcome.kind) {
      case "replay":
        return replayAction(this.#store.db, outcome.round, outcome.record, outcome.digest, REFUSALS);
      case "demo":
        return this.#demoResult(outcome.applied);
      case "refused":
        throw outcome.error;
      case "debits":
        return this.#runDebits(outcome.round, outcome.pending, false);
      case "applied":
        if (outcome.queued) {
          await this.#kick(outcome.applied.round.id);
          return { round: summarize(outcome.applied.round), balance: null };
        }
        return this.#finish(outcome.applied, undefined);
    }
  }

  current(session: GameSession) {
    return this.#queries.current(session);
  }

  history(session: GameSession, opts: { limit: number; before?: string }) {
    return this.#queries.history(session, opts);
  }

  round(session: GameSession, roundId: string): Promise<RoundDetails> {
    return this.#queries.round(session, roundId);
  }

  /**
   * Settles a round nobody finishes. An opening debit whose outcome was never recorded (the process stopped
   * during the call) is rolled back, closing the round; an extra debit left so is rolled back with the round
   * kept open; then an open round is closed with its game's abandon step.
   */
  async abandon(roundId: string): Promise<void> {
    const now = new Date(this.#clock.now());
    const round = await findRound(this.#store.db, roundId);
    if (!round) return;
    const done = await this.#ledger.write(laneOf(round), async (tx) => {
      const round = await findRound(tx.db, roundId, { forUpdate: true });
      if (!round || (round.status !== "open" && round.status !== "initializing")) return undefined;
      const transactions = await listTransactions(tx.db, round.id);
      const nextSeq = nextSeqOf(transactions);
      const reversed = new Set(transactions.map((t) => t.reverseTransactionId));
      if (round.status === "initializing") {
        const unreversed = transactions.filter(
          (t) =>
            t.kind === "debit" &&
            (t.status === "pending" || t.status === "ok") &&
            !reversed.has(t.transactionId),
        );
        await this.#rollBack(tx, round, unreversed, true, nextSeq, now);
        await tx.updateRound(round.id, {
          status: unreversed.length > 0 ? "settling" : "void",
          closeReason: "abandoned",
          lastActionAt: now,
          ...(unreversed.length === 0 && { closedAt: now }),
        });
        return round;
      }
      const stuck = transactions.filter(
        (t) => t.kind === "debit" && t.status === "pending" && !reversed.has(t.transactionId),
      );
      await this.#rollBack(tx, round, stuck, false, nextSeq, now);
      const ctx = await this.#context(tx, round, now);
      const abandoned = this.#game(round.gameCode).game.abandon(round.state, ctx) as AnyStep;
      // The player is told why the round ended without them, unless the game says more precisely.
      const step = { ...abandoned, note: abandoned.note ?? "abandoned" };
      refuseDebits(step, "abandon");
      const pending: PendingStep = {
        step,
        position: ctx.random.position,
        entry: { type: "abandon", at: now.toISOString() },
        debits: [],
        nextSeq: nextSeq + stuck.length,
      };
      if (round.mode === "demo") {
        await this.#applyDemoStep(tx, round, pending, now, { closeReason: "abandoned" });
        return round;
      }
      await this.#applyStep(tx, round, pending, now, { closeReason: "abandoned", lease: false });
      return round;
    });
    if (done) {
      this.#logger.info({ roundId, gameCode: done.gameCode }, "round abandoned");
      if (done.mode === "real") await this.#kick(done.id);
    }
  }

  /** Time passing in a time-driven game: applied once the round's deadline is due. */
  async tick(roundId: string): Promise<void> {
    const now = new Date(this.#clock.now());
    const found = await findRound(this.#store.db, roundId);
    if (!found) return;
    const done = await this.#ledger.write(laneOf(found), async (tx) => {
      const round = await findRound(tx.db, roundId, { forUpdate: true });
      if (round?.status !== "open" || !round.deadline || round.deadline.getTime() > now.getTime()) {
        return undefined;
      }
      const { game } = this.#game(round.gameCode);
      if (!game.tick) return undefined;
      const ctx = await this.#context(tx, round, now);
      const step = game.tick(round.state, ctx) as AnyStep;
      refuseDebits(step, "tick");
      const transactions = await listTransactions(tx.db, round.id);
      const pending: PendingStep = {
        step,
        position: ctx.random.position,
        entry: { type: "tick", at: now.toISOString() },
        debits: [],
        nextSeq: nextSeqOf(transactions),
      };
      if (round.mode === "demo") {
        await this.#applyDemoStep(tx, round, pending, now);
        return round;
      }
      await this.#applyStep(tx, round, pending, now, { lease: false });
      return round;
    });
    if (done?.mode === "real") await this.#kick(done.id);
  }

  /** Sends a step's stored debits in order, then applies the step or handles the refusal or ambiguity. */
  async #runDebits(round: RoundRow, pending: PendingStep, opening: boolean): Promise<RoundResult> {
    const done: { tx: TransactionRow; outcome: DebitOutcome }[] = [];
    let failure: { tx: TransactionRow; outcome: DebitOutcome } | undefined;
    for (const tx of pending.debits) {
      const outcome = await sendDebit(this.#wallet, round, tx, this.#policy, () =>
        this.#queries.mayResendDebit(tx.transactionId),
      );
      this.#logger.info(
        { roundId: round.id, transactionId: tx.transactionId, outcome: outcome.result.outcome },
        "debit answered",
      );
      if (outcome.result.outcome !== "ok") {
        failure = { tx, outcome };
        break;
      }
      done.push({ tx, outcome });
    }
    const now = new Date(this.#clock.now());
    // A healthy step plans its writes (nothing to read first), so its updates join the batch's own statements.
    const plan = failure === undefined ? {} : undefined;
    const settled = await this.#ledger.writePlanned(laneOf(round), plan, async (ltx) => {
      for (const { tx, outcome } of done) {
        const result = outcome.result as Extract<DebitOutcome["result"], { outcome: "ok" }>;
        const recorded = await ltx.settleDebit(tx.transactionId, {
          status: "ok",
          answer: result.answer ?? null,
          ...(result.raw !== undefined && { raw: result.raw }),
          completedAt: now,
          attempts: outcome.attempts,
          lastError: null,
        });
        // The sweeper found the debit stuck and wrote its rollback: the bet is being returned.
        if (!recorded) return { error: walletUnavailable(opening) };
      }
      const okDebits = done.map((d) => d.tx);
      if (!failure) {
        const current = opening ? round : await this.#lockedRound(ltx, round.id);
        return { applied: await this.#applyStep(ltx, current, pending, now) };
      }
      const { result, attempts, lastError } = failure.outcome;
      if (result.outcome === "refused") {
        const recorded = await ltx.settleDebit(failure.tx.transactionId, {
          status: "refused",
          answer: result.answer ?? null,
          ...(result.raw !== undefined && { raw: result.raw }),
          completedAt: now,
          attempts,
        });
        if (!recorded) return { error: walletUnavailable(opening) };
        await this.#rollBack(ltx, round, okDebits, opening, pending.nextSeq, now);
        if (opening) {
          await ltx.updateRound(round.id, {
            status: okDebits.length > 0 ? "settling" : "void",
            closeReason: "debit_refused",
            ...(okDebits.length === 0 && { closedAt: now }),
          });
        } else {
          await this.#refusedExtraDebit(
            ltx,
            await this.#lockedRound(ltx, round.id),
            pending,
            now,
            okDebits.length,
          );
        }
        return { error: refusal(result.status, result.customUserError), rolledBack: okDebits.length > 0 };
      }
      const reason = result.outcome === "ambiguous" ? result.reason : "unknown";
      await ltx.settleDebit(failure.tx.transactionId, {
        status: "ambiguous",
        lastError: lastError ?? reason,
        attempts,
      });
      this.#logger.warn(
        { roundId: round.id, transactionId: failure.tx.transactionId, reason },
        "debit outcome unknown: rolling it back",
      );
      await this.#rollBack(ltx, round, [...okDebits, failure.tx], opening, pending.nextSeq, now);
      if (opening) {
        await ltx.updateRound(round.id, {
          status: "settling",
          closeReason: "debit_failed",
          note: "bet_cancelled",
        });
      }
      return { error: walletUnavailable(opening), rolledBack: true };
    });
    if ("error" in settled) {
      if (settled.rolledBack !== false) await this.#kick(round.id);
      throw settled.error;
    }
    const lastDebit = done[done.length - 1]?.outcome.result;
    return this.#finish(settled.applied, lastDebit?.outcome === "ok" ? lastDebit.balance : undefined);
  }

  /** Delivers an applied step's credits inline and answers with the round and the balance the wallet gave. */
  async #finish(applied: Applied, debitBalance: bigint | undefined): Promise<RoundResult> {
    let { round } = applied;
    let balance = debitBalance;
    if (applied.credits.length > 0) {
      const delivery = await this.#outbox.deliverLeased(applied.credits.map((row) => claimedOf(round, row)));
      if (delivery.balance !== undefined) balance = delivery.balance;
      const closing = applied.credits.some((c) => c.roundClosed);
      if (delivery.delivered && closing)
        round = { ...round, status: "closed", closedAt: new Date(this.#clock.now()) };
      if (!delivery.delivered) balance = undefined;
    }
    return {
      round: summarize(round),
      balance: balance === undefined ? null : formatAmount(balance, round.decimals),
    };
  }

  #demoResult(applied: Applied): RoundResult {
    return {
      round: summarize(applied.round),
      balance:
        applied.demoBalance === undefined ? null : formatAmount(applied.demoBalance, applied.round.decimals),
    };
  }

  /** The wallet refused a double, split or war: the game puts the round back as it was, still open. */
  async #refusedExtraDebit(
    tx: LedgerTx,
    round: RoundRow,
    pending: PendingStep,
    now: Date,
    rollbacks = 0,
  ): Promise<Applied> {
    const { game } = this.#game(round.gameCode);
    if (!pending.action || !game.onDebitRefused) return { round, credits: [] };
    const ctx = await this.#context(tx, round, now);
    const step = game.onDebitRefused(pending.action.stateBefore, pending.action.parsed, ctx) as AnyStep;
    refuseDebits(step, "onDebitRefused");
    const entry = pending.entry && { ...pending.entry, debitRefused: true };
    const back: PendingStep = {
      step,
      position: ctx.random.position,
      entry,
      debits: [],
      nextSeq: pending.nextSeq + rollbacks,
    };
    if (round.mode === "demo") {
      const applied = await this.#applyDemoStep(tx, round, back, now);
      if ("refused" in applied) throw new Error("an onDebitRefused step must not debit");
      return applied;
    }
    return this.#applyStep(tx, round, back, now, { lease: false });
  }

  /**
   * Applies a step whose debits succeeded: state, view, totals, replay log, and its credits as pending rows,
   * leased to this instance for inline delivery (`lease`) or left for the outbox.
   */
  async #applyStep(
    tx: LedgerTx,
    round: RoundRow,
    pending: PendingStep,
    now: Date,
    opts: { closeReason?: string; lease?: boolean } = {},
  ): Promise<Applied> {
    const { step } = pending;
    const credits = creditsOf(step);
    const rows = creditRows(round, credits, pending.nextSeq, now);
    const lease = opts.lease ?? true;
    const held = lease ? this.#outbox.lease(now) : undefined;
    const leased = held
      ? rows.map((row) => ({ ...row, leaseOwner: held.owner, leaseUntil: held.until }))
      : rows;
    const next = nextRound(round, pending, credits, now, opts.closeReason ?? "completed");
    await tx.insertTransactions(leased);
    await tx.updateRound(round.id, roundPatchOf(next));
    return { round: next, credits: lease ? leased : [] };
  }

  /**
   * Demo: the whole step at once. The virtual balance moves in this transaction (debits first, refused
   * when it would go below zero) and the round (inserted when the step `opens` it) and every row are written
   * settled, so the round closes with its step.
   */
  async #applyDemoStep(
    tx: LedgerTx,
    round: RoundRow,
    pending: PendingStep,
    now: Date,
    opts: { closeReason?: string; opens?: boolean } = {},
  ): Promise<Applied | { refused: GameError }> {
    const { step } = pending;
    const debits = debitsOf(step.ops);
    const credits = creditsOf(step);
    const staked = sum(debits);
    const paid = sum(credits);
    const balance = await tx.moveDemoBalance(round.sessionId, paid - staked, staked);
    if (balance === undefined) {
      return { refused: notEnoughMoney(undefined) };
    }
    const afterDebits = balance - paid;
    const debitTx = debitRows(round, debits, pending.nextSeq, now).map((row) => ({
      ...row,
      status: "ok" as const,
      attempts: 1,
      answer: { status: "OK", balance: formatAmount(afterDebits, round.decimals) },
      completedAt: now,
    }));
    let running = afterDebits;
    const creditTx = creditRows(round, credits, pending.nextSeq + debitTx.length, now).map((row) => {
      running += row.amount;
      return {
        ...row,
        status: "ok" as const,
        attempts: 1,
        nextAttemptAt: null,
        answer: { status: "OK", balance: formatAmount(running, round.decimals) },
        completedAt: now,
      };
    });
    const withDebits: PendingStep = { ...pending, debits: debitTx.map(asPendingRow) };
    const next = nextRound(round, withDebits, credits, now, opts.closeReason ?? "completed");
    const settled: RoundRow = step.closed ? { ...next, status: "closed", closedAt: now } : next;
    if (opts.opens) await tx.insertRound(settled);
    else await tx.updateRound(round.id, roundPatchOf(settled));
    await tx.insertTransactions([...debitTx, ...creditTx]);
    return { round: settled, credits: [], demoBalance: balance };
  }

  /** Writes a rollback for each debit; the last one closes the round when `closesRound`. */
  async #rollBack(
    tx: LedgerTx,
    round: RoundRow,
    debits: TransactionRow[],
    closesRound: boolean,
    seq: number,
    now: Date,
  ): Promise<void> {
    for (const debit of debits) {
      if (debit.status === "pending") await tx.recordOutcome(debit.transactionId, { status: "ambiguous" });
    }
    await tx.insertTransactions(rollbackRows(round, debits, closesRound, seq, now));
  }

  async #kick(roundId: string): Promise<void> {
    try {
      await this.#outbox.kick(roundId);
    } catch (error) {
      // The rows are stored: the outbox's next pass delivers them.
      this.#logger.warn(
        { roundId, err: error },
        "delivering the round's callbacks failed; they will be retried",
      );
    }
  }

  async #ownRound(tx: LedgerTx, session: GameSession, roundId: string): Promise<RoundRow> {
    const round =
      typeof roundId === "string" ? await findRound(tx.db, roundId, { forUpdate: true }) : undefined;
    // A session is bound to its launch's game: its token acts on that game's rounds only.
    const own = (r: RoundRow | undefined): r is RoundRow =>
      isPlayersRound(r, session) && r.gameCode === session.gameCode;
    if (own(round)) return round;
    // A round moved to the history is over, and says so as it did before the move.
    if (!round && typeof roundId === "string" && own(await findAnyRound(tx, roundId))) throw roundClosed();
    throw gameError("round_not_found", `No round ${JSON.stringify(roundId)} of this player in this game.`);
  }

  async #lockedRound(tx: LedgerTx, roundId: string): Promise<RoundRow> {
    const round = await findRound(tx.db, roundId, { forUpdate: true });
    if (!round) throw new Error(`round ${roundId} vanished`);
    return round;
  }

  async #context(tx: LedgerTx, round: RoundRow, now: Date): Promise<StepContext> {
    const seeds = await this.#seeds.roundSeeds(tx.db, round.seedPairId, round.nonce);
    return { random: this.#random(seeds, round.nonce).reader(round.randomPosition), now: now.getTime() };
  }

  #random(seeds: Omit<SeedPair, "nonce">, nonce: number): FairRandom {
    return new FairRandom(nodeHmacSha256, {
      serverSeed: seeds.serverSeed,
      clientSeed: seeds.clientSeed,
      nonce,
    });
  }

  #game(code: string): ResolvedGame {
    const resolved = this.#games(code);
    if (!resolved) throw gameError("unknown_game", `The game ${JSON.stringify(code)} is not available.`);
    return resolved;
  }
}

/** The round after a step: state, view, totals, replay log and status. */
function nextRound(
  round: RoundRow,
  pending: PendingStep,
  credits: Credit[],
  now: Date,
  closeReason: string,
): RoundRow {
  const { step } = pending;
  const entry = pending.entry && {
    ...pending.entry,
    ...(pending.debits.length > 0 && { debits: pending.debits.map((d) => d.transactionId) }),
  };
  return {
    ...round,
    status: step.closed ? "settling" : "open",
    stakeTotal: round.stakeTotal + pending.debits.reduce((total, d) => total + d.amount, 0n),
    payoutTotal: round.payoutTotal + sum(credits),
    state: step.state,
    view: step.view,
    randomPosition: pending.position,
    deadline: step.deadline === undefined ? null : new Date(step.deadline),
    lastActionAt: now,
    actions: entry ? [...round.actions, entry] : round.actions,
    note: step.note !== undefined ? step.note : round.note,
    closeReason: step.closed ? closeReason : round.closeReason,
  };
}

function roundPatchOf(round: RoundRow) {
  return {
    status: round.status,
    stakeTotal: round.stakeTotal,
    payoutTotal: round.payoutTotal,
    state: round.state,
    view: round.view,
    actions: round.actions,
    randomPosition: round.randomPosition,
    deadline: round.deadline,
    lastActionAt: round.lastActionAt,
    note: round.note,
    closeReason: round.closeReason,
    closedAt: round.closedAt,
    ...(round.newActionKeys !== undefined && { actionKeys: round.newActionKeys }),
  };
}

/** A step's credits; a closing step always ends with a credit, also of 0, never with a debit alone. */
function creditsOf(step: AnyStep): Credit[] {
  const credits = step.ops.filter((op): op is Credit => op.kind === "credit");
  if (step.closed && !credits.some((c) => c.closesRound)) {
    credits.push({ kind: "credit", amount: 0n, closesRound: true, reason: "loss" });
  }
  return credits;
}

function debitsOf(ops: WalletOp[]): Debit[] {
  const firstCredit = ops.findIndex((op) => op.kind === "credit");
  if (firstCredit >= 0 && ops.slice(firstCredit).some((op) => op.kind === "debit")) {
    throw new Error("a step's debits must come before its credits");
  }
  return ops.filter((op): op is Debit => op.kind === "debit");
}

/** The `seq` the round's next transaction takes. */
const nextSeqOf = (transactions: TransactionRow[]): number =>
  transactions.reduce((next, t) => Math.max(next, t.seq + 1), 0);

const sum = (ops: { amount: bigint }[]): bigint => ops.reduce((total, op) => total + op.amount, 0n);

function asPendingRow(row: NewTransactionRow): TransactionRow {
  return {
    ...row,
    status: row.status ?? "pending",
    attempts: row.attempts ?? 0,
    leaseOwner: row.leaseOwner ?? null,
    leaseUntil: row.leaseUntil ?? null,
    lastError: null,
    answer: row.answer ?? null,
    completedAt: row.completedAt ?? null,
    alertedAt: null,
  };
}

function claimedOf(round: RoundRow, row: NewTransactionRow): ClaimedCallback {
  return {
    transactionId: row.transactionId,
    roundId: round.id,
    seq: row.seq,
    kind: "credit",
    requestId: row.requestId,
    requestBody: row.requestBody,
    roundClosed: row.roundClosed,
    attempts: 0,
    createdAt: row.createdAt,
    alertedAt: null,
    operatorId: round.operatorId,
    playerId: round.playerId,
    gameCode: round.gameCode,
    mode: round.mode,
    decimals: round.decimals,
  };
}

function refuseDebits(step: AnyStep, where: string): void {
  if (step.ops.some((op) => op.kind === "debit")) throw new Error(`a game's ${where} step must not debit`);
}

function decimalsOf(currency: string): number {
  const found = resolveCurrency(currency);
  if (!found) throw new Error(`unknown session currency ${currency}`);
  return found.decimals;
}

const initializing = () =>
  gameError("round_initializing", "The round is still being set up with the wallet; try again in a moment.");

const roundClosed = () => gameError("round_closed", "This round is over; start a new one.");

function walletUnavailable(opening: boolean): GameError {
  return gameError(
    "wallet_unavailable",
    opening
      ? "The wallet did not confirm the bet, so it was cancelled and any stake taken is returned."
      : "The wallet did not confirm this stake, so the action was cancelled and any stake taken is returned; the round continues.",
  );
}

const notEnoughMoney = (customUserError: string | undefined) =>
  gameError("not_enough_money", "Your balance is too low for this bet.", customUserError);

/** A definite refusal by the wallet, in the player's terms. */
function refusal(status: string, customUserError: string | undefined): GameError {
  switch (status) {
    case "ERROR_NOT_ENOUGH_MONEY":
      return notEnoughMoney(customUserError);
    case "ERROR_PLAYER_DISABLED":
      return gameError("player_disabled", "Your account cannot place bets at the moment.", customUserError);
    case "ERROR_INVALID_SESSION":
    case "ERROR_SESSION_EXPIRED":
      return gameError(
        "session_expired",
        "The casino ended this game session; reopen the game.",
        customUserError,
      );
    default:
      return gameError("bet_refused", `The wallet refused the bet (${status}).`, customUserError);
  }
}

function activeRoundExists(active: RoundRow | undefined): GameError {
  return gameError(
    "active_round_exists",
    active?.status === "open"
      ? "Finish the open round of this game before starting another."
      : "The previous bet of this game is still being settled with the wallet; try again in a moment.",
  );
}

const REFUSALS = { refusal, walletUnavailable };

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}
