/** The bookkeeping of a step, pure: what it credits and debits, and the round it leaves. */
import { describe, expect, it } from "vitest";
import type { RoundRow } from "../../src/rounds/round-repository.ts";
import {
  type AnyStep,
  creditsOf,
  debitsOf,
  nextRound,
  nextSeqOf,
  type PendingStep,
  roundPatchOf,
} from "../../src/rounds/step-bookkeeping.ts";
import type { TransactionRow } from "../../src/rounds/transaction-repository.ts";

const NOW = new Date(Date.UTC(2030, 0, 1));

const round = {
  id: "r1",
  status: "open",
  stakeTotal: 100n,
  payoutTotal: 0n,
  state: { before: true },
  view: {},
  actions: [],
  randomPosition: 3,
  deadline: null,
  note: null,
  closeReason: null,
  closedAt: null,
  lastActionAt: new Date(0),
} as unknown as RoundRow;

const step = (over: Partial<AnyStep>): AnyStep => ({
  state: { after: true },
  view: { v: 1 },
  ops: [],
  closed: false,
  ...over,
});

const pending = (over: Partial<PendingStep>): PendingStep => ({
  step: step({}),
  position: 7,
  entry: { type: "act", action: "double", at: NOW.toISOString() },
  debits: [],
  nextSeq: 1,
  maxWin: undefined,
  ...over,
});

describe("step bookkeeping", () => {
  it("closes a closing step with a credit, also of nothing, never with a debit alone", () => {
    expect(creditsOf(step({ closed: true }))).toEqual([
      { kind: "credit", amount: 0n, closesRound: true, reason: "loss" },
    ]);
    const paid = { kind: "credit" as const, amount: 5n, closesRound: true, reason: "win" };
    expect(creditsOf(step({ closed: true, ops: [paid] }))).toEqual([paid]);
    expect(creditsOf(step({ closed: false }))).toEqual([]);
  });

  it("refuses a step that debits after it credits", () => {
    const debit = { kind: "debit" as const, amount: 1n, reason: "bet" };
    const credit = { kind: "credit" as const, amount: 1n, closesRound: false, reason: "win" };
    expect(debitsOf([debit, credit])).toEqual([debit]);
    expect(() => debitsOf([credit, debit])).toThrow(/debits must come before its credits/);
  });

  it("adds the step's stakes and payouts to the round and records its debits in the replay log", () => {
    const debit = { transactionId: "d2", amount: 100n } as TransactionRow;
    const credit = { kind: "credit" as const, amount: 400n, closesRound: true, reason: "win" };
    const next = nextRound(
      round,
      pending({ step: step({ closed: true }), debits: [debit] }),
      [credit],
      NOW,
      "completed",
    );
    expect(next).toMatchObject({
      status: "settling",
      stakeTotal: 200n,
      payoutTotal: 400n,
      state: { after: true },
      randomPosition: 7,
      closeReason: "completed",
      lastActionAt: NOW,
    });
    expect(next.actions).toEqual([{ type: "act", action: "double", at: NOW.toISOString(), debits: ["d2"] }]);
    const open = nextRound(round, pending({}), [], NOW, "completed");
    expect(open).toMatchObject({ status: "open", stakeTotal: 100n, closeReason: null });
  });

  it("numbers a round's next transaction after its last one, and writes action keys only when new", () => {
    expect(nextSeqOf([])).toBe(0);
    expect(nextSeqOf([{ seq: 0 }, { seq: 4 }, { seq: 2 }] as TransactionRow[])).toBe(5);
    expect(roundPatchOf(round)).not.toHaveProperty("actionKeys");
    const keys = { k: { digest: "d" } };
    expect(roundPatchOf({ ...round, newActionKeys: keys } as RoundRow)).toMatchObject({ actionKeys: keys });
  });

  it("rewrites only what a step changed in the round as stored: an opening's state and view stay as inserted", () => {
    // The opening inserted the round with its step's state and view; the step applied after its debit keeps them.
    const opened = { ...round, status: "initializing", stakeTotal: 0n } as RoundRow;
    const opening = step({ state: opened.state, view: opened.view, closed: true });
    const afterDebit = nextRound(
      opened,
      {
        ...pending({ step: opening, debits: [{ transactionId: "d1", amount: 100n } as TransactionRow] }),
        entry: undefined,
        position: 3,
      },
      [{ kind: "credit", amount: 0n, closesRound: true, reason: "loss" }],
      NOW,
      "completed",
    );
    expect(roundPatchOf(afterDebit, opened)).toEqual({
      status: "settling",
      stakeTotal: 100n,
      lastActionAt: NOW,
      closeReason: "completed",
    });
    // An action's step changes the state, view and replay log: they are written, with every other change.
    const acted = nextRound(round, pending({}), [], NOW, "completed");
    expect(roundPatchOf(acted, round)).toMatchObject({
      state: { after: true },
      view: { v: 1 },
      actions: acted.actions,
      randomPosition: 7,
      lastActionAt: NOW,
    });
    expect(roundPatchOf(acted, round)).not.toHaveProperty("status");
  });
});
