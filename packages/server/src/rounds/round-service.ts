import { randomUUID } from "node:crypto";
import { nodeHmacSha256 } from "@rgs/games/fair/node-hmac";
import { FairRandom, type SeedPair } from "@rgs/games/fair/random";
import type { Step, StepContext, WalletOp } from "@rgs/games/model";
import { gameForCode, type ResolvedGame } from "@rgs/games/registry";
import { resolveCurrency } from "@rgs/protocol/currencies";
import { formatAmount } from "@rgs/protocol/money";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { SeedService } from "../seeds/seed-service.ts";
import type { Store } from "../store/database.ts";
import type { GameSession } from "../store/sessions-repository.ts";
import { creditBody, debitBody, rollbackBody } from "../wallet/callback-bodies.ts";
import { newRequestId } from "../wallet/wallet-client.ts";
import type { DebitResult, WalletGateway } from "../wallet-gateway/gateway.ts";
import { validateBet } from "./bet-validation.ts";
import { type GameError, gameError } from "./game-error.ts";
import {
  type Executor,
  findRound,
  findUnfinishedRound,
  insertRound,
  listFinishedRounds,
  type RoundAction,
  type RoundRow,
  updateRound,
} from "./round-repository.ts";
import { type RoundDetails, type RoundSummary, summarize } from "./round-summary.ts";
import {
  balanceOfAnswer,
  findRollbackOf,
  insertTransaction,
  listTransactions,
  nextSeq,
  recordOutcome,
  type TransactionRow,
} from "./transaction-repository.ts";

export { GameError } from "./game-error.ts";
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

export interface RoundServiceDeps {
  store: Store;
  clock: Clock;
  gateways: { demo: WalletGateway; real: WalletGateway };
  seeds: SeedService;
  outbox: { kick(roundId: string): Promise<void> };
  config: Config;
  logger?: RoundLogger;
  /** The game behind a code; the catalog's registry by default. */
  games?: (code: string) => ResolvedGame | undefined;
}

type AnyStep = Step<unknown, unknown>;
type Debit = Extract<WalletOp, { kind: "debit" }>;
type Credit = Extract<WalletOp, { kind: "credit" }>;

/** A step whose debits are stored and about to be sent: applied to the round only once they all succeed. */
interface PendingStep {
  step: AnyStep;
  position: number;
  entry: RoundAction | undefined;
  debits: TransactionRow[];
  /** The action, for `onDebitRefused`, when the step came from one. */
  action?: { parsed: unknown; stateBefore: unknown };
}

const HISTORY_MAX = 100;
const silent: RoundLogger = { warn() {}, info() {} };

/**
 * Runs game rounds: validates bets, draws from the player's seeds, performs each step's wallet operations in
 * order and keeps the round's state, view and replay log. Debits are sent inline; credits and rollbacks are
 * stored as pending rows and handed to the outbox (real play) or applied at once (demo).
 * See docs/round-engine.md for the states and the debit and rollback policy.
 */
export class RoundService {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #gateways: RoundServiceDeps["gateways"];
  readonly #seeds: SeedService;
  readonly #outbox: RoundServiceDeps["outbox"];
  readonly #logger: RoundLogger;
  readonly #games: (code: string) => ResolvedGame | undefined;

  constructor(deps: RoundServiceDeps) {
    this.#store = deps.store;
    this.#clock = deps.clock;
    this.#gateways = deps.gateways;
    this.#seeds = deps.seeds;
    this.#outbox = deps.outbox;
    this.#logger = deps.logger ?? silent;
    this.#games = deps.games ?? gameForCode;
  }

