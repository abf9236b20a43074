import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FaultSchedule, readRandomFaults } from "../src/faults.ts";
import type { LedgerRepository } from "../src/store/ledger-repository.ts";
import { createTestApp, openTestLedger, type TestWallet, uniqueId } from "./support.ts";

/** A draw that returns the given values in turn. */
function draws(...values: number[]): () => number {
  let index = 0;
  return () => values[index++ % values.length] ?? 0;
}

describe("random faults", () => {
  it("fails the share of calls the draw falls under, in the drawn mode, only for the chosen callbacks", () => {
    // Each call draws once for "fail?" and, when failing, once more for the mode.
    const schedule = new FaultSchedule(draws(0.1, 0.9, 0.5, 0.2, 0.0));
    schedule.setRandom({
      share: 0.3,
      callbacks: ["debit", "credit"],
      modes: ["error_before", "drop_after"],
      delayMs: 700,
    });
    expect(schedule.take("debit")).toEqual({
      callback: "debit",
      mode: "drop_after",
      remaining: 0,
      delayMs: 700,
    });
    expect(schedule.take("credit")).toBeUndefined();
    expect(schedule.take("credit")).toMatchObject({ callback: "credit", mode: "error_before" });
    expect(schedule.take("balance")).toBeUndefined();
  });

  it("takes scheduled faults before drawing, and clear turns the random faults off", () => {
    const schedule = new FaultSchedule(() => 0);
    schedule.setRandom({ share: 1, callbacks: ["debit"], modes: ["slow"], delayMs: 5 });
    schedule.add({ callback: "debit", mode: "error_after", remaining: 1, delayMs: 0 });
    expect(schedule.take("debit")?.mode).toBe("error_after");
    expect(schedule.take("debit")?.mode).toBe("slow");
    schedule.clear();
    expect(schedule.take("debit")).toBeUndefined();
    expect(schedule.randomFaults()).toBeNull();
  });

  it("validates the request and fills in every callback and mode by default", () => {
    for (const body of [
      [],
      {},
      { share: 0 },
      { share: 1.5 },
      { share: "0.3" },
      { share: 0.3, callbacks: [] },
      { share: 0.3, callbacks: ["withdraw"] },
      { share: 0.3, modes: ["explode"] },
      { share: 0.3, delayMs: -1 },
    ]) {
      expect(readRandomFaults(body).ok).toBe(false);
    }
    expect(readRandomFaults({ share: 0.25 })).toEqual({
      ok: true,
      random: {
        share: 0.25,
        callbacks: ["authenticate", "debit", "credit", "balance", "rollback"],
        modes: ["error_before", "error_after", "hang_after", "drop_before", "drop_after", "slow"],
        delayMs: 2_000,
      },
    });
  });
});

describe("random faults over HTTP", () => {
  let ledger: LedgerRepository;
  let wallet: TestWallet;
  beforeAll(async () => {
    ledger = await openTestLedger();
    wallet = await createTestApp(ledger, { faults: true });
  });
  afterAll(async () => {
    await wallet.close();
    await ledger.close();
  });

  it("turns random faults on, answers them, and DELETE /admin/faults turns them off", async () => {
    const playerId = await wallet.player();
    const set = await wallet.admin("POST", "/admin/faults/random", {
      share: 1,
      callbacks: ["balance"],
      modes: ["error_before"],
    });
    expect(set).toEqual({
      statusCode: 201,
      body: {
        random: { share: 1, callbacks: ["balance"], modes: ["error_before"], delayMs: 2_000 },
      },
    });
    expect((await wallet.admin("GET", "/admin/faults/random")).body.random).toMatchObject({ share: 1 });
    expect((await wallet.call("balance", { requestId: uniqueId("r"), playerId })).statusCode).toBe(500);
    await wallet.app.inject({ method: "DELETE", url: "/admin/faults" });
    expect((await wallet.admin("GET", "/admin/faults/random")).body).toEqual({ random: null });
    expect((await wallet.call("balance", { requestId: uniqueId("r"), playerId })).statusCode).toBe(200);
  });

  it("refuses an invalid random-fault request with a detail", async () => {
    const response = await wallet.admin("POST", "/admin/faults/random", { share: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.body.detail).toMatch(/share/);
  });
});
