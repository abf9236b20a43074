import { performance } from "node:perf_hooks";
import type { AuditInput, AuditRecorder } from "../audit/audit-log.ts";
import { PollLoop } from "../background/poll-loop.ts";
import type { Clock, Timers } from "../clock.ts";
import { type EventLogger, silentLogger } from "../observability/event-logger.ts";
import { countRoundClosed, observeWalletCall, type WalletMetrics } from "../observability/wallet-metrics.ts";
import { callbackBackoffMs, creditResendDelayMs } from "../rounds/debit-policy.ts";
import { type FailedAttempt, insertFailedAttempts, type Timing, timed } from "../rounds/failed-attempts.ts";
import type { Store } from "../store/database.ts";
import type { WalletAnswer } from "../wallet/answer.ts";
import type { WalletClient } from "../wallet/wallet-client.ts";
import { CallbackLedger, type ClaimedCallback, laneOf } from "./callback-ledger.ts";

export interface OutboxOptions {
  /** Names this instance's leases; unique per running process. */
  instanceId: string;
  /** How long a claim lasts; longer than the callback time-out, so a live instance never loses its claim mid-call. */
  leaseMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A callback still undelivered this long after it was stored raises an alert (it keeps being retried). */
  alertAfterMs: number;
  /** Callbacks claimed per polling pass. */
  batchSize: number;
  pollMs: number;
}

/** Operators a polling pass learns to be waiting out a backoff, at the most. */
const WAITING_MAX = 1_000;
/**
 * How long a delivered callback's confirmation waits for another write of its lane to share a transaction
 * with (under load one always comes first; the player's next bet on this instance carries it too). Until
 * it commits the round reads as settling, which a bet through another instance waits out (SETTLING_WAIT).
 */
const CONFIRMATION_WITHIN_MS = 25;

export const DEFAULT_OUTBOX_OPTIONS: Omit<OutboxOptions, "instanceId"> = {
  leaseMs: 30_000,
  baseDelayMs: 1_000,
  maxDelayMs: 300_000,
  alertAfterMs: 900_000,
  batchSize: 20,
  pollMs: 1_000,
};

export interface OutboxDeps {
  /** `audit` records each dead letter with it. */
  store: Pick<Store, "writer" | "audit">;
  clock: Clock;
  /** The wallet client of an operator, built afresh for each attempt so a new URL or secret applies at once. */
  wallets: (operatorId: string) => Promise<WalletClient>;
  options: OutboxOptions;
  /** Uniform in [0, 1), for the backoff jitter. */
  random?: () => number;
  /** Called once the closing callback of a round is delivered and the round is closed. */
  onRoundSettled?: (roundId: string) => void;
  metrics?: WalletMetrics;
  logger?: EventLogger;
  /** Quick resends of a credit delivered inline (see rounds/debit-policy.ts); none by default. */
  inline?: InlineResends;
  timers?: Timers;
}

export interface InlineResends {
  resends: number;
  delayMs: number;
  sleep: (ms: number) => Promise<void>;
}

type Delivery = "finished" | "retry" | "lost";

/**
 * Durable delivery of credits and rollbacks. The engine stores each one (a pending row holding the exact
 * request body) before anything is sent; the outbox claims due rows, sends the stored body byte for byte
 * (signed afresh) and records the outcome, until the wallet answers HTTP 200:
 * - OK (or ERROR_TRANSACTION_DOES_NOT_EXIST to a rollback): delivered; a round's closing callback closes it;
 * - another status: a dead letter, for a person to resolve (`callbacks` CLI commands);
 * - anything unclear: retried with capped exponential backoff and full jitter, forever, with an alert once
 *   it has failed for `alertAfterMs`.
 * Several instances may run on one database; an instance that dies leaves leases that expire, after
 * which another instance takes its callbacks over.
 */
export class Outbox {
  readonly #ledger: CallbackLedger;
  readonly #audit: AuditRecorder;
  readonly #clock: Clock;
  readonly #wallets: OutboxDeps["wallets"];
  readonly #options: OutboxOptions;
  readonly #random: () => number;
  readonly #onRoundSettled: ((roundId: string) => void) | undefined;
  readonly #metrics: WalletMetrics | undefined;
  readonly #log: EventLogger;
  readonly #loop: PollLoop;
  /** Deliveries this process's polling pass has under way, by round. */
  readonly #inFlight = new Map<string, Promise<unknown>>();
  readonly #recording = new Set<Promise<unknown>>();
  readonly #inline: InlineResends;
  /** Operators whose callbacks wait out a backoff: put back by this instance, or seen by its polling pass. */
  readonly #waiting = new Set<string>();

