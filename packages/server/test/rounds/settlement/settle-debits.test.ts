/** Settling a step's debits by what the wallet answered: confirmed, refused, or unknown. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "../support.ts";
import { type SystemsHarness, systemsHarness } from "../systems-support.ts";

let h: SystemsHarness;
beforeAll(async () => {
  h = await systemsHarness();
});
afterAll(async () => {
  await h.close();
});

const reset = () => {
  h.wallet.calls.length = 0;
  h.wallet.script.length = 0;
};

describe("settling debits", () => {
  it("applies the step once its debit is confirmed, answering with the wallet's balance", async () => {
    const session = await h.session("real");
    reset();
    const opened = await h.rounds.play(session, { amount: "1.00", params: {} });
    expect(opened.round.status).toBe("open");
    expect(opened.balance).toMatch(/^\d+\.\d{2}$/);
  });

  it("voids a refused opening bet with no rollback, telling the wallet's own message", async () => {
    const session = await h.session("real");
    reset();
    h.wallet.script.push("ERROR_NOT_ENOUGH_MONEY");
    const refused = await refusal(h.rounds.play(session, { amount: "1.00", params: {} }));
    expect(refused).toMatchObject({ code: "not_enough_money", customUserError: "Top up at the cashier" });
    const [round] = await h.roundsOf(session.id);
    expect(round).toMatchObject({ status: "void", close_reason: "debit_refused" });
    expect(h.wallet.calls.map((c) => c.kind)).toEqual(["debit"]);
  });

  it("rolls back an opening debit whose outcome stays unknown, closing the round with it", async () => {
    const session = await h.session("real");
    reset();
    h.wallet.script.push("500", "500");
    const unknown = await refusal(h.rounds.play(session, { amount: "1.00", params: {} }));
    expect(unknown.code).toBe("wallet_unavailable");
    expect(h.wallet.calls.map((c) => [c.kind, c.body.roundClosed])).toEqual([
      ["debit", undefined],
      ["debit", undefined],
      ["rollback", true],
    ]);
    const [round] = await h.roundsOf(session.id);
    expect(round).toMatchObject({ status: "cancelled", close_reason: "debit_failed" });
  });

  it("keeps a debit's failed send and the latency of the send the wallet confirmed", async () => {
    const session = await h.session("real");
    reset();
    h.wallet.script.push("500");
    const opened = await h.rounds.play(session, { amount: "1.00", params: {} });
    const [debit] = await h.transactionsOf(opened.round.id);
    expect(debit).toMatchObject({ kind: "debit", status: "ok", attempts: 2, latency_ms: 0 });
    const failed = await h.store.db
      .selectFrom("wallet_attempts")
      .selectAll()
      .where("transaction_id", "=", debit?.transaction_id ?? "")
      .execute();
    expect(failed).toMatchObject([
      { attempt: 1, http_status: 500, error: expect.stringMatching(/^http_status/) },
    ]);
  });

  it("keeps the round open as it was when the wallet refuses an added stake", async () => {
    const session = await h.session("real");
    const opened = await h.rounds.play(session, { amount: "1.00", params: {} });
    reset();
    h.wallet.script.push("ERROR_NOT_ENOUGH_MONEY");
    const refused = await refusal(h.rounds.act(session, { roundId: opened.round.id, action: "double" }));
    expect(refused.code).toBe("not_enough_money");
    const [round] = await h.roundsOf(session.id);
    expect(round).toMatchObject({ status: "open", stake_total: 100n });
    expect(h.wallet.calls.map((c) => c.kind)).toEqual(["debit"]);
  });
});
