/**
 * `added_stake_is_asked`, which no game can break: the rows of an action's debits are built by the engine
 * from what the game asked for. The row builder is replaced here by one that writes one minor unit more
 * into an added stake's request, the defect the invariant is there to catch before the debit leaves.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { InvariantBroken } from "../../../src/rounds/invariants.ts";
import { type SystemsHarness, systemsHarness } from "../systems-support.ts";

vi.mock("../../../src/rounds/transaction-rows.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../src/rounds/transaction-rows.ts")>();
  return {
    ...original,
    debitRows: (...args: Parameters<typeof original.debitRows>) =>
      original.debitRows(...args).map((row) => {
        if (row.seq === 0) return row;
        const body = JSON.parse(row.requestBody) as { amount: string };
        const cents = BigInt(body.amount.replace(".", "")) + 1n;
        const amount = `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
        return { ...row, requestBody: JSON.stringify({ ...body, amount }) };
      }),
  };
});

let h: SystemsHarness;
beforeAll(async () => {
  h = await systemsHarness();
});
afterAll(async () => {
  await h.close();
});

describe("an added stake's debit", () => {
  it("is refused before it leaves when its request asks for more than the game did", async () => {
    const session = await h.session("real");
    const opened = await h.rounds.play(session, { amount: "1.00", params: {} });
    h.wallet.calls.length = 0;
    const before = await h.transactionsOf(opened.round.id);
    const error = await h.rounds.act(session, { roundId: opened.round.id, action: "double" }).then(
      () => expect.unreachable("the action succeeded"),
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(InvariantBroken);
    expect(error).toMatchObject({ invariant: "added_stake_is_asked" });
    expect(h.wallet.calls).toEqual([]);
    expect(await h.transactionsOf(opened.round.id)).toEqual(before);
    expect(await h.brokenCount("added_stake_is_asked")).toBe(1);
    expect(h.errors.at(-1)).toMatchObject({ obj: { invariant: "added_stake_is_asked" } });
  });
});
