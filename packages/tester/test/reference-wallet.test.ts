import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type RunningWallet, startWallet } from "@rgs/reference-wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_CHECKS } from "../src/checks/index.ts";
import { main } from "../src/cli.ts";
import type { RunReport } from "../src/model.ts";
import { isSelected, runTester } from "../src/runner.ts";
import { configFor, problems, SECRET, textSink } from "./support.ts";

let wallet: RunningWallet;
const dir = mkdtempSync(join(tmpdir(), "rgs-tester-"));

beforeAll(async () => {
  wallet = await startWallet(
    loadConfig({
      WALLET_SECRET: SECRET,
      WALLET_PORT: "0",
      WALLET_BASE_PATH: "/wallet/v2",
      WALLET_PLAYERS: "player-one:USD:1000.00,player-two:USD:300.00,player-btc:BTC:0.5",
    }),
  );
});

afterAll(async () => {
  await wallet.close();
  rmSync(dir, { recursive: true, force: true });
});

async function statement(id: string): Promise<{ balance: string; reconciled: boolean }> {
  const response = await fetch(`${wallet.url}/admin/players/${id}`);
  return (await response.json()) as { balance: string; reconciled: boolean };
}

describe("against the reference wallet (PGlite)", () => {
  it("every check passes, with no warning, and both players end where they started", async () => {
    const report = await runTester(configFor(wallet.callbackBaseUrl));
    expect(problems(report)).toEqual([]);
    expect(report.exitCode).toBe(0);
    expect(report.money[0]).toMatchObject({
      startBalance: "1000.00",
      endBalance: "1000.00",
      netMovement: "0",
      settlement: [],
    });
    expect(await statement("player-one")).toMatchObject({ balance: "1000.00", reconciled: true });
    expect(await statement("player-two")).toMatchObject({ balance: "300.00", reconciled: true });
  });

  it("passes in an 8-decimal currency too", async () => {
    const report = await runTester(
      configFor(wallet.callbackBaseUrl, {
        playerId: "player-btc",
        secondPlayerId: undefined,
        currency: "BTC",
      }),
    );
    expect(problems(report).filter((p) => !p.startsWith("idempotency.cross-player"))).toEqual([]);
    expect(await statement("player-btc")).toMatchObject({ balance: "0.50000000", reconciled: true });
  });

  it("the CLI exits 0 and writes a JSON report; the console shows progress and the verdict", async () => {
    const out = textSink();
    const err = textSink();
    const file = join(dir, "report.json");
    const code = await main(
      [
        "--wallet-url",
        wallet.callbackBaseUrl,
        "--player",
        "player-one",
        "--only",
        "happy.,idempotency.cross-player",
        "--format",
        "json",
        "--output",
        file,
      ],
      { RGS_TESTER_SECRET: SECRET },
      { stdout: out.stream, stderr: err.stream },
    );
    expect(err.text()).toBe("");
    expect(code).toBe(0);
    expect(out.text()).toMatch(/PASS {2}happy\.debit/);
    expect(out.text()).toContain("PASSED");
    expect(out.text()).not.toContain(SECRET);
    const report = JSON.parse(readFileSync(file, "utf8")) as RunReport;
    expect(report.passed).toBe(true);
    expect(report.checks.find((c) => c.id === "idempotency.cross-player")?.outcome).toBe("skip");
  });

  it("stops at the first request when the wallet refuses its signature, and says what to check", async () => {
    const out = textSink();
    const code = await main(
      ["--wallet-url", wallet.callbackBaseUrl, "--player", "player-one", "--no-color"],
      { RGS_TESTER_SECRET: "not-the-wallet-secret" },
      { stdout: out.stream, stderr: textSink().stream },
    );
    expect(code).toBe(1);
    const text = out.text();
    expect(text).toContain("✗ signature refused: check the secret and the callback URL");
    expect(text).toContain("X-Timestamp + /wallet/v2/callback/authenticate + the body");
    expect(text).toMatch(
      /STOPPED at the first request: signature refused: check the secret and the callback URL/,
    );
    expect(text).not.toContain("SKIP");
    expect(text.match(/^ {2}(PASS|FAIL|WARN|SKIP) /gm)).toEqual(["  FAIL "]);
    expect(text).not.toContain("not-the-wallet-secret");

    const report = await runTester(configFor(wallet.callbackBaseUrl, { secret: "not-the-wallet-secret" }));
    expect(report).toMatchObject({
      stopped: "signature refused: check the secret and the callback URL",
      passed: false,
      exitCode: 1,
      totals: { pass: 0, warn: 0, fail: 1, skip: 0 },
    });
    expect(report.checks.map((check) => check.id)).toEqual(["happy.authenticate"]);
  });

  it("stops at the first request when nothing answers it", async () => {
    const closed = await startWallet(
      loadConfig({ WALLET_SECRET: SECRET, WALLET_PORT: "0", WALLET_PLAYERS: "player-one:USD:100.00" }),
    );
    const url = closed.callbackBaseUrl;
    await closed.close();
    const report = await runTester(configFor(url));
    expect(report.stopped).toBe("no answer: check the callback URL, and that the wallet is running");
    expect(report.checks.map((check) => `${check.id}: ${check.outcome}`)).toEqual([
      "happy.authenticate: fail",
    ]);
  });
});

describe("free-round checks", () => {
  it("run only when asked for, and pass on the reference wallet", async () => {
    const byDefault = ALL_CHECKS.filter((check) => isSelected(check, []));
    expect(byDefault.some((check) => check.category === "Free Rounds")).toBe(false);

    const report = await runTester(configFor(wallet.callbackBaseUrl, { freeRounds: true, only: ["happy."] }));
    const free = report.checks.filter((check) => check.category === "Free Rounds");
    expect(free.map((check) => check.id)).toEqual([
      "free-rounds.zero-debit",
      "free-rounds.zero-debit-replay",
    ]);
    expect(problems(report)).toEqual([]);
  });
});