  async play(session: GameSession, input: { amount: string; params: unknown }): Promise<RoundResult> {
    const resolved = this.#game(session.gameCode);
    const decimals = decimalsOf(session.currency);
    const bet = validateBet(session, resolved, decimals, input);
    const now = new Date(this.#clock.now());
    const roundId = randomUUID();
    let pending: PendingStep;
    let round: RoundRow;
    try {
      ({ pending, round } = await this.#store.db.transaction().execute(async (trx) => {
        await this.#refuseIfActive(trx, session);
        const seeds = await this.#seeds.allocateNonce(trx, session);
        const random = this.#random(seeds, seeds.nonce).reader(0);
        const step = resolved.game.start(
          { stake: bet.stake, params: bet.params, rtp: resolved.rtp, maxWin: session.betLimits.maxWin },
          { random, now: now.getTime() },
        ) as AnyStep;
        const first = step.ops[0];
        if (first?.kind !== "debit") {
          // A cash-out game whose very first step would pay more than the maximum win declines the bet.
          if (step.closed && step.ops.length === 0) {
            throw gameError(
              "max_win_exceeded",
              "Even the first step of this bet would pay more than the maximum win; lower the stake or the risk.",
            );
          }
          throw new Error(`${resolved.info.slug}: a round must open with a debit`);
        }
        const created: RoundRow = {
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
        };
        await insertRound(trx, created);
        const debits = await this.#insertDebits(trx, created, step.ops, now);
        return { round: created, pending: { step, position: random.position, entry: undefined, debits } };
      }));
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw gameError("active_round_exists", "Finish the open round of this game before starting another.");
      }
      throw error;
    }
    return this.#runDebits(session, round, pending, true);
  }

  async act(
    session: GameSession,
    input: { roundId: string; action: string; params?: unknown },
  ): Promise<RoundResult> {
    const now = new Date(this.#clock.now());
    const outcome = await this.#store.db.transaction().execute(async (trx) => {
      const round = await this.#ownRound(trx, session, input.roundId, true);
      if (round.status === "initializing") throw initializing();
      if (round.status !== "open") throw gameError("round_closed", "This round is over; start a new one.");
      if ((await listTransactions(trx, round.id)).some((t) => t.kind === "debit" && t.status === "pending")) {
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
      const ctx = await this.#context(trx, round, now);
      const step = game.act(round.state, parsed.value, ctx) as AnyStep;
      const entry: RoundAction = {
        type: "act",
        action: input.action,
        ...(input.params !== undefined && { params: input.params }),
        at: now.toISOString(),
      };
      const debits = await this.#insertDebits(trx, round, step.ops, now);
      const pending: PendingStep = {
        step,
        position: ctx.random.position,
        entry,
        debits,
        action: { parsed: parsed.value, stateBefore: round.state },
      };
      if (debits.length > 0) {
        await updateRound(trx, round.id, { lastActionAt: now });
        return { round, pending, applied: false };
      }
      await this.#applyStep(trx, round, pending, now);
      return { round, pending, applied: true };
    });
    if (!outcome.applied) return this.#runDebits(session, outcome.round, outcome.pending, false);
    await this.#deliver(outcome.round);
    return this.#result(session, outcome.round.id);
  }

  async current(
    session: GameSession,
  ): Promise<{ balance: string | null; balanceUnavailable?: string; round: RoundSummary | null }> {
    const round = await findUnfinishedRound(this.#store.db, session);
    if (round?.status === "initializing") throw initializing();
    const decimals = decimalsOf(session.currency);
    const read = await this.#gateways[session.mode].balance(session);
    const summary = round ? summarize(round) : null;
    if ("unavailable" in read) return { balance: null, balanceUnavailable: read.unavailable, round: summary };
    return { balance: formatAmount(read.balance, decimals), round: summary };
  }

  async history(
    session: GameSession,
    opts: { limit: number; before?: string },
  ): Promise<{ rounds: RoundSummary[]; next?: string }> {
    const limit = Math.min(Math.max(Math.trunc(opts.limit) || 1, 1), HISTORY_MAX);
    const before = opts.before === undefined ? undefined : decodeCursor(opts.before);
    const rows = await listFinishedRounds(this.#store.db, session, {
      limit: limit + 1,
      ...(before && { before }),
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      rounds: page.map(summarize),
      ...(rows.length > limit && last && { next: encodeCursor(last) }),
    };
  }

  async round(session: GameSession, roundId: string): Promise<RoundDetails> {
    const round = await this.#ownRound(this.#store.db, session, roundId, false);
    if (round.status === "initializing") throw initializing();
    const fairness = await this.#seeds.fairness(this.#store.db, round.seedPairId);
    const closed = round.status === "closed";
    return {
      ...summarize(round),
      params: toPlain(round.params),
      actions: round.actions,
      fairness: { ...fairness, nonce: round.nonce },
      ...(closed && { reveal: toPlain(this.#game(round.gameCode).game.reveal(round.state)) }),
    };
  }

  /**
   * Settles a round nobody finishes. An opening debit whose outcome was never recorded (the process stopped
   * during the call) is rolled back, closing the round; an extra debit left so is rolled back with the round
   * kept open; then an open round is closed with its game's abandon step.
   */
  async abandon(roundId: string): Promise<void> {
    const now = new Date(this.#clock.now());
    const round = await this.#store.db.transaction().execute(async (trx) => {
      const round = await findRound(trx, roundId, { forUpdate: true });
      if (!round || (round.status !== "open" && round.status !== "initializing")) return undefined;
      const transactions = await listTransactions(trx, round.id);
      const reversed = new Set(transactions.map((t) => t.reverseTransactionId));
      if (round.status === "initializing") {
        const unreversed = transactions.filter(
          (t) =>
            t.kind === "debit" &&
            (t.status === "pending" || t.status === "ok") &&
            !reversed.has(t.transactionId),
        );
        await this.#rollBack(trx, round, unreversed, true, now);
        await updateRound(trx, round.id, {
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
      await this.#rollBack(trx, round, stuck, false, now);
      const ctx = await this.#context(trx, round, now);
      const abandoned = this.#game(round.gameCode).game.abandon(round.state, ctx) as AnyStep;
      // The player is told why the round ended without them, unless the game says more precisely.
      const step = { ...abandoned, note: abandoned.note ?? "abandoned" };
      this.#refuseDebits(step, "abandon");
      await this.#applyStep(
        trx,
        round,
        {
          step,
          position: ctx.random.position,
          entry: { type: "abandon", at: now.toISOString() },
          debits: [],
        },
        now,
        "abandoned",
      );
      return round;
    });
    if (round) {
      this.#logger.info({ roundId, gameCode: round.gameCode }, "round abandoned");
      await this.#deliver(round);
    }
  }

  /** Time passing in a time-driven game: applied once the round's deadline is due. */
  async tick(roundId: string): Promise<void> {
    const now = new Date(this.#clock.now());
    const round = await this.#store.db.transaction().execute(async (trx) => {
      const round = await findRound(trx, roundId, { forUpdate: true });
      if (round?.status !== "open" || !round.deadline || round.deadline.getTime() > now.getTime()) {
        return undefined;
      }
      const { game } = this.#game(round.gameCode);
      if (!game.tick) return undefined;
      const ctx = await this.#context(trx, round, now);
      const step = game.tick(round.state, ctx) as AnyStep;
      this.#refuseDebits(step, "tick");
      await this.#applyStep(
        trx,
        round,
        { step, position: ctx.random.position, entry: { type: "tick", at: now.toISOString() }, debits: [] },
        now,
      );
      return round;
    });
    if (round) await this.#deliver(round);
  }

  /** Sends a step's stored debits in order, then applies the step or handles the refusal or ambiguity. */
  async #runDebits(
    session: GameSession,
    round: RoundRow,
    pending: PendingStep,
    opening: boolean,
  ): Promise<RoundResult> {
    const gateway = this.#gateways[round.mode];
    const done: { tx: TransactionRow; result: Extract<DebitResult, { outcome: "ok" }> }[] = [];
    let failure: { tx: TransactionRow; result: Exclude<DebitResult, { outcome: "ok" }> } | undefined;
    for (const tx of pending.debits) {
      const result = await gateway.debit(round, tx);
      this.#logger.info(
        { roundId: round.id, transactionId: tx.transactionId, outcome: result.outcome },
        "debit answered",
      );
      if (result.outcome !== "ok") {
        failure = { tx, result };
        break;
      }
      done.push({ tx, result });
    }
    const now = new Date(this.#clock.now());
    const error = await this.#store.db.transaction().execute(async (trx): Promise<GameError | undefined> => {
      const current = await findRound(trx, round.id, { forUpdate: true });
      if (!current) throw new Error(`round ${round.id} vanished`);
      for (const tx of pending.debits) {
        if (await findRollbackOf(trx, tx.transactionId)) {
          return walletUnavailable(opening);
        }
      }
      for (const { tx, result } of done) {
        await recordOutcome(trx, tx.transactionId, {
          status: "ok",
          answer: result.answer ?? null,
          completedAt: now,
        });
      }
      if (!failure) {
        await this.#applyStep(trx, current, pending, now);
        return undefined;
      }
      const okDebits = done.map((d) => d.tx);
      if (failure.result.outcome === "refused") {
        const refused = failure.result;
        await recordOutcome(trx, failure.tx.transactionId, {
          status: "refused",
          answer: refused.answer ?? null,
          completedAt: now,
        });
        await this.#rollBack(trx, current, okDebits, opening, now);
        if (opening) {
          await updateRound(trx, current.id, {
            status: okDebits.length > 0 ? "settling" : "void",
            closeReason: "debit_refused",
            ...(okDebits.length === 0 && { closedAt: now }),
          });
        } else {
          await this.#refusedExtraDebit(trx, current, pending, now);
        }
        return refusal(refused.status, refused.customUserError);
      }
      await recordOutcome(trx, failure.tx.transactionId, {
        status: "ambiguous",
        lastError: failure.result.reason,
      });
      this.#logger.warn(
        { roundId: round.id, transactionId: failure.tx.transactionId, reason: failure.result.reason },
        "debit outcome unknown: rolling it back",
      );
      await this.#rollBack(trx, current, [...okDebits, failure.tx], opening, now);
      if (opening) {
        await updateRound(trx, current.id, {
          status: "settling",
          closeReason: "debit_failed",
          note: "bet_cancelled",
        });
      }
      return walletUnavailable(opening);
    });
    await this.#deliver(round);
    if (error) throw error;
    return this.#result(session, round.id);
  }

  /** The wallet refused a double, split or war: the game puts the round back as it was, still open. */
  async #refusedExtraDebit(trx: Executor, round: RoundRow, pending: PendingStep, now: Date): Promise<void> {
    const { game } = this.#game(round.gameCode);
    if (!pending.action || !game.onDebitRefused) return;
    const ctx = await this.#context(trx, round, now);
    const step = game.onDebitRefused(pending.action.stateBefore, pending.action.parsed, ctx) as AnyStep;
    this.#refuseDebits(step, "onDebitRefused");
    const entry = pending.entry && { ...pending.entry, debitRefused: true };
    await this.#applyStep(trx, round, { step, position: ctx.random.position, entry, debits: [] }, now);
  }

  /** Applies a step whose debits succeeded: state, view, totals, replay log, and its credits as pending rows. */
  async #applyStep(
    trx: Executor,
    round: RoundRow,
    pending: PendingStep,
    now: Date,
    closeReason = "completed",
  ): Promise<void> {
    const { step } = pending;
    const credits = step.ops.filter((op): op is Credit => op.kind === "credit");
    // Every round ends with a credit, also of 0, never with a debit alone.
    if (step.closed && !credits.some((c) => c.closesRound)) {
      credits.push({ kind: "credit", amount: 0n, closesRound: true, reason: "loss" });
    }
    let seq = await nextSeq(trx, round.id);
    for (const credit of credits) {
      const transactionId = randomUUID();
      const requestId = newRequestId();
      await insertTransaction(trx, {
        transactionId,
        roundId: round.id,
        seq: seq++,
        kind: "credit",
        amount: credit.amount,
        roundClosed: credit.closesRound,
        reverseTransactionId: null,
        requestId,
        requestBody: creditBody({
          requestId,
          playerId: round.playerId,
          transactionId,
          roundId: round.id,
          roundClosed: credit.closesRound,
          gameId: round.gameCode,
          amount: credit.amount,
          decimals: round.decimals,
          metadata: { reason: credit.reason },
        }),
        createdAt: now,
        nextAttemptAt: now,
      });
    }
    const staked = pending.debits.reduce((sum, d) => sum + d.amount, 0n);
    const paid = credits.reduce((sum, c) => sum + c.amount, 0n);
    const entry = pending.entry && {
      ...pending.entry,
      ...(pending.debits.length > 0 && { debits: pending.debits.map((d) => d.transactionId) }),
    };
    await updateRound(trx, round.id, {
      status: step.closed ? "settling" : "open",
      stakeTotal: round.stakeTotal + staked,
      payoutTotal: round.payoutTotal + paid,
      state: step.state,
      view: step.view,
      randomPosition: pending.position,
      deadline: step.deadline === undefined ? null : new Date(step.deadline),
      lastActionAt: now,
      ...(entry && { actions: [...round.actions, entry] }),
      ...(step.note !== undefined && { note: step.note }),
      ...(step.closed && { closeReason }),
    });
  }

  /** Writes a rollback for each debit; the last one closes the round when `closesRound`. */
  async #rollBack(
    trx: Executor,
    round: RoundRow,
    debits: TransactionRow[],
    closesRound: boolean,
    now: Date,
  ): Promise<void> {
    let seq = await nextSeq(trx, round.id);
    for (const [index, debit] of debits.entries()) {
      if (debit.status === "pending") {
        await recordOutcome(trx, debit.transactionId, { status: "ambiguous" });
      }
      const roundClosed = closesRound && index === debits.length - 1;
      const transactionId = randomUUID();
      const requestId = newRequestId();
      await insertTransaction(trx, {
        transactionId,
        roundId: round.id,
        seq: seq++,
        kind: "rollback",
        amount: debit.amount,
        roundClosed,
        reverseTransactionId: debit.transactionId,
        requestId,
        requestBody: rollbackBody({
          requestId,
          playerId: round.playerId,
          transactionId,
          reverseTransactionId: debit.transactionId,
          roundId: round.id,
          roundClosed,
          gameId: round.gameCode,
        }),
        createdAt: now,
        nextAttemptAt: now,
      });
    }
  }

  /** Stores a step's debits as pending rows, before any of them is sent. */
  async #insertDebits(trx: Executor, round: RoundRow, ops: WalletOp[], now: Date): Promise<TransactionRow[]> {
    const firstCredit = ops.findIndex((op) => op.kind === "credit");
    const debits = ops.filter((op): op is Debit => op.kind === "debit");
    if (firstCredit >= 0 && ops.slice(firstCredit).some((op) => op.kind === "debit")) {
      throw new Error(`${round.gameCode}: a step's debits must come before its credits`);
    }
    let seq = await nextSeq(trx, round.id);
    const rows: TransactionRow[] = [];
    for (const debit of debits) {
      const transactionId = randomUUID();
      const requestId = newRequestId();
      const requestBody = debitBody({
        requestId,
        playerId: round.playerId,
        transactionId,
        roundId: round.id,
        gameCode: round.gameCode,
        amount: debit.amount,
        decimals: round.decimals,
        sessionToken: round.sessionId,
        metadata: { reason: debit.reason },
      });
      const row: TransactionRow = {
        transactionId,
        roundId: round.id,
        seq: seq++,
        kind: "debit",
        amount: debit.amount,
        roundClosed: false,
        reverseTransactionId: null,
        requestId,
        requestBody,
        status: "pending",
        attempts: 0,
        nextAttemptAt: null,
        leaseOwner: null,
        leaseUntil: null,
        lastError: null,
        answer: null,
        createdAt: now,
        completedAt: null,
        alertedAt: null,
      };
      await insertTransaction(trx, row);
      rows.push(row);
    }
    return rows;
  }

  /** Hands the round's pending credits and rollbacks on: the outbox for real play, the virtual wallet for demo. */
  async #deliver(round: RoundRow): Promise<void> {
    try {
      if (round.mode === "demo") await this.#gateways.demo.settle(round.id);
      else await this.#outbox.kick(round.id);
    } catch (error) {
      // The rows are stored: the outbox's next pass delivers them.
      this.#logger.warn({ roundId: round.id, err: error }, "settling the round failed; it will be retried");
    }
  }

  async #result(session: GameSession, roundId: string): Promise<RoundResult> {
    const round = await findRound(this.#store.db, roundId);
    if (!round) throw new Error(`round ${roundId} vanished`);
    return { round: summarize(round), balance: await this.#balanceAfter(session, round) };
  }

  /** Demo: the virtual balance. Real: the balance of the wallet's latest confirmed answer for this round. */
  async #balanceAfter(session: GameSession, round: RoundRow): Promise<string | null> {
    if (round.mode === "demo") {
      const read = await this.#gateways.demo.balance(session);
      return "balance" in read ? formatAmount(read.balance, round.decimals) : null;
    }
    const confirmed = (await listTransactions(this.#store.db, round.id)).filter((t) => t.status === "ok");
    for (const tx of confirmed.reverse()) {
      const balance = balanceOfAnswer(tx.answer, round.decimals);
      if (balance !== undefined) return formatAmount(balance, round.decimals);
    }
    return null;
  }

  async #refuseIfActive(trx: Executor, session: GameSession): Promise<void> {
    const active = await findUnfinishedRound(trx, session);
    if (!active) return;
    throw gameError(
      "active_round_exists",
      active.status === "open"
        ? "Finish the open round of this game before starting another."
        : "The previous bet of this game is still being settled with the wallet; try again in a moment.",
    );
  }

  async #ownRound(db: Executor, session: GameSession, roundId: string, lock: boolean): Promise<RoundRow> {
    const round = typeof roundId === "string" ? await findRound(db, roundId, { forUpdate: lock }) : undefined;
    if (
      !round ||
      round.operatorId !== session.operatorId ||
      round.playerId !== session.playerId ||
      round.mode !== session.mode ||
      round.status === "void"
    ) {
      throw gameError("round_not_found", `No round ${JSON.stringify(roundId)} of this player.`);
    }
    return round;
  }

  async #context(db: Executor, round: RoundRow, now: Date): Promise<StepContext> {
    const seeds = await this.#seeds.roundSeeds(db, round.seedPairId, round.nonce);
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

  #refuseDebits(step: AnyStep, where: string): void {
    if (step.ops.some((op) => op.kind === "debit")) throw new Error(`a game's ${where} step must not debit`);
  }
}