  constructor(deps: OutboxDeps) {
    validateOptions(deps.options);
    this.#ledger = new CallbackLedger(deps.store.writer);
    this.#audit = deps.store.audit;
    this.#clock = deps.clock;
    this.#wallets = deps.wallets;
    this.#options = deps.options;
    this.#random = deps.random ?? Math.random;
    this.#onRoundSettled = deps.onRoundSettled;
    this.#metrics = deps.metrics;
    this.#log = deps.logger ?? silentLogger;
    this.#inline = deps.inline ?? { resends: 0, delayMs: 0, sleep: async () => {} };
    this.#loop = new PollLoop({
      pass: async () => (await this.runOnce()) >= this.#options.batchSize,
      intervalMs: deps.options.pollMs,
      firstDelayMs: 0,
      failureMessage: "outbox: polling pass failed",
      logger: this.#log,
      ...(deps.timers && { timers: deps.timers }),
    });
  }

  /**
   * Delivers the due callbacks of one round now, in order, stopping at the first that is not answered
   * clearly (the poller retries it). Never throws: whatever is left is delivered by later passes.
   */
  async kick(roundId: string): Promise<void> {
    try {
      await this.#drain(roundId);
      // This process's polling pass may have claimed the round's callback just before this request did:
      // wait for that delivery and send what follows it, so a healthy round is settled when the player's
      // request answers instead of staying "settling" and blocking the next bet.
      const polled = this.#inFlight.get(roundId);
      if (polled !== undefined) {
        await polled.catch(() => undefined);
        await this.#drain(roundId);
      }
    } catch (error) {
      this.#log.error({ roundId, err: error }, "outbox: delivering the round's callbacks failed");
    }
  }

  /**
   * A player waits to bet again on this round's game: its callbacks are sent now, in order, without waiting
   * out their backoff (one attempt each; a failure goes back to the backoff). Never throws.
   */
  async expedite(roundId: string): Promise<void> {
    try {
      await this.#drain(roundId, true);
    } catch (error) {
      this.#log.error({ roundId, err: error }, "outbox: delivering the round's callbacks failed");
    }
  }

  /**
   * The operator's wallet answered a call clearly: it is back. The callbacks this instance left waiting out
   * their backoff (a rollback queued during an outage) are made due and sent now, rather than minutes later
   * while the player is kept from betting on that game. Never throws.
   */
  walletAnswered(operatorId: string): void {
    if (!this.#waiting.delete(operatorId)) return;
    const work = (async () => {
      const now = new Date(this.#clock.now());
      const due = await this.#ledger.write("outbox", (tx) => tx.makeDue(operatorId, now));
      if (due > 0) {
        this.#log.info(
          { operatorId, due },
          "outbox: the wallet answers again; its waiting callbacks are due",
        );
        await this.runOnce();
      }
    })().catch((error: unknown) => {
      // They stay due at their backoff time: the poller sends them then.
      this.#waiting.add(operatorId);
      this.#log.error({ operatorId, err: error }, "outbox: making the operator's callbacks due failed");
    });
    const tracked = work.finally(() => this.#recording.delete(tracked));
    this.#recording.add(tracked);
  }

  /** One polling pass: claims up to `batchSize` due callbacks and delivers them; returns the attempts made. */
  async runOnce(): Promise<number> {
    const claimed = await this.#claim(this.#options.batchSize);
    const attempts = await Promise.all(
      claimed.map((callback) =>
        this.#track(
          callback.roundId,
          (async () => {
            const delivery = await this.#deliver(callback);
            // The round's next callback was waiting for this one: send it now rather than a pass later.
            return delivery === "finished" ? 1 + (await this.#drain(callback.roundId)) : 1;
          })(),
        ),
      ),
    );
    return attempts.reduce((sum, n) => sum + n, 0);
  }

  /** Polls every `pollMs`, at once again while passes come back full. */
  start(): void {
    this.#loop.start();
  }

  /** Stops polling and waits for the pass in progress; deliveries started by `kick` finish on their own. */
  async stop(): Promise<void> {
    await this.#loop.stop();
    await this.settled();
  }

  #track<T>(roundId: string, work: Promise<T>): Promise<T> {
    const tracked = work.finally(() => {
      if (this.#inFlight.get(roundId) === tracked) this.#inFlight.delete(roundId);
    });
    this.#inFlight.set(roundId, tracked);
    return tracked;
  }

  async #drain(roundId: string, early = false): Promise<number> {
    let attempts = 0;
    for (;;) {
      const [callback] = await this.#claim(1, roundId, early);
      if (callback === undefined) return attempts;
      attempts++;
      if ((await this.#deliver(callback)) !== "finished") return attempts;
    }
  }

  #claim(limit: number, roundId?: string, early = false): Promise<ClaimedCallback[]> {
    const now = this.#clock.now();
    return this.#ledger.write(roundId ?? "outbox", async (tx) => {
      const claimed = await tx.claimDue({
        now: new Date(now),
        owner: this.#options.instanceId,
        leaseUntil: new Date(now + this.#options.leaseMs),
        limit,
        ...(roundId !== undefined && { roundId }),
        ...(early && { early }),
      });
      // The polling pass also learns which operators' callbacks wait out a backoff on any instance, so that
      // a wallet answering this one makes them due (walletAnswered), not only those this instance put back.
      if (roundId === undefined) {
        for (const operatorId of await tx.operatorsBackingOff(new Date(now), WAITING_MAX)) {
          this.#waiting.add(operatorId);
        }
      }
      return claimed;
    });
  }

  async #deliver(callback: ClaimedCallback): Promise<Delivery> {
    const sent = await this.#send(callback);
    if ("error" in sent) return this.#retry(callback, traceOf(callback), sent);
    return this.#record(callback, sent);
  }

  /**
   * Delivers credits the engine stored already leased to this instance, in order, with quick resends of an
   * unclear answer: the player's request waits for them, so a healthy round is settled when it answers.
   * A confirmation is recorded in the ledger's next batch, off the answer path (the player's next write
   * shares the lane, so it cannot overtake it). What is not confirmed goes back to the outbox's backoff.
   */
  async deliverLeased(callbacks: ClaimedCallback[]): Promise<{ delivered: boolean; balance?: bigint }> {
    let balance: bigint | undefined;
    for (const [index, first] of callbacks.entries()) {
      let callback = first;
      let sent = await this.#send(callback);
      for (let resend = 1; resend <= this.#inline.resends && !isClear(sent); resend++) {
        await this.#inline.sleep(creditResendDelayMs({ retryDelayMs: this.#inline.delayMs }, resend));
        // The quick resends may outlast the lease: it is renewed, so the poller never sends the same
        // callback at the same time. A lease already lost means another instance has it: stop here.
        const pendingIds = callbacks.slice(index).map((c) => c.transactionId);
        const { until } = this.lease(new Date(this.#clock.now()));
        const failed = failedAttempt(callback, sent);
        const held = await this.#ledger.write(laneOf(callback), async (tx) => {
          const renewed = await tx.renewLeases(pendingIds, this.#options.instanceId, until);
          if (renewed && failed !== undefined) await insertFailedAttempts(tx.db, [failed]);
          return renewed;
        });
        if (!held) return { delivered: false, ...(balance !== undefined && { balance }) };
        callback = { ...callback, attempts: callback.attempts + 1 };
        sent = await this.#send(callback);
      }
      if ("answer" in sent && sent.answer.outcome === "ok") {
        const { answer } = sent;
        this.#background(this.#record(callback, sent));
        if (answer.balanceMinor !== undefined) balance = answer.balanceMinor;
        continue;
      }
      const rest = callbacks.slice(index + 1);
      if ("answer" in sent) await this.#record(callback, sent);
      else await this.#retry(callback, traceOf(callback), sent);
      if (rest.length > 0) {
        const now = new Date(this.#clock.now());
        await this.#ledger.write(laneOf(callback), (tx) =>
          tx.releaseLeases(
            rest.map((c) => c.transactionId),
            this.#options.instanceId,
            now,
          ),
        );
      }
      return { delivered: false, ...(balance !== undefined && { balance }) };
    }
    return { delivered: true, ...(balance !== undefined && { balance }) };
  }

  /**
   * At shutdown, after `stop`: every callback this instance still holds (a delivery cut short by the grace
   * period, a confirmation that could not be recorded) is handed back, due at once, so another instance
   * sends it now rather than when the lease runs out. The wallet answers a resent callback idempotently.
   */
  async releaseClaims(): Promise<number> {
    const now = new Date(this.#clock.now());
    const released = await this.#ledger.write("outbox", (tx) =>
      tx.releaseAllLeases(this.#options.instanceId, now),
    );
    if (released > 0) this.#log.info({ released }, "outbox: claims handed back at shutdown");
    return released;
  }

  lease(now: Date): { owner: string; until: Date } {
    return { owner: this.#options.instanceId, until: new Date(now.getTime() + this.#options.leaseMs) };
  }

  /** Waits for the confirmations still being recorded (at shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.#recording]);
  }

  #background(work: Promise<unknown>): void {
    const tracked = work
      .catch((error: unknown) => {
        // The lease expires and the outbox sends the callback again; the wallet answers it idempotently.
        this.#log.error({ err: error }, "outbox: recording a delivered callback failed; it will be resent");
      })
      .finally(() => this.#recording.delete(tracked));
    this.#recording.add(tracked);
  }

  async #send(callback: ClaimedCallback): Promise<Sent> {
    const started = this.#clock.now();
    try {
      const wallet = await this.#wallets(callback.operatorId);
      const call = performance.now();
      const { value: answer, ...timing } = await timed(this.#clock, () =>
        wallet.send(callback.kind, callback.requestBody, callback.requestId, callback.decimals),
      );
      observeWalletCall(this.#metrics, {
        callback: callback.kind,
        operatorId: callback.operatorId,
        seconds: (performance.now() - call) / 1000,
        answer,
        retry: callback.attempts > 0,
      });
      if (answer.outcome !== "ambiguous") return { answer, ...timing };
      return {
        error: `${answer.reason}: ${answer.detail}`,
        ...(answer.httpStatus !== undefined && { httpStatus: answer.httpStatus }),
        ...(answer.raw !== undefined && { raw: answer.raw }),
        ...timing,
      };
    } catch (error) {
      // No wallet to call (unknown operator, no callback URL or secret): a setting a person can fix, so retried.
      const detail = error instanceof Error ? error.message : String(error);
      return {
        error: `wallet_unavailable: ${detail}`,
        sentAt: new Date(started),
        latencyMs: Math.max(0, this.#clock.now() - started),
      };
    }
  }

  async #record(callback: ClaimedCallback, sent: Answered): Promise<Delivery> {
    const { answer, latencyMs } = sent;
    const trace = traceOf(callback);
    const leased = { transactionId: callback.transactionId, owner: this.#options.instanceId };
    const now = new Date(this.#clock.now());
    if (answer.outcome === "ok") {
      const { recorded, closedRound } = await this.#ledger.writeSoon(
        laneOf(callback),
        (tx) =>
          tx.recordDelivered(
            {
              ...leased,
              roundId: callback.roundId,
              roundClosed: callback.roundClosed,
              kind: callback.kind,
              attempts: callback.attempts + 1,
            },
            { now, answer: answer.raw, latencyMs },
          ),
        CONFIRMATION_WITHIN_MS,
      );
      if (!recorded) return this.#lost(trace);
      this.#log.info({ ...trace, status: answer.status }, "outbox: callback delivered");
      if (closedRound) {
        countRoundClosed(this.#metrics, callback);
        this.#log.info({ roundId: callback.roundId }, "outbox: round closed");
        this.#onRoundSettled?.(callback.roundId);
      }
      return "finished";
    }
    const recorded = await this.#ledger.write(laneOf(callback), async (tx) => {
      const dead = await tx.recordDead(
        { ...leased, attempts: callback.attempts + 1 },
        { status: deadLetterReason(answer.status), answer: answer.raw, latencyMs },
      );
      if (dead) await this.#audit.record(deadLetterEvent(callback, answer.status, now), { db: tx.db });
      return dead;
    });
    if (!recorded) return this.#lost(trace);
    this.#metrics?.deadLetters.inc({ callback: callback.kind, operator: callback.operatorId });
    this.#log.error(
      { ...trace, status: answer.status, reason: deadLetterReason(answer.status) },
      "outbox: the wallet refused the callback; it is a dead letter until a person resolves it",
    );
    return "finished";
  }

  async #retry(callback: ClaimedCallback, trace: object, failure: Failed): Promise<Delivery> {
    const { error } = failure;
    const nowMs = this.#clock.now();
    const delay = callbackBackoffMs(callback.attempts + 1, this.#options, this.#random);
    const alert =
      callback.alertedAt === null && nowMs - callback.createdAt.getTime() >= this.#options.alertAfterMs;
    const recorded = await this.#ledger.write(laneOf(callback), async (tx) => {
      const held = await tx.recordRetry(
        {
          transactionId: callback.transactionId,
          owner: this.#options.instanceId,
          attempts: callback.attempts + 1,
        },
        {
          nextAttemptAt: new Date(nowMs + delay),
          error,
          ...(alert && { alertedAt: new Date(nowMs) }),
        },
      );
      if (held) await insertFailedAttempts(tx.db, [failedAttempt(callback, failure)]);
      return held;
    });
    if (!recorded) return this.#lost(trace);
    this.#waiting.add(callback.operatorId);
    this.#log.warn(
      { ...trace, error, retryInMs: delay },
      "outbox: no clear answer; the callback will be resent",
    );
    if (alert) {
      this.#metrics?.alerts.inc({ callback: callback.kind, operator: callback.operatorId });
      this.#log.error(
        { ...trace, error, pendingSinceMs: nowMs - callback.createdAt.getTime() },
        "outbox: ALERT: callback still undelivered past the alert age; it keeps being retried",
      );
    }
    return "retry";
  }

  #lost(trace: object): Delivery {
    this.#log.warn(
      trace,
      "outbox: the claim expired during the call; another instance owns the callback now",
    );
    return "lost";
  }
}

/**
 * What a person reading a dead letter needs to know. A refused signature is a configuration fault, not the
 * wallet's verdict on the payout: it names the secret, so the fix (and then `callbacks retry`) is plain.
 */
function deadLetterReason(status: string): string {
  return status === "ERROR_INVALID_SIGNATURE"
    ? "wallet_signature_refused: the wallet refused the RGS's signature; check the operator's callback secret (and the previous one during a rotation's grace period), then retry the callback"
    : status;
}

function traceOf(callback: ClaimedCallback) {
  return {
    transactionId: callback.transactionId,
    roundId: callback.roundId,
    operatorId: callback.operatorId,
    kind: callback.kind,
    attempt: callback.attempts + 1,
  };
}

/** An answer that settles a callback either way (confirmed or refused); anything else is resent. */
type ClearAnswer = Exclude<WalletAnswer, { outcome: "ambiguous" }>;
type Answered = { answer: ClearAnswer } & Timing;
/** A send with no clear answer: what went wrong, and what arrived if anything did. */
type Failed = { error: string; httpStatus?: number; raw?: string } & Timing;
type Sent = Answered | Failed;

const isClear = (sent: Sent): boolean => "answer" in sent;

/** The failed attempt a send was, for the round's timeline; undefined when it got a clear answer. */
function failedAttempt(callback: ClaimedCallback, sent: Failed): FailedAttempt;
function failedAttempt(callback: ClaimedCallback, sent: Sent): FailedAttempt | undefined;
function failedAttempt(callback: ClaimedCallback, sent: Sent): FailedAttempt | undefined {
  if ("answer" in sent) return undefined;
  return {
    transactionId: callback.transactionId,
    attempt: callback.attempts + 1,
    sentAt: sent.sentAt,
    latencyMs: sent.latencyMs,
    error: sent.error,
    ...(sent.httpStatus !== undefined && { httpStatus: sent.httpStatus }),
    ...(sent.raw !== undefined && { answer: sent.raw }),
  };
}

function validateOptions(options: OutboxOptions): void {
  if (typeof options.instanceId !== "string" || options.instanceId === "") {
    throw new TypeError("instanceId must be a non-empty string");
  }
  for (const name of [
    "leaseMs",
    "baseDelayMs",
    "maxDelayMs",
    "alertAfterMs",
    "batchSize",
    "pollMs",
  ] as const) {
    const value = options[name];
    if (!Number.isInteger(value) || value <= 0) {
      throw new RangeError(`${name} must be a positive integer, got ${value}`);
    }
  }
}

/** The audit event of a dead letter, recorded with it: which callback of which round the wallet refused. */
function deadLetterEvent(callback: ClaimedCallback, status: string, now: Date): AuditInput {
  return {
    operatorId: callback.operatorId,
    kind: "callback.dead",
    at: now,
    data: {
      transactionId: callback.transactionId,
      roundId: callback.roundId,
      playerId: callback.playerId,
      kind: callback.kind,
      roundClosed: callback.roundClosed,
      status,
    },
  };
}
