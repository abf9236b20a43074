/** Acting on a round: the game's step on the round's state, stored by the round's settlement. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { refusal } from "./support.ts";
import { type SystemsHarness, systemsHarness } from "./systems-support.ts";

let h: SystemsHarness;
beforeAll(async () => {
  h = await systemsHarness();
});
afterAll(async () => {
  await h.close();
});

describe("acting on a round", () => {
  it("debits an added stake, then pays the doubled round", async () => {
    const session = await h.session("real");
    const opened = await h.rounds.play(session, { amount: "1.00", params: {} });
    const doubled = await h.rounds.act(session, { roundId: opened.round.id, action: "double" });
    expect(doubled.round).toMatchObject({ status: "open", stake: "2.00" });
    const closed = await h.rounds.act(session, { roundId: opened.round.id, action: "finish" });
    expect(closed.round).toMatchObject({ status: "closed", payout: "4.00" });
    // The credit's confirmation commits with the lane's next transaction, moments after the answer.
    await vi.waitFor(async () => {
      const kinds = (await h.transactionsOf(opened.round.id)).map((t) => [t.kind, t.amount, t.status]);
      expect(kinds).toEqual([
        ["debit", 100n, "ok"],
        ["debit", 100n, "ok"],
        ["credit", 400n, "ok"],
      ]);
    });
  });

  it("refuses an action on a round that is over, or that is not the player's", async () => {
    const session = await h.session("real");
    const opened = await h.rounds.play(session, { amount: "1.00", params: {} });
    await h.rounds.act(session, { roundId: opened.round.id, action: "finish" });
    const over = await refusal(h.rounds.act(session, { roundId: opened.round.id, action: "finish" }));
    expect(over.code).toBe("round_closed");
    const stranger = await h.session("real");
    const theirs = await refusal(h.rounds.act(stranger, { roundId: opened.round.id, action: "finish" }));
    expect(theirs.code).toBe("round_not_found");
  });

  it("keeps a demo round open without the double its balance cannot cover, and answers a resend the same", async () => {
    const session = await h.session("demo");
    const opened = await h.rounds.play(session, { amount: "600.00", params: {} });
    const double = { roundId: opened.round.id, action: "double", requestKey: "double-1" };
    const refused = await refusal(h.rounds.act(session, double));
    expect(refused.code).toBe("not_enough_money");
    const again = await refusal(h.rounds.act(session, double));
    expect(again.code).toBe("not_enough_money");
    const [round] = await h.roundsOf(session.id);
    expect(round).toMatchObject({ status: "open", stake_total: 60_000n });
    expect(await h.demoBalance(session.id)).toBe(40_000n);
  });
});
