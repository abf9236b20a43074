import { performance } from "node:perf_hooks";
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import type { WalletAnswer } from "../wallet/answer.ts";
import type { CallbackKind } from "../wallet/callback-bodies.ts";
import type { WalletClient } from "../wallet/wallet-client.ts";

/**
 * Metrics of the money path: every wallet call, the outbox's backlog and its dead letters and alerts, and
 * the life of rounds. Registered on the app's own registry (see metrics.ts).
 */

/** What the outbox holds right now; computed on each scrape. */
export interface OutboxStats {
  /** Credits and rollbacks not yet delivered (pending). */
  depth: number;
  /** Age of the oldest pending one, 0 when none. */
  oldestPendingSeconds: number;
  /** Dead letters nobody has resolved yet. */
  deadLetters: number;
  /** Pending callbacks past the alert age. */
  alerting: number;
}

export interface WalletMetrics {
  callDuration: Histogram<"callback" | "operator">;
  /** `outcome` ok / refused / ambiguous; `status` the wallet's status, or the reason an answer was ambiguous. */
  callOutcomes: Counter<"callback" | "operator" | "outcome" | "status">;
  retries: Counter<"callback" | "operator">;
  deadLetters: Counter<"callback" | "operator">;
  alerts: Counter<"callback" | "operator">;
  roundsOpened: Counter<"game" | "mode">;
  roundsClosed: Counter<"game" | "mode">;
  roundsAbandoned: Counter<"game" | "mode" | "reason">;
  /** Broken run-time invariants of the round engine (rounds/invariants.ts): each one is a defect to alert on. */
  invariantsBroken: Counter<"invariant" | "mode">;
}

/** Seconds: a wallet round trip is tens of milliseconds when healthy, up to the 5 s time-out when not. */
const CALL_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createWalletMetrics(
  registry: Registry,
  opts: { stats?: () => Promise<OutboxStats> } = {},
): WalletMetrics {
  const registers = [registry];
  const stats = opts.stats;
  if (stats) {
    const gauge = (name: string, help: string, pick: (s: OutboxStats) => number): void => {
      new Gauge({
        name,
        help,
        registers,
        async collect(this: Gauge) {
          this.set(pick(await stats()));
        },
      });
    };
    gauge("outbox_depth", "Credits and rollbacks waiting for delivery.", (s) => s.depth);
    gauge(
      "outbox_oldest_pending_seconds",
      "Age of the oldest credit or rollback waiting for delivery.",
      (s) => s.oldestPendingSeconds,
    );
    gauge("outbox_dead_letters", "Dead letters waiting for a person to resolve them.", (s) => s.deadLetters);
    gauge("outbox_alerting", "Callbacks still failing past the alert age.", (s) => s.alerting);
  }
  return {
    callDuration: new Histogram({
      name: "wallet_call_duration_seconds",
      help: "Duration of wallet callbacks, by callback and operator.",
      labelNames: ["callback", "operator"] as const,
      buckets: CALL_BUCKETS,
      registers,
    }),
    callOutcomes: new Counter({
      name: "wallet_call_outcomes_total",
      help: "Wallet callbacks by outcome and by the wallet's status (or why the answer was ambiguous).",
      labelNames: ["callback", "operator", "outcome", "status"] as const,
      registers,
    }),
    retries: new Counter({
      name: "wallet_call_retries_total",
      help: "Wallet callbacks that were resends of a stored request.",
      labelNames: ["callback", "operator"] as const,
      registers,
    }),
    deadLetters: new Counter({
      name: "outbox_dead_letters_total",
      help: "Credits and rollbacks the wallet refused with HTTP 200 and an error status.",
      labelNames: ["callback", "operator"] as const,
      registers,
    }),
    alerts: new Counter({
      name: "outbox_alerts_total",
      help: "Credits and rollbacks that raised an alert by failing past the alert age.",
      labelNames: ["callback", "operator"] as const,
      registers,
    }),
    roundsOpened: new Counter({
      name: "rounds_opened_total",
      help: "Rounds opened (opening debit accepted).",
      labelNames: ["game", "mode"] as const,
      registers,
    }),
    roundsClosed: new Counter({
      name: "rounds_closed_total",
      help: "Rounds closed.",
      labelNames: ["game", "mode"] as const,
      registers,
    }),
    roundsAbandoned: new Counter({
      name: "rounds_abandoned_total",
      help: "Rounds settled by the sweeper: idle, or stuck while opening.",
      labelNames: ["game", "mode", "reason"] as const,
      registers,
    }),
    invariantsBroken: new Counter({
      name: "round_invariants_broken_total",
      help: "Run-time invariants of the round engine found broken, by invariant and mode.",
      labelNames: ["invariant", "mode"] as const,
      registers,
    }),
  };
}

