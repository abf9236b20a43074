/**
 * The demo settlement: the virtual balance moves in the step's own job and nothing reaches a wallet, so
 * every invariant of demo money breaks before anything is stored: the request is refused as an internal
 * error and the round and the balance stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameError } from "../../../src/game-error.ts";
import { InvariantBroken } from "../../../src/rounds/invariants.ts";
import { type SystemsHarness, systemsHarness } from "../systems-support.ts";

let h: SystemsHarness;
beforeAll(async () => {
  h = await systemsHarness();
});
afterAll(async () => {
  await h.close();
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable("the request succeeded"),
    (error: unknown) => error,
  );
}

describe("demo settlement", () => {
  it("moves the virtual balance with each step and sends the wallet nothing", async () => {
    const session = await h.session("demo");
    h.wallet.calls.length = 0;
    const opened = await h.rounds.play(session, { amount: "1.00", params: {} });
    expect(opened).toMatchObject({ round: { status: "open" }, balance: "999.00" });
    const closed = await h.rounds.act(session, { roundId: opened.round.id, action: "finish" });
    expect(closed).toMatchObject({ round: { status: "closed", payout: "2.00" } });
    expect(await h.demoBalance(session.id)).toBe(100_100n);
    expect(h.wallet.calls).toEqual([]);
  });

  it("refuses a bet whose opening debit is not the validated stake, leaving the balance untouched", async () => {
    const session = await h.session("demo", "greedy-test");
    const error = await failure(h.rounds.play(session, { amount: "1.00", params: {} }));
    expect(error).toBeInstanceOf(InvariantBroken);
    expect(error).not.toBeInstanceOf(GameError);
    expect(error).toMatchObject({ invariant: "opening_debit_is_stake" });
    expect(await h.roundsOf(session.id)).toEqual([]);
    expect(await h.demoBalance(session.id)).toBe(100_000n);
    expect(await h.brokenCount("opening_debit_is_stake")).toBe(1);
  });

  it("refuses a step that would pay beyond the maximum win, keeping the round as it was", async () => {
    const session = await h.session("demo", "overpaying-test");
    const opened = await h.rounds.play(session, { amount: "1.00", params: {} });
    const error = await failure(h.rounds.act(session, { roundId: opened.round.id, action: "finish" }));
    expect(error).toMatchObject({ invariant: "payouts_within_max_win" });
    const [round] = await h.roundsOf(session.id);
    expect(round).toMatchObject({ status: "open", payout_total: 0n, stake_total: 100n });
    expect(await h.transactionsOf(opened.round.id)).toHaveLength(1);
    expect(await h.demoBalance(session.id)).toBe(99_900n);
    expect(await h.brokenCount("payouts_within_max_win")).toBe(1);
    expect(h.errors.at(-1)).toMatchObject({ obj: { invariant: "payouts_within_max_win", mode: "demo" } });
  });
});
