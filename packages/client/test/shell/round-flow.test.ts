import { jurisdictionInfo } from "@rgs/protocol/jurisdiction-schema";
import { JURISDICTION_PROFILES } from "@rgs/protocol/jurisdictions";
import { describe, expect, it } from "vitest";
import type { CurrentState, RoundDetails, RoundSummary } from "../../src/api/types.ts";
import {
  autobetApplies,
  endsRound,
  inProgress,
  nextShown,
  noteKey,
  readRound,
  roundLike,
  singleFlight,
} from "../../src/shell/round-flow.ts";
import type { RoundLike } from "../../src/views/types.ts";

const round = (id: string, status: RoundLike["status"], payout = "0.00"): RoundLike => ({
  id,
  gameCode: "flight_deck-gamma",
  status,
  stake: "1.00",
  payout,
  view: { status: status === "open" ? "flying" : "crashed" },
});

const summary = (id: string, status: RoundSummary["status"]): RoundSummary => ({
  ...round(id, status),
  currency: "USD",
  createdAt: "2030-01-01T00:00:00.000Z",
});

const session = {
  gameCode: "flight_deck-gamma",
  currency: "USD",
  decimals: 2,
  minBet: "0.10",
  maxBet: "100.00",
  maxWin: "10000.00",
  rtp: "99",
  mode: "demo" as const,
  expiresAt: "2030-01-01T01:00:00.000Z",
  jurisdiction: jurisdictionInfo(
    { profile: "default", rules: JURISDICTION_PROFILES.default, realityCheckMinutes: null },
    "instant",
  ),
};

/** A game API whose answers the test sets, recording what was asked. */
function fakeApi(current: RoundSummary | null, record?: RoundSummary) {
  const asked: string[] = [];
  return {
    asked,
    async current(): Promise<CurrentState> {
      asked.push("current");
      return { session, balance: "99.00", round: current };
    },
    async round(id: string): Promise<RoundDetails> {
      asked.push(`round ${id}`);
      if (!record) throw new Error("no record");
      return {
        ...record,
        params: {},
        actions: [],
        fairness: { serverSeedHash: "h", clientSeed: "c", nonce: 1 },
      };
    },
  };
}

describe("the round on show", () => {
  it("blocks the next bet while open or settling, not once closed", () => {
    expect(inProgress(round("a", "open"))).toBe(true);
    expect(inProgress(round("a", "settling"))).toBe(true);
    expect(inProgress(round("a", "closed"))).toBe(false);
    expect(inProgress(null)).toBe(false);
  });

  it("never goes back to an earlier stage when a slower answer arrives after a later one", () => {
    const closed = round("a", "closed", "2.00");
    expect(nextShown(closed, round("a", "open"))).toBe(closed);
    expect(nextShown(closed, round("a", "settling"))).toBe(closed);
    const settling = round("a", "settling");
    expect(nextShown(settling, round("a", "open"))).toBe(settling);
    const open = round("a", "open");
    expect(nextShown(open, closed)).toBe(closed);
    const newer = round("b", "open");
    expect(nextShown(closed, newer)).toBe(newer);
  });

  it("announces an end only when the round shown open is now settling or closed", () => {
    expect(endsRound(round("a", "open"), round("a", "closed"))).toBe(true);
    expect(endsRound(round("a", "open"), round("a", "settling"))).toBe(true);
    expect(endsRound(round("a", "open"), round("a", "open"))).toBe(false);
    expect(endsRound(round("a", "settling"), round("a", "closed"))).toBe(false);
    expect(endsRound(round("a", "closed"), round("b", "closed"))).toBe(false);
    expect(endsRound(null, round("a", "closed"))).toBe(false);
  });

  it("tells the player about a maximum win, an abandoned round or a bet too high, not the usual endings", () => {
    expect(noteKey("max_win_reached")).toBe("shell.note.max_win_reached");
    expect(noteKey("abandoned")).toBe("shell.note.abandoned");
    expect(noteKey("bet_exceeds_max_win")).toBe("shell.note.bet_exceeds_max_win");
    expect(noteKey("crashed")).toBeUndefined();
    expect(noteKey("auto_cash_out")).toBeUndefined();
    expect(noteKey(undefined)).toBeUndefined();
  });

  it("keeps what a view reads of a summary, the note included", () => {
    expect(roundLike({ ...summary("a", "closed"), note: "crashed" })).toEqual({
      ...round("a", "closed"),
      note: "crashed",
    });
  });
});

describe("re-reading the round from the server", () => {
  it("shows the open round the server still has", async () => {
    const api = fakeApi(summary("a", "open"));
    const read = await readRound(api, round("a", "open"));
    expect(read).toMatchObject({ balance: "99.00", round: { id: "a", status: "open" } });
    expect(api.asked).toEqual(["current"]);
  });

  it("loads the record of a round the server has settled meanwhile", async () => {
    const api = fakeApi(null, summary("a", "closed"));
    const read = await readRound(api, round("a", "open"));
    expect(read.round).toMatchObject({ id: "a", status: "closed" });
    expect(api.asked).toEqual(["current", "round a"]);
  });

  it("asks for no record when nothing was on show or it was already closed", async () => {
    const none = fakeApi(null);
    expect((await readRound(none, null)).round).toBeNull();
    const closed = fakeApi(null);
    expect((await readRound(closed, round("a", "closed"))).round).toBeNull();
    expect([...none.asked, ...closed.asked]).toEqual(["current", "current"]);
  });
});

describe("autobet", () => {
  it("applies to single-round games and to cash-out params that resolve in the bet", () => {
    const instant = (params: unknown) => Array.isArray((params as { tiles?: unknown }).tiles);
    expect(autobetApplies("instant", undefined, {})).toBe(true);
    expect(autobetApplies("cash-out", undefined, {})).toBe(false);
    expect(autobetApplies("cash-out", instant, { mines: 3 })).toBe(false);
    expect(autobetApplies("cash-out", instant, { mines: 3, tiles: [1] })).toBe(true);
    expect(autobetApplies("table", undefined, {})).toBe(false);
  });
});

describe("single flight", () => {
  it("shares one run between the calls made while it is under way, then runs again", async () => {
    let runs = 0;
    let release = () => {};
    const run = singleFlight(
      () =>
        new Promise<void>((resolve) => {
          runs++;
          release = resolve;
        }),
    );
    const first = run();
    const second = run();
    expect(second).toBe(first);
    release();
    await first;
    const third = run();
    expect(runs).toBe(2);
    release();
    await third;
  });
});
