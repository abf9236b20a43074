import { randomBytes } from "node:crypto";
import { type CheckDefinition, CheckRun, CheckStopped, type RunEnv } from "./checks/check-run.ts";
import { ALL_CHECKS, OPT_IN_CATEGORIES, PREREQUISITES } from "./checks/index.ts";
import { WalletClient } from "./client/wallet-client.ts";
import { currencyOf, type TesterConfig } from "./config.ts";
import { CATEGORIES, type CategorySummary, type CheckResult, type Outcome, type RunReport } from "./model.ts";

export const TOOL = { name: "rgs-tester", version: "0.1.0" } as const;

export interface RunOptions {
  /** Unix seconds, possibly fractional; X-Timestamp is derived from it. */
  now?: () => number;
  onCheckStart?: (check: CheckDefinition) => void;
  onCheckDone?: (result: CheckResult) => void;
  /** The checks to choose from (all by default). */
  checks?: readonly CheckDefinition[];
  /** Sends the callbacks; the global fetch by default. */
  fetch?: typeof fetch;
}

/**
 * Whether a check is selected by `--only` (ids, id prefixes such as "hmac.", or category names). Checks of
 * an opt-in contract (free rounds) run only when named or when `freeRounds` asks for them.
 */
export function isSelected(
  check: CheckDefinition,
  only: readonly string[],
  withPrerequisites = true,
  freeRounds = false,
): boolean {
  if (withPrerequisites && PREREQUISITES.has(check.id)) return true;
  if (freeRounds && OPT_IN_CATEGORIES.has(check.category)) return true;
  if (only.length === 0) return !OPT_IN_CATEGORIES.has(check.category);
  return only.some(
    (item) =>
      check.id === item || check.id.startsWith(item) || check.category.toLowerCase() === item.toLowerCase(),
  );
}

function outcomeOf(run: CheckRun): Outcome {
  if (run.skipReason !== undefined && !run.failed) return "skip";
  if (run.failed) return "fail";
  if (run.findings.some((finding) => finding.level === "warn")) return "warn";
  return "pass";
}

function resultOf(run: CheckRun, durationMs: number): CheckResult {
  const result: CheckResult = {
    id: run.def.id,
    category: run.def.category,
    title: run.def.title,
    requirement: run.def.requirement,
    source: run.def.source,
    outcome: outcomeOf(run),
    findings: run.findings,
    exchanges: run.exchanges,
    durationMs: Math.round(durationMs),
  };
  if (run.skipReason !== undefined) result.skipReason = run.skipReason;
  return result;
}

function summarise(checks: readonly CheckResult[]): {
  categories: CategorySummary[];
  totals: RunReport["totals"];
} {
  const totals = { pass: 0, warn: 0, fail: 0, skip: 0 };
  const categories: CategorySummary[] = [];
  for (const category of CATEGORIES) {
    const summary: CategorySummary = { category, pass: 0, warn: 0, fail: 0, skip: 0 };
    for (const check of checks) {
      if (check.category !== category) continue;
      summary[check.outcome] += 1;
      totals[check.outcome] += 1;
    }
    if (summary.pass + summary.warn + summary.fail + summary.skip > 0) categories.push(summary);
  }
  return { categories, totals };
}

/**
 * Runs the checks one after another against the wallet, over HTTP only, and returns the report. The
 * test player's balance is read first and settled last, so the run leaves it where it found it.
 */
export async function runTester(config: TesterConfig, opts: RunOptions = {}): Promise<RunReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const now = opts.now ?? (() => Date.now() / 1000);
  const env: RunEnv = {
    config,
    currency: currencyOf(config),
    runTag: `rgst-${randomBytes(4).toString("hex")}`,
    exchanges: [],
    client: new WalletClient({
      walletUrl: config.walletUrl,
      secret: config.secret,
      ...(config.operatorId === undefined ? {} : { operatorId: config.operatorId }),
      timeoutMs: config.timeoutMs,
      now,
      record: (exchange) => env.exchanges.push(exchange),
      ...(opts.fetch !== undefined && { fetch: opts.fetch }),
    }),
  };

  const checks: CheckResult[] = [];
  let blocked: string | undefined;
  let stopped: string | undefined;
  for (const def of (opts.checks ?? ALL_CHECKS).filter((check) =>
    isSelected(check, config.only, true, config.freeRounds === true),
  )) {
    opts.onCheckStart?.(def);
    const run = new CheckRun(env, def);
    const checkStarted = performance.now();
    if (blocked !== undefined && def.id !== "consistency.balance-restored") {
      run.skipReason = blocked;
    } else if (def.needsSecondPlayer === true && config.secondPlayerId === undefined) {
      run.skipReason = "no second test player configured (--second-player or RGS_TESTER_SECOND_PLAYER)";
    } else {
      try {
        await def.run(run);
      } catch (error) {
        if (!(error instanceof CheckStopped)) {
          run.fail(`The check could not complete: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    const result = resultOf(run, performance.now() - checkStarted);
    if (
      PREREQUISITES.has(def.id) &&
      def.category === "Happy Path" &&
      result.outcome === "fail" &&
      blocked === undefined
    ) {
      blocked = `${def.id} failed: the test player cannot be used, so this check cannot run`;
    }
    checks.push(result);
    opts.onCheckDone?.(result);
    if (run.haltsRun !== undefined) {
      stopped = run.haltsRun;
      break;
    }
  }

  const { categories, totals } = summarise(checks);
  const happyPassed = checks.filter((c) => c.category === "Happy Path").every((c) => c.outcome !== "fail");
  const passed = happyPassed && totals.fail === 0;
  const target: RunReport["target"] = {
    walletUrl: config.walletUrl,
    playerId: config.playerId,
    currency: config.currency,
  };
  if (config.secondPlayerId !== undefined) target.secondPlayerId = config.secondPlayerId;
  if (config.operatorId !== undefined) target.operatorId = config.operatorId;
  return {
    tool: { ...TOOL },
    startedAt,
    finishedAt: new Date().toISOString(),
    durationMs: Math.round(performance.now() - started),
    target,
    checks,
    categories,
    totals,
    money: env.money === undefined ? [] : [env.money],
    ...(stopped !== undefined && { stopped }),
    passed,
    exitCode: passed ? 0 : 1,
  };
}
