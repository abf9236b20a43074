import type { TesterConfig } from "../src/config.ts";
import type { CheckResult, RunReport } from "../src/model.ts";

export const SECRET = "tester-suite-secret-7d1c9a";

export function configFor(walletUrl: string, overrides: Partial<TesterConfig> = {}): TesterConfig {
  return {
    walletUrl,
    secret: SECRET,
    playerId: "player-one",
    secondPlayerId: "player-two",
    currency: "USD",
    timeoutMs: 5_000,
    latencyThresholdMs: 1_000,
    only: [],
    ...overrides,
  };
}

export function resultOf(report: RunReport, id: string): CheckResult {
  const result = report.checks.find((check) => check.id === id);
  if (result === undefined) throw new Error(`no check ${id} in the report`);
  return result;
}

/** "id: outcome" for every check that did not pass, to make assertion failures readable. */
export function problems(report: RunReport): string[] {
  return report.checks
    .filter((check) => check.outcome !== "pass")
    .map(
      (check) =>
        `${check.id}: ${check.outcome}${check.skipReason ? ` (${check.skipReason})` : ""} ${check.findings
          .filter((f) => f.level !== "note")
          .map((f) => f.message)
          .join(" | ")}`,
    );
}

/** A writable that keeps what is written, for reading a CLI run's output. */
export function textSink(): { stream: NodeJS.WritableStream; text: () => string } {
  let text = "";
  const stream = {
    isTTY: false,
    write(chunk: string) {
      text += chunk;
      return true;
    },
  } as unknown as NodeJS.WritableStream;
  return { stream, text: () => text };
}
