import { loadConfig, type RunningWallet, startWallet } from "@rgs/reference-wallet";
import type { TesterConfig } from "@rgs/tester";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock, manualTimers, systemTimers } from "../../src/clock.ts";
import { type TesterRunContext, TesterThreads } from "../../src/operators/tester-thread.ts";

const SECRET = "tester-thread-suite-secret-5e2a";
/** A year ahead of the host: a callback signed with the host's time would be refused as expired. */
const clock = manualClock(Date.now() + 365 * 24 * 3600_000);
const context: TesterRunContext = {
  clock,
  guarded: false,
  resolveHost: async () => {
    throw new Error("an unguarded run resolves nothing through the server");
  },
};

let wallet: RunningWallet;
beforeAll(async () => {
  wallet = await startWallet(
    loadConfig({
      WALLET_SECRET: SECRET,
      WALLET_PORT: "0",
      WALLET_BASE_PATH: "/wallet/v2",
      WALLET_PLAYERS: "player-one:USD:1000.00,player-two:USD:300.00",
    }),
    { clock: () => clock.now() / 1000 },
  );
});
afterAll(async () => {
  await wallet?.close();
});

function configFor(walletUrl: string): TesterConfig {
  return {
    walletUrl,
    secret: SECRET,
    playerId: "player-one",
    secondPlayerId: "player-two",
    currency: "USD",
    timeoutMs: 5_000,
    latencyThresholdMs: 1_000,
    only: ["happy."],
  };
}

/** A thread whose script is the given module source, standing in for a tester that misbehaves. */
const script = (source: string) => new URL(`data:text/javascript,${encodeURIComponent(source)}`);
const HANGS = script("setInterval(() => {}, 60_000);");

describe("a tester run in a worker thread", () => {
  it("returns the report of a run signed with the server's clock, not the host's", async () => {
    const threads = new TesterThreads({ timers: systemTimers });
    const report = await threads.run(configFor(wallet.callbackBaseUrl), context);
    expect(report.tool.name).toBe("rgs-tester");
    expect(report.checks.map((check) => [check.id, check.outcome])).toContainEqual(["happy.debit", "pass"]);
    expect(report.passed).toBe(true);
  });

  it("ends the run refused with tester_stopped when the thread throws", async () => {
    const threads = new TesterThreads({
      timers: systemTimers,
      entry: script('throw new Error("the checks fell over");'),
    });
    await expect(threads.run(configFor(wallet.callbackBaseUrl), context)).rejects.toMatchObject({
      code: "tester_stopped",
      message: expect.stringContaining("the checks fell over"),
    });
  });

  it("ends the run refused with tester_stopped when the thread exits without a report", async () => {
    const threads = new TesterThreads({ timers: systemTimers, entry: script("process.exit(3);") });
    await expect(threads.run(configFor(wallet.callbackBaseUrl), context)).rejects.toMatchObject({
      code: "tester_stopped",
      message: expect.stringContaining("exited with code 3"),
    });
  });

  it("stops a thread that outlives the run timeout, with tester_timed_out", async () => {
    const timers = manualTimers(clock);
    const threads = new TesterThreads({ timers, runTimeoutMs: 60_000, entry: HANGS });
    const run = threads.run(configFor(wallet.callbackBaseUrl), context);
    const outcome = expect(run).rejects.toMatchObject({
      code: "tester_timed_out",
      message: expect.stringContaining("longer than 60 s"),
    });
    await timers.advance(59_999);
    expect(timers.pending()).toBe(1);
    await timers.advance(1);
    await outcome;
    expect(timers.pending()).toBe(0);
  });

  it("stops every running thread at shutdown, each run refused", async () => {
    const timers = manualTimers(clock);
    const threads = new TesterThreads({ timers, entry: HANGS });
    const runs = Promise.allSettled(
      [1, 2].map(() => threads.run(configFor(wallet.callbackBaseUrl), context)),
    );
    await threads.close();
    for (const run of await runs) {
      expect(run).toMatchObject({
        status: "rejected",
        reason: { code: "tester_stopped", message: expect.stringContaining("the server is shutting down") },
      });
    }
    expect(timers.pending()).toBe(0);
  });
});
