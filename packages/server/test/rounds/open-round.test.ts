/** Opening a round: one job stores the round and its debit, the debit leaves once it is durable. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "./support.ts";
import { type SystemsHarness, systemsHarness } from "./systems-support.ts";

let h: SystemsHarness;
beforeAll(async () => {
  h = await systemsHarness();
});
afterAll(async () => {
  await h.close();
});

describe("opening a round", () => {
  it("stores the round and its opening debit of the stake, then sends it", async () => {
    const session = await h.session("real");
    h.wallet.calls.length = 0;
    const opened = await h.rounds.play(session, { amount: "2.50", params: {} });
    expect(opened.round).toMatchObject({ status: "open", stake: "2.50" });
    const [debit] = await h.transactionsOf(opened.round.id);
    expect(debit).toMatchObject({ kind: "debit", amount: 250n, status: "ok", seq: 0 });
    expect(h.wallet.calls.map((c) => [c.kind, c.body.transactionId])).toEqual([
      ["debit", debit?.transaction_id],
    ]);
  });

  it("answers a resent bet with the round it opened, debited once", async () => {
    const session = await h.session("real");
    h.wallet.calls.length = 0;
    const bet = { amount: "1.00", params: {}, requestKey: `bet-${session.id}` };
    const first = await h.rounds.play(session, bet);
    const again = await h.rounds.play(session, bet);
    expect(again.round).toEqual(first.round);
    expect(h.wallet.calls.filter((c) => c.kind === "debit")).toHaveLength(1);
  });

  it("refuses a second round of the game while one is open, and an unknown game", async () => {
    const session = await h.session("real");
    await h.rounds.play(session, { amount: "1.00", params: {} });
    const second = await refusal(h.rounds.play(session, { amount: "1.00", params: {} }));
    expect(second).toMatchObject({ code: "active_round_exists", status: 409 });
    const elsewhere = await h.session("real", "no-such-game");
    const unknown = await refusal(h.rounds.play(elsewhere, { amount: "1.00", params: {} }));
    expect(unknown.code).toBe("unknown_game");
    expect(await h.roundsOf(elsewhere.id)).toEqual([]);
  });
});
