import { ConfigError, type RunReport, redact, resolveOptions, type TesterConfig } from "@rgs/tester";
import type { ParsedArgs } from "@rgs/tester/config";
import type { AuditRecorder } from "../audit/audit-log.ts";
import { type Clock, systemTimers, type Timers } from "../clock.ts";
import type { Operator, OperatorCredentials } from "../store/operators-repository.ts";
import { type HostResolver, systemResolver } from "../wallet/private-network.ts";
import type { Certification, CertificationRepository } from "./certification-repository.ts";
import type { CertificationRuns, RunEnd, RunLease, RunState } from "./certification-runs.ts";
import { OperatorError } from "./operator-error.ts";
import { refusePrivateCallback } from "./private-callback.ts";
import { TESTER_RUN_TIMEOUT_MS, type TesterRun, TesterThreads } from "./tester-thread.ts";
import type { Environment } from "./validation.ts";

/** Tester runs at once in one process unless told otherwise. */
export const MAX_TESTER_RUNS = 2;

/**
 * A run's lease outlasts its timeout by this much: the thread's start-up, recording the report and the
 * clocks of two instances disagreeing a little all fit in it, so a live run never loses its lease.
 */
export const LEASE_MARGIN_MS = 60_000;

/** The tester's inputs that the RGS does not know: the wallet's test players. */
export interface CertifyRequest {
  operatorId: string;
  playerId: string;
  secondPlayerId?: string;
  /** Currency of the test players; USD when absent. */
  currency?: string;
  /** Also run the free-round checks, which an operator needs passed to create campaigns in production. */
  freeRounds?: boolean;
}

/** Where an operator stands: whether its current callback URL is certified, and by which run. */
export interface CertificationStatus {
  callbackUrl: string | null;
  /** The latest run against the current callback URL passed. */
  certified: boolean;
  /** Production refuses real play without it; staging only shows it. */
  requiredForRealPlay: boolean;
  /** The latest run against the current callback URL, if any (it decides). */
  latest: Certification | undefined;
}

export type { TesterRun } from "./tester-thread.ts";

/** What certification needs of the operator service. */
export interface CertificationOperators {
  get(id: string): Promise<Operator | undefined>;
  credentials(id: string): Promise<OperatorCredentials | undefined>;
}

/**
 * Certification before production (SPEC "Onboarding data": all Happy Path tester cases pass before
 * production): runs the integration tester against the operator's callback URL, signed with the
 * secret the RGS signs callbacks with, and records the result. The latest run against the current
 * callback URL decides; a run of another URL says nothing about this one.
 */
export class CertificationService {
  readonly #operators: CertificationOperators;
  readonly #certifications: CertificationRepository;
  readonly #audit: AuditRecorder;
  readonly #clock: Clock;
  readonly #environment: Environment;
  readonly #timeoutMs: number;
  readonly #runTester: TesterRun;
  /** The worker threads runs go to unless a run function is given. */
  readonly #threads: TesterThreads | undefined;
  readonly #resolveHost: HostResolver;
  /**
   * Operators being certified by this process. The lease in the store keeps one run per operator across
   * instances; this set only counts this process's runs against its cap and refuses a second start here
   * without asking the store.
   */
  readonly #running = new Set<string>();
  /**
   * Runs at once in this process: each holds a thread, its heap and sockets on this host, so the cap is
   * per process by design (other instances have their own hosts' CPU and memory).
   */
  readonly #maxRuns: number;
  readonly #runs: CertificationRuns;
  readonly #instanceId: string;
  readonly #leaseMs: number;
  /** Runs still going, so that closing waits for their outcome to be recorded. */
  readonly #inFlight = new Set<Promise<unknown>>();

  constructor(deps: {
    operators: CertificationOperators;
    certifications: CertificationRepository;
    /** The leases of runs, shared by every instance on the store. */
    runs: CertificationRuns;
    /** Names this process on the leases it holds (the page shows where a run goes on). */
    instanceId: string;
    audit: AuditRecorder;
    clock: Clock;
    environment: Environment;
    /** Per callback: the time the RGS itself gives the wallet to answer. */
    timeoutMs: number;
    /** Runs the tester; by default in a worker thread of its own (tester-thread.ts). */
    runTester?: TesterRun;
    /** Timers of the run timeout of those threads (the system's by default). */
    timers?: Timers;
    /** How long a run in a thread may take before it is stopped; TESTER_RUN_TIMEOUT_MS by default. */
    runTimeoutMs?: number;
    /** How host names are resolved where private addresses are refused (the system's by default). */
    resolveHost?: HostResolver;
    /** Tester runs at once in this process (of different operators); MAX_TESTER_RUNS by default. */
    maxRuns?: number;
  }) {
    this.#maxRuns = deps.maxRuns ?? MAX_TESTER_RUNS;
    this.#operators = deps.operators;
    this.#certifications = deps.certifications;
    this.#audit = deps.audit;
    this.#clock = deps.clock;
    this.#environment = deps.environment;
    this.#timeoutMs = deps.timeoutMs;
    if (deps.runTester === undefined) {
      const threads = new TesterThreads({
        timers: deps.timers ?? systemTimers,
        ...(deps.runTimeoutMs !== undefined && { runTimeoutMs: deps.runTimeoutMs }),
      });
      this.#threads = threads;
      this.#runTester = threads.run;
    } else {
      this.#threads = undefined;
      this.#runTester = deps.runTester;
    }
    this.#resolveHost = deps.resolveHost ?? systemResolver;
    this.#runs = deps.runs;
    this.#instanceId = deps.instanceId;
    this.#leaseMs = (deps.runTimeoutMs ?? TESTER_RUN_TIMEOUT_MS) + LEASE_MARGIN_MS;
  }

