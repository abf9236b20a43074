/** The invariants' own rules, pure: what a stored debit asks for, the payout bound, the report. */
import Fastify from "fastify";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { registerErrorHandling } from "../../src/http/plugins/errors.ts";
import { createWalletMetrics } from "../../src/observability/wallet-metrics.ts";
import {
  assertInvariant,
  InvariantBroken,
  payoutBound,
  payoutsWithinBound,
  reportInvariant,
  requestedTotal,
  stillOpen,
} from "../../src/rounds/invariants.ts";
import { debitBody } from "../../src/wallet/callback-bodies.ts";

const round = { id: "r1", mode: "real" as const, gameCode: "dice" };

const body = (amount: bigint) =>
  debitBody({
    transactionId: "t",
    requestId: "q",
    playerId: "p",
    roundId: "r1",
    gameCode: "dice",
    amount,
    decimals: 2,
    sessionToken: "s",
    metadata: { reason: "bet" },
  });

describe("invariants", () => {
  it("reads what stored debits ask the wallet for from the bytes that are sent", () => {
    expect(requestedTotal([{ requestBody: body(150n) }, { requestBody: body(25n) }], 2)).toBe(175n);
    expect(requestedTotal([], 2)).toBe(0n);
    expect(requestedTotal([{ requestBody: JSON.stringify({ amount: "x" }) }], 2)).toBeUndefined();
  });

  it("bounds payouts by the maximum win plus the stakes, except where no maximum win applies", () => {
    expect(payoutBound({ stakeTotal: 200n }, "single", 1_000n)).toBe(1_200n);
    expect(payoutBound({ stakeTotal: 200n }, "cash-out", 1_000n)).toBe(1_200n);
    expect(payoutBound({ stakeTotal: 200n }, "table", 1_000n)).toBeUndefined();
    expect(payoutBound({ stakeTotal: 200n }, "single", undefined)).toBeUndefined();
    expect(payoutsWithinBound({ stakeTotal: 200n, payoutTotal: 1_200n }, 1_200n)).toBe(true);
    expect(payoutsWithinBound({ stakeTotal: 200n, payoutTotal: 1_201n }, 1_200n)).toBe(false);
    expect(payoutsWithinBound({ stakeTotal: 200n, payoutTotal: 10n ** 12n }, undefined)).toBe(true);
  });

  it("applies steps to rounds still open or opening only", () => {
    expect(stillOpen({ status: "open" })).toBe(true);
    expect(stillOpen({ status: "initializing" })).toBe(true);
    for (const status of ["settling", "closed", "void", "cancelled"] as const)
      expect(stillOpen({ status })).toBe(false);
  });

  it("throws a named invariant only when it does not hold, and reports it to the log and the metric", async () => {
    expect(() => assertInvariant(true, "round_closes_once", round, () => "never built")).not.toThrow();
    let broken: unknown;
    try {
      assertInvariant(false, "round_closes_once", round, () => "a step reached a closed round");
    } catch (error) {
      broken = error;
    }
    expect(broken).toBeInstanceOf(InvariantBroken);
    expect((broken as Error).message).toContain("round_closes_once");
    const registry = new Registry();
    const metrics = createWalletMetrics(registry);
    const logged: object[] = [];
    reportInvariant({ error: (obj) => logged.push(obj) }, metrics, broken as InvariantBroken);
    expect(logged).toEqual([expect.objectContaining({ invariant: "round_closes_once", roundId: "r1" })]);
    expect(await registry.metrics()).toContain(
      'round_invariants_broken_total{invariant="round_closes_once",mode="real"} 1',
    );
  });

  it("answers a request that broke one with a 500 in the API's error shape, naming nothing inside", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app, { bodyLimitBytes: 1024 });
    app.post("/game/play", async () => {
      throw new InvariantBroken(
        "opening_debit_is_stake",
        round,
        "the debit asks for 101, the validated stake is 100",
      );
    });
    const response = await app.inject({ method: "POST", url: "/game/play", payload: {} });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ status: 500, code: "internal_error" });
    expect(response.body).not.toContain("opening_debit_is_stake");
    await app.close();
  });
});
