import { afterEach, describe, expect, it } from "vitest";
import type { Outcome } from "../src/model.ts";
import { runTester } from "../src/runner.ts";
import { type Defect, type MinimalWallet, startMinimalWallet } from "./fixtures/minimal-wallet.ts";
import { configFor, problems, resultOf, SECRET } from "./support.ts";

const PLAYERS = { "player-one": "1000.00", "player-two": "300.00" };

let wallet: MinimalWallet | undefined;
afterEach(async () => {
  await wallet?.close();
  wallet = undefined;
});

async function runAgainst(defects: Defect[], overrides: Parameters<typeof configFor>[1] = {}) {
  wallet = await startMinimalWallet({ secret: SECRET, players: PLAYERS, defects });
  return runTester(configFor(wallet.url, overrides));
}

describe("a wallet written from the spec, without defects", () => {
  it("passes every check, leaves both players' balances as found and exits 0", async () => {
    const report = await runAgainst([], { freeRounds: true });
    expect(problems(report)).toEqual([]);
    expect(report.checks.filter((c) => c.category === "Free Rounds")).toHaveLength(2);
    expect(report.exitCode).toBe(0);
    expect(wallet?.balanceOf("player-one")).toBe(100_000n);
    expect(wallet?.balanceOf("player-two")).toBe(30_000n);
    expect(report.money[0]).toMatchObject({
      startBalance: "1000.00",
      endBalance: "1000.00",
      netMovement: "0",
    });
  });
});

/**
 * Each wallet breaks one rule; the tester must report it under the check named here, with a failure or,
 * where the spec says so, a warning. `happyPathIntact` says the defect leaves the Happy Path untouched,
 * so those checks must still pass: the finding lands on the right check, not on everything.
 */
const CASES: {
  defect: Defect;
  check: string;
  outcome: Extract<Outcome, "fail" | "warn">;
  happyPathIntact: boolean;
}[] = [
  { defect: "replay-moves-money", check: "idempotency.debit-replay", outcome: "fail", happyPathIntact: true },
  {
    defect: "signature-not-checked",
    check: "hmac.invalid-signature",
    outcome: "fail",
    happyPathIntact: true,
  },
  { defect: "timestamp-window-90s", check: "hmac.timestamp-60s", outcome: "warn", happyPathIntact: true },
  {
    defect: "timestamp-not-checked",
    check: "hmac.expired-timestamp",
    outcome: "fail",
    happyPathIntact: true,
  },
  { defect: "path-not-signed", check: "hmac.signed-path", outcome: "fail", happyPathIntact: true },
  { defect: "verifies-after-applying", check: "hmac.tampered-body", outcome: "fail", happyPathIntact: true },
  {
    defect: "authenticate-unsigned",
    check: "hmac.authenticate-bad-signature",
    outcome: "fail",
    happyPathIntact: true,
  },
  {
    defect: "unknown-rollback-404",
    check: "errors.unknown-rollback",
    outcome: "fail",
    happyPathIntact: true,
  },
  { defect: "refusals-500", check: "errors.insufficient-funds", outcome: "warn", happyPathIntact: true },
  { defect: "overdraft", check: "errors.insufficient-funds", outcome: "fail", happyPathIntact: true },
  {
    defect: "unknown-player-accepted",
    check: "errors.unknown-player",
    outcome: "fail",
    happyPathIntact: true,
  },
  {
    defect: "negative-amounts-accepted",
    check: "attack.negative-amounts",
    outcome: "fail",
    happyPathIntact: true,
  },
  {
    defect: "racing-debits",
    check: "attack.concurrent-duplicate-debits",
    outcome: "fail",
    happyPathIntact: true,
  },
  { defect: "overdraw-race", check: "attack.concurrent-overdraw", outcome: "fail", happyPathIntact: true },
  { defect: "quote-crashes", check: "attack.sql-injection", outcome: "fail", happyPathIntact: true },
  {
    defect: "duplicate-params-moves-money",
    check: "idempotency.debit-different-params",
    outcome: "fail",
    happyPathIntact: true,
  },
  {
    defect: "rollback-replay-refused",
    check: "idempotency.rollback-replay",
    outcome: "fail",
    happyPathIntact: true,
  },
  {
    defect: "replay-original-request-id",
    check: "idempotency.replay-request-id",
    outcome: "fail",
    happyPathIntact: true,
  },
  {
    defect: "cross-player-replay",
    check: "idempotency.cross-player",
    outcome: "fail",
    happyPathIntact: true,
  },
  {
    defect: "late-debit-moves-money",
    check: "ordering.rollback-before-debit",
    outcome: "fail",
    happyPathIntact: true,
  },
  { defect: "case-insensitive-ids", check: "edge.distinct-ids", outcome: "fail", happyPathIntact: true },
  { defect: "truncates-ids", check: "edge.long-ids", outcome: "fail", happyPathIntact: true },
  { defect: "rounds-amounts", check: "edge.high-precision", outcome: "fail", happyPathIntact: true },
  { defect: "zero-credit-refused", check: "happy.zero-credit", outcome: "fail", happyPathIntact: false },
  {
    defect: "second-debit-refused",
    check: "happy.round-multi-debit",
    outcome: "fail",
    happyPathIntact: false,
  },
  { defect: "stale-balance-answer", check: "happy.debit", outcome: "fail", happyPathIntact: false },
  { defect: "excluded-as-string", check: "happy.authenticate", outcome: "fail", happyPathIntact: false },
  {
    defect: "free-rounds-ignored",
    check: "free-rounds.zero-debit",
    outcome: "fail",
    happyPathIntact: true,
  },
];