  /** Runs the whole tester against the operator's callback URL and records the run, passed or not. */
  async certify(request: CertifyRequest): Promise<{ certification: Certification; report: RunReport }> {
    return (await this.start(request)).done;
  }

  /**
   * Checks the request and starts the run: refusals arrive here, before anything is sent; `done` settles
   * with the recorded run (the back office answers at once and lets its page ask again).
   */
  async start(
    request: CertifyRequest,
  ): Promise<{ done: Promise<{ certification: Certification; report: RunReport }> }> {
    const operator = await this.#operator(request.operatorId);
    const callbackUrl = operator.callbackUrl;
    if (!callbackUrl) {
      throw new OperatorError(
        "callback_url_required",
        `Operator ${operator.id} has no callback URL to certify: set it first with \`npm run rgs -- operator update ${operator.id} --callback-url <url>\`.`,
      );
    }
    const credentials = await this.#operators.credentials(operator.id);
    if (!credentials) throw unknownOperator(operator.id);
    const config = testerConfig(request, callbackUrl, credentials.callbackSecret, this.#timeoutMs);
    // Production sends certification calls where it sends callbacks: to public addresses only, unless the
    // operator's wallet is allowed on a private network.
    const guarded = this.#environment === "production" && !operator.allowPrivateNetwork;
    if (guarded) await refusePrivateCallback(callbackUrl, this.#resolveHost);

    if (this.#running.has(operator.id)) throw inProgress(operator.id);
    if (this.#running.size >= this.#maxRuns) {
      throw new OperatorError(
        "tester_busy",
        `${this.#running.size} tester runs are going on on this instance; start this one when one of them has finished.`,
      );
    }
    this.#running.add(operator.id);
    const lease = await this.#acquire(operator.id);
    const done = this.#run(operator, config, credentials.callbackSecret, callbackUrl, guarded, lease);
    const settled = done.then(
      () => undefined,
      () => undefined,
    );
    this.#inFlight.add(settled);
    void settled.then(() => this.#inFlight.delete(settled));
    return { done };
  }

  /** The operator's run going on (on any instance) and how its last run ended. */
  async state(operatorId: string): Promise<RunState> {
    return this.#runs.state(operatorId, this.#now());
  }

  /** Takes the operator's lease for a run starting now, or refuses when another run holds it. */
  async #acquire(operatorId: string): Promise<RunLease> {
    const lease = { operatorId, instanceId: this.#instanceId, startedAt: this.#now() };
    let taken = false;
    try {
      taken = await this.#runs.acquire({
        ...lease,
        expiresAt: new Date(lease.startedAt.getTime() + this.#leaseMs),
      });
    } finally {
      if (!taken) this.#running.delete(operatorId);
    }
    if (!taken) throw inProgress(operatorId);
    return lease;
  }

  /** Runs the tester and records the run; however it ends, the lease is released with its outcome. */
  async #run(
    operator: Operator,
    config: TesterConfig,
    secret: string,
    callbackUrl: string,
    guarded: boolean,
    lease: RunLease,
  ): Promise<{ certification: Certification; report: RunReport }> {
    let result: { certification: Certification; report: RunReport };
    try {
      result = await this.#certifyRun(operator, config, secret, callbackUrl, guarded);
    } catch (error) {
      await this.#release(lease, endOf(error, secret));
      throw error;
    }
    const passed = result.certification.passed;
    await this.#release(lease, { outcome: passed ? "ok" : "failed", errorCode: null, detail: null });
    return result;
  }

  async #release(lease: RunLease, end: Omit<RunEnd, "finishedAt">): Promise<void> {
    // A release that fails leaves the lease to expire by itself; the run's own result stands either way.
    await this.#runs.release(lease, { ...end, finishedAt: this.#now() }).catch(() => undefined);
    this.#running.delete(lease.operatorId);
  }

  async #certifyRun(
    operator: Operator,
    config: TesterConfig,
    secret: string,
    callbackUrl: string,
    guarded: boolean,
  ): Promise<{ certification: Certification; report: RunReport }> {
    const startedAt = this.#now();
    const raw = await this.#runTester(config, {
      clock: this.#clock,
      guarded,
      resolveHost: this.#resolveHost,
    });
    const report = redact(raw, secret);
    const certification = await this.#certifications.record({
      operatorId: operator.id,
      callbackUrl,
      playerId: config.playerId,
      secondPlayerId: config.secondPlayerId ?? null,
      currency: config.currency,
      startedAt,
      finishedAt: this.#now(),
      passed: report.passed,
      categories: report.categories,
      totals: report.totals,
      failedChecks: report.checks.filter((check) => check.outcome === "fail").map((check) => check.id),
      testerVersion: report.tool.version,
      report,
    });
    await this.#audit.record({
      operatorId: operator.id,
      kind: "operator.certification",
      data: {
        certificationId: certification.id,
        callbackUrl,
        passed: certification.passed,
        playerId: certification.playerId,
        secondPlayerId: certification.secondPlayerId,
        currency: certification.currency,
        totals: certification.totals,
        categories: certification.categories,
        failedChecks: certification.failedChecks,
        tester: report.tool,
      },
    });
    return { certification, report };
  }

  /**
   * Stops the runs still going (at shutdown): they end refused, with no certification recorded, and their
   * leases released as stopped before this returns (so before the store closes).
   */
  async close(): Promise<void> {
    await this.#threads?.close();
    await Promise.all(this.#inFlight);
  }

  /** The operator's runs, newest first. */
  async list(operatorId: string): Promise<Certification[]> {
    const operator = await this.#operator(operatorId);
    return this.#certifications.list(operator.id);
  }

  /** The stored tester report of one run of the operator. */
  async report(operatorId: string, certificationId: string): Promise<RunReport> {
    const operator = await this.#operator(operatorId);
    const report = await this.#certifications.report(operator.id, certificationId);
    if (!report) {
      throw new OperatorError(
        "unknown_certification",
        `Operator ${operator.id} has no certification ${JSON.stringify(certificationId.slice(0, 40))}; \`npm run rgs -- operator certifications ${operator.id}\` lists them.`,
      );
    }
    return report;
  }

  async status(operator: Operator): Promise<CertificationStatus> {
    const latest = operator.callbackUrl
      ? await this.#certifications.latestFor(operator.id, operator.callbackUrl)
      : undefined;
    return {
      callbackUrl: operator.callbackUrl,
      certified: latest?.passed === true,
      requiredForRealPlay: this.#environment === "production",
      latest,
    };
  }

  async #operator(id: string): Promise<Operator> {
    const operator = typeof id === "string" ? await this.#operators.get(id) : undefined;
    if (!operator) throw unknownOperator(id);
    return operator;
  }

  #now(): Date {
    return new Date(this.#clock.now());
  }
}

