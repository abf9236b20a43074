/**
 * The wallet settlement: a step's debits stored before they are sent, credits delivered inline, and the
 * invariants of real money in their two places: broken before a debit is sent (refused as an internal
 * error, nothing written, nothing sent) and broken after one is confirmed (the round settling, its stakes
 * rolled back through the outbox).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GameError } from "../../../src/game-error.ts";
import { InvariantBroken } from "../../../src/rounds/invariants.ts";
import { Ledger } from "../../../src/rounds/ledger.ts";
import { RemoteWalletGateway } from "../../../src/wallet/remote-gateway.ts";
import { type SystemsHarness, systemsHarness } from "../systems-support.ts";

let h: SystemsHarness;
beforeAll(async () => {
  h = await systemsHarness();
});
afterAll(async () => {
  await h.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable("the request succeeded"),
    (error: unknown) => error,
  );
}

describe("wallet settlement", () => {
  it("debits the stake, then pays and closes the round with the wallet's balance", async () => {
    const session = await h.session("real");
    h.wallet.calls.length = 0;
    const opened = await h.rounds.play(session, { amount: "1.00", params: {} });
    expect(opened.round).toMatchObject({ status: "open", stake: "1.00" });
    const closed = await h.rounds.act(session, { roundId: opened.round.id, action: "finish" });
    expect(closed.round).toMatchObject({ status: "closed", payout: "2.00" });
    expect(h.wallet.calls.map((c) => [c.kind, c.body.amount])).toEqual([
      ["debit", "1.00"],
      ["credit", "2.00"],
    ]);
    expect(closed.balance).not.toBeNull();
  });

  it("refuses a bet whose opening debit is not the validated stake, with nothing written or sent", async () => {
    const session = await h.session("real", "greedy-test");
    h.wallet.calls.length = 0;
    const error = await failure(h.rounds.play(session, { amount: "1.00", params: {} }));
    expect(error).toBeInstanceOf(InvariantBroken);
    expect(error).not.toBeInstanceOf(GameError);
    expect(error).toMatchObject({ invariant: "opening_debit_is_stake" });
    expect(await h.roundsOf(session.id)).toEqual([]);
    expect(h.wallet.calls).toEqual([]);
    expect(await h.brokenCount("opening_debit_is_stake")).toBe(1);
    expect(h.errors.at(-1)).toMatchObject({ obj: { invariant: "opening_debit_is_stake" } });
  });

  it("rolls the round's stakes back through the outbox when a step after a confirmed debit pays beyond the maximum win", async () => {
    const session = await h.session("real", "overpaying-test");
    const opened = await h.rounds.play(session, { amount: "1.00", params: {} });
    await h.rounds.act(session, { roundId: opened.round.id, action: "double" });
    h.wallet.calls.length = 0;
    const error = await failure(h.rounds.act(session, { roundId: opened.round.id, action: "finish" }));
    expect(error).toMatchObject({ invariant: "payouts_within_max_win" });
    const debits = (await h.transactionsOf(opened.round.id)).filter((t) => t.kind === "debit");
    // Both stakes go back, in order, the last rollback closing the round; no payout leaves.
    expect(h.wallet.calls.map((c) => [c.kind, c.body.reverseTransactionId, c.body.roundClosed])).toEqual([
      ["rollback", debits[0]?.transaction_id, false],
      ["rollback", debits[1]?.transaction_id, true],
    ]);
    const [round] = await h.roundsOf(session.id);
    expect(round).toMatchObject({ status: "cancelled", close_reason: "invariant_broken", payout_total: 0n });
    expect(await h.brokenCount("payouts_within_max_win")).toBe(1);
    expect(h.errors.at(-1)).toMatchObject({
      obj: { invariant: "payouts_within_max_win", roundId: round?.id },
    });
  });
  it("returns only the added stake when the round was closed while its debit was with the wallet", async () => {
    const session = await h.session("real");
    const opened = await h.rounds.play(session, { amount: "1.00", params: {} });
    const send = RemoteWalletGateway.prototype.sendDebit;
    vi.spyOn(RemoteWalletGateway.prototype, "sendDebit").mockImplementation(async function (
      this: RemoteWalletGateway,
      round,
      tx,
    ) {
      // A defect elsewhere closes the round while the debit is out: the step must not be applied to it.
      await h.store.db.updateTable("rounds").set({ status: "closed" }).where("id", "=", round.id).execute();
      return send.call(this, round, tx);
    });
    h.wallet.calls.length = 0;
    const error = await failure(h.rounds.act(session, { roundId: opened.round.id, action: "double" }));
    expect(error).toMatchObject({ invariant: "round_closes_once" });
    const added = (await h.transactionsOf(opened.round.id)).filter((t) => t.kind === "debit")[1];
    // The closed round's books stand as they are; the stake of the step that was not applied goes back.
    expect(h.wallet.calls.map((c) => [c.kind, c.body.reverseTransactionId ?? null])).toEqual([
      ["debit", null],
      ["rollback", added?.transaction_id],
    ]);
    const [round] = await h.roundsOf(session.id);
    expect(round).toMatchObject({ status: "closed", stake_total: 100n });
    expect(await h.brokenCount("round_closes_once")).toBe(1);
    expect(h.errors.at(-1)).toMatchObject({
      obj: { invariant: "round_closes_once", roundId: opened.round.id },
    });
  });

  it("sends no debit whose row it has not seen committed, and refuses the bet as an internal error", async () => {
    const session = await h.session("real");
    h.wallet.calls.length = 0;
    vi.spyOn(Ledger.prototype, "takeCommitted").mockReturnValue(false);
    const error = await failure(h.rounds.play(session, { amount: "1.00", params: {} }));
    expect(error).toBeInstanceOf(InvariantBroken);
    expect(error).toMatchObject({ invariant: "callback_after_commit" });
    expect(h.wallet.calls).toEqual([]);
    expect(await h.brokenCount("callback_after_commit")).toBe(1);
    expect(h.errors.at(-1)).toMatchObject({ obj: { invariant: "callback_after_commit" } });
  });

  it("leaves a credit whose row it has not seen committed to the outbox, after the confirmed debit", async () => {
    const session = await h.session("real");
    const opened = await h.rounds.play(session, { amount: "1.00", params: {} });
    h.wallet.calls.length = 0;
    vi.spyOn(Ledger.prototype, "takeCommitted").mockReturnValue(false);
    const closed = await h.rounds.act(session, { roundId: opened.round.id, action: "finish" });
    expect(closed).toMatchObject({ round: { status: "settling", payout: "2.00" }, balance: null });
    expect(h.wallet.calls).toEqual([]);
    const credits = (await h.transactionsOf(opened.round.id)).filter((t) => t.kind === "credit");
    expect(credits.map((t) => t.status)).toEqual(["pending"]);
    expect(await h.brokenCount("callback_after_commit")).toBe(2);
    expect(h.errors.at(-1)).toMatchObject({
      obj: { invariant: "callback_after_commit", roundId: opened.round.id },
    });
  });
});