describe("wallets that each break one rule", () => {
  for (const { defect, check, outcome, happyPathIntact } of CASES) {
    it(`${defect}: reported by ${check} as ${outcome}`, async () => {
      const category = `${check.split(".")[0]}.`;
      const report = await runAgainst([defect], { only: ["Happy Path", category] });
      const result = resultOf(report, check);
      expect(result.outcome, problems(report).join("\n")).toBe(outcome);
      const finding = result.findings.find((f) => f.level === outcome);
      expect(finding?.rule).toBeTruthy();
      if (outcome === "fail") {
        expect(report.exitCode).toBe(1);
        expect(finding?.exchanges.length, "a failure shows the exchange that proves it").toBeGreaterThan(0);
      }
      if (happyPathIntact) {
        const happy = report.checks.filter((c) => c.category === "Happy Path");
        expect(happy.map((c) => `${c.id}: ${c.outcome}`)).toEqual(happy.map((c) => `${c.id}: pass`));
      }
    });
  }

  it("late-debit-moves-money also breaks the debit racing its rollback", async () => {
    const report = await runAgainst(["late-debit-moves-money"], { only: ["ordering."] });
    expect(resultOf(report, "ordering.concurrent-debit-rollback").outcome).toBe("fail");
  });

  it("a slow wallet gets a latency warning against a lower threshold, and nothing else", async () => {
    const report = await runAgainst(["slow"], {
      latencyThresholdMs: 1,
      only: ["happy.", "consistency.latency"],
    });
    expect(resultOf(report, "consistency.latency").outcome).toBe("warn");
    expect(report.totals.fail).toBe(0);
    expect(report.exitCode).toBe(0);
  });

  it("skips the multi-debit round with a notice when blackjack-leo is refused, and still passes", async () => {
    const report = await runAgainst(["blackjack-not-offered"], { only: ["happy."] });
    const result = resultOf(report, "happy.round-multi-debit");
    expect(result.outcome).toBe("skip");
    expect(result.skipReason).toMatch(/ERROR_INVALID_GAME/);
    expect(report.exitCode).toBe(0);
  });

  it("skips the cross-player check without a second player", async () => {
    const report = await runAgainst([], { secondPlayerId: undefined, only: ["idempotency.cross-player"] });
    expect(resultOf(report, "idempotency.cross-player").outcome).toBe("skip");
    expect(report.exitCode).toBe(0);
  });

  it("settles what a broken wallet moved, so the test player ends where it started", async () => {
    const report = await runAgainst(["replay-moves-money"], { only: ["idempotency.debit-replay"] });
    expect(wallet?.balanceOf("player-one")).toBe(100_000n);
    expect(report.money[0]?.settlement.length).toBeGreaterThan(0);
    expect(resultOf(report, "consistency.balance-restored").outcome).toBe("pass");
  });

  it("stops at once, with the reason, when the test player does not exist", async () => {
    const report = await runAgainst([], { playerId: "nobody" });
    expect(resultOf(report, "happy.authenticate").outcome).toBe("fail");
    expect(resultOf(report, "idempotency.debit-replay").outcome).toBe("skip");
    expect(report.exitCode).toBe(1);
  });
});