function decimalsOf(currency: string): number {
  const found = resolveCurrency(currency);
  if (!found) throw new Error(`unknown session currency ${currency}`);
  return found.decimals;
}

const initializing = () =>
  gameError("round_initializing", "The round is still being set up with the wallet; try again in a moment.");

function walletUnavailable(opening: boolean): GameError {
  return gameError(
    "wallet_unavailable",
    opening
      ? "The wallet did not confirm the bet, so it was cancelled and any stake taken is returned."
      : "The wallet did not confirm this stake, so the action was cancelled and any stake taken is returned; the round continues.",
  );
}

/** A definite refusal by the wallet, in the player's terms. */
function refusal(status: string, customUserError: string | undefined): GameError {
  switch (status) {
    case "ERROR_NOT_ENOUGH_MONEY":
      return gameError("not_enough_money", "Your balance is too low for this bet.", customUserError);
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

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}

function toPlain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)));
}

function encodeCursor(round: RoundRow): string {
  return Buffer.from(`${round.createdAt.toISOString()}|${round.id}`, "utf8").toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at = "", id = ""] = Buffer.from(String(cursor), "base64url").toString("utf8").split("|");
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw gameError("invalid_params", "before is not a cursor from a previous page of the history.");
  }
  return { createdAt, id };
}
