/**
 * Free rounds end to end against the reference wallet: the callbacks carry the campaign, the wallet's
 * balance and the RGS's rounds reconcile, and a free round interrupted by a SIGKILL is finished and paid
 * once after the restart, its grant's round taken once.
 */
import { randomUUID } from "node:crypto";
import type { FreeRoundReportResponse, ReconciliationResponse } from "@rgs/protocol/operator-reports";
import { expect, it } from "vitest";
import type { Environment, Session } from "./support/environment.ts";
import { eventually, reconcile } from "./support/reconcile.ts";
import { onEveryStore } from "./support/stores.ts";

const DICE_PARAMS = { condition: "over", target: "50.50" };

/** A campaign of dice at 1.00 with `rounds` free rounds granted to the player. */
async function grantRounds(env: Environment, playerId: string, rounds: number) {
  const created = await env.operatorPost<{ campaignId: string }>("/operator/campaigns", {
    reference: `e2e-${randomUUID()}`,
    gameCodes: ["dice-alpha"],
    currency: "USD",
    bet: "1.00",
    params: DICE_PARAMS,
    roundsPerPlayer: rounds,
    endsAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(created.status).toBe(201);
  const granted = await env.operatorPost(`/operator/campaigns/${created.body.campaignId}/players`, {
    players: [{ playerId, reference: `grant-${playerId}` }],
  });
  expect(granted.status).toBe(200);
  return created.body.campaignId;
}

const playFree = (env: Environment, session: Session) =>
  env.game(session, "POST", "/game/play", { amount: "1.00", params: DICE_PARAMS, freeRound: true });

onEveryStore("free rounds against the reference wallet", {}, (env) => {
  it("offers the rounds, asks the wallet for 0 with the campaign, pays the win and reconciles", async () => {
    const playerId = await env().newPlayer();
    const campaignId = await grantRounds(env(), playerId, 2);
    const dice = await env().launch(playerId, "dice-alpha");
    const current = await env().game<{ freeRounds?: { roundsRemaining: number; bet: string } }>(
      dice,
      "POST",
      "/game/current",
      {},
    );
    expect(current.body.freeRounds).toMatchObject({ roundsRemaining: 2, bet: "1.00", campaignId });
    const played = await playFree(env(), dice);
    expect(played.status).toBe(200);
    const { statement, rounds } = await reconcile(env(), playerId, [dice], { timeoutMs: 60_000 });
    expect(rounds).toHaveLength(1);
    const [debit, credit] = statement.transactions;
    expect(debit?.kind).toBe("debit");
    expect(Number(debit?.amount)).toBe(0);
    expect(credit?.kind).toBe("credit");
    expect(statement.balance).toBe((100 + Number(credit?.amount ?? 0)).toFixed(2));
    const after = await env().game<{ freeRounds?: { roundsRemaining: number } }>(
      dice,
      "POST",
      "/game/current",
      {},
    );
    expect(after.body.freeRounds?.roundsRemaining).toBe(1);

    // The reports: the campaign's day, and the reconciliation's lines matching the wallet's ledger.
    const today = new Date().toISOString().slice(0, 10);
    const report = await env().operatorPost<FreeRoundReportResponse>("/operator/reports/free-rounds", {
      from: today,
      to: today,
      timeZone: "UTC",
      campaignIds: [campaignId],
    });
    expect(report.status).toBe(200);
    const rows = report.body.periods.flatMap((p) => p.rows);
    expect(rows).toEqual([expect.objectContaining({ campaignId, roundsPlayed: 1, players: 1 })]);
    expect(Number(rows[0]?.paid)).toBe(Number(credit?.amount));
    const day = await env().operatorPost<ReconciliationResponse>("/operator/reconciliation", {
      date: today,
      currency: "USD",
    });
    expect(day.status).toBe(200);
    for (const entry of statement.transactions) {
      const line = day.body.transactions.find((t) => t.transactionId === entry.transactionId);
      expect(line).toMatchObject({
        kind: entry.kind,
        counted: entry.kind === "credit" ? "bonus_win" : "bet",
        freeRound: { campaignId },
      });
    }
  }, 90_000);

  it("finishes and pays once a free round whose credit was in flight at a SIGKILL", async () => {
    const playerId = await env().newPlayer();
    await grantRounds(env(), playerId, 2);
    const dice = await env().launch(playerId, "dice-alpha");
    await env().fault({ callback: "credit", mode: "hang_after", count: 1 });
    const pending = playFree(env(), dice).catch(() => undefined);
    await eventually(
      "the free round's credit applied by the wallet",
      async () =>
        (await env().statement(playerId)).transactions.some((t) => t.kind === "credit") ? true : undefined,
      30_000,
    );
    await env().killRgs();
    await pending;
    await env().clearFaults();

    await env().startRgs();
    const { statement, rounds } = await reconcile(env(), playerId, [dice], { timeoutMs: 60_000 });
    expect(rounds).toHaveLength(1);
    expect(statement.transactions.map((t) => t.kind)).toEqual(["debit", "credit"]);
    const relaunched = await env().launch(playerId, "dice-alpha");
    const current = await env().game<{ freeRounds?: { roundsRemaining: number } }>(
      relaunched,
      "POST",
      "/game/current",
      {},
    );
    expect(current.body.freeRounds?.roundsRemaining).toBe(1);
  }, 90_000);
});