export interface RoundLabels {
  gameCode: string;
  mode: "demo" | "real";
}

export function countRoundOpened(metrics: WalletMetrics | undefined, round: RoundLabels): void {
  metrics?.roundsOpened.inc({ game: round.gameCode, mode: round.mode });
}

export function countRoundClosed(metrics: WalletMetrics | undefined, round: RoundLabels): void {
  metrics?.roundsClosed.inc({ game: round.gameCode, mode: round.mode });
}

export function countRoundAbandoned(
  metrics: WalletMetrics | undefined,
  round: RoundLabels,
  reason: "idle" | "initializing",
): void {
  metrics?.roundsAbandoned.inc({ game: round.gameCode, mode: round.mode, reason });
}

/** Records one wallet call: its duration and its outcome. */
export function observeWalletCall(
  metrics: WalletMetrics | undefined,
  call: {
    callback: CallbackKind;
    operatorId: string;
    seconds: number;
    answer: WalletAnswer;
    retry?: boolean;
  },
): void {
  if (!metrics) return;
  const labels = { callback: call.callback, operator: call.operatorId };
  metrics.callDuration.observe(labels, call.seconds);
  const status = call.answer.outcome === "ambiguous" ? call.answer.reason : call.answer.status;
  metrics.callOutcomes.inc({ ...labels, outcome: call.answer.outcome, status });
  if (call.retry) metrics.retries.inc(labels);
}

/**
 * A wallet client whose every call is measured. `isRetry` tells, for `send` of a stored body, whether it
 * is a resend (the outbox and the debit retries know; fresh calls never are).
 */
export function instrumentWalletClient(
  client: WalletClient,
  metrics: WalletMetrics,
  opts: { isRetry?: (kind: CallbackKind, requestId: string) => boolean; now?: () => number } = {},
): WalletClient {
  const now = opts.now ?? (() => performance.now());
  async function timed<A extends WalletAnswer, R>(
    callback: CallbackKind,
    retry: boolean,
    call: () => Promise<R>,
    answerOf: (result: R) => A,
  ): Promise<R> {
    const started = now();
    const result = await call();
    observeWalletCall(metrics, {
      callback,
      operatorId: client.operatorId,
      seconds: (now() - started) / 1000,
      answer: answerOf(result),
      retry,
    });
    return result;
  }
  return {
    operatorId: client.operatorId,
    callbackUrl: (kind) => client.callbackUrl(kind),
    send: (kind, body, requestId, decimals) =>
      timed(
        kind,
        opts.isRetry?.(kind, requestId) ?? false,
        () => client.send(kind, body, requestId, decimals),
        (a) => a,
      ),
    authenticate: (input) =>
      timed(
        "authenticate",
        false,
        () => client.authenticate(input),
        (s) => s.answer,
      ),
    balance: (input) =>
      timed(
        "balance",
        false,
        () => client.balance(input),
        (s) => s.answer,
      ),
    debit: (input) =>
      timed(
        "debit",
        false,
        () => client.debit(input),
        (s) => s.answer,
      ),
    credit: (input) =>
      timed(
        "credit",
        false,
        () => client.credit(input),
        (s) => s.answer,
      ),
    rollback: (input) =>
      timed(
        "rollback",
        false,
        () => client.rollback(input),
        (s) => s.answer,
      ),
    close: () => client.close(),
  };
}