/** The tester's own validation of its inputs, so the messages name the same flags as the tester's. */
function testerConfig(
  request: CertifyRequest,
  callbackUrl: string,
  secret: string,
  timeoutMs: number,
): TesterConfig {
  const values: ParsedArgs["values"] = {
    walletUrl: callbackUrl,
    secret,
    operatorId: request.operatorId,
    timeoutMs: String(timeoutMs),
  };
  for (const [key, value] of [
    ["playerId", request.playerId],
    ["secondPlayerId", request.secondPlayerId],
    ["currency", request.currency],
  ] as const) {
    if (value === undefined) continue;
    if (typeof value !== "string") {
      throw new OperatorError("invalid_request", `${key} must be a string.`);
    }
    values[key] = value;
  }
  try {
    const config = resolveOptions(
      { values, help: false, list: false, noColor: false, freeRounds: false },
      {},
    ).config;
    return request.freeRounds === true ? { ...config, freeRounds: true } : config;
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new OperatorError("invalid_request", error.problems.map((p) => redact(p, secret)).join("; "));
    }
    throw error;
  }
}

function inProgress(operatorId: string): OperatorError {
  return new OperatorError(
    "certification_in_progress",
    `A certification of operator ${operatorId} is already running; run it again when it has finished.`,
  );
}

/** How a run that threw ended: out of time, or stopped (by its thread, a shutdown or the store). */
function endOf(error: unknown, secret: string): Omit<RunEnd, "finishedAt"> {
  // Only our own coded messages are written for the operator's people to read: any other failure's text
  // (the store's, a library's) stays in the server log, which the caller's error reaches.
  if (!(error instanceof OperatorError)) {
    return {
      outcome: "stopped",
      errorCode: "internal_error",
      detail: "The run stopped on an error of the RGS; the on-call engineers have its details in the log.",
    };
  }
  return {
    outcome: error.code === "tester_timed_out" ? "timed_out" : "stopped",
    errorCode: error.code,
    detail: redact(error.message, secret),
  };
}

function unknownOperator(id: unknown): OperatorError {
  return new OperatorError(
    "unknown_operator",
    `No operator has the ID ${JSON.stringify(String(id).slice(0, 80))}.`,
  );
}
