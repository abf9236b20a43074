/**
 * When a view may mark what paid (views/shared/celebration.ts): always where the rules allow celebrating a
 * return of the stake or less; elsewhere only for a round, open or closed, that has returned more than it took.
 */
import { describe, expect, it } from "vitest";
import { mayCelebrate } from "../../src/views/shared/celebration.ts";
import type { RoundLike } from "../../src/views/types.ts";

const currency = { code: "USD", decimals: 2 };
const round = (stake: string, payout: string, status: RoundLike["status"] = "closed"): RoundLike => ({
  id: "r1",
  gameCode: "craps",
  status,
  stake,
  payout,
  view: null,
});

describe("mayCelebrate", () => {
  it("marks what paid as before where the rules allow it, or say nothing", () => {
    expect(mayCelebrate({ currency, round: round("2.00", "2.00") })).toBe(true);
    expect(mayCelebrate({ currency, celebrateAtMostStake: true, round: round("2.00", "1.95") })).toBe(true);
  });

  it("where forbidden, marks only a round that returned more than its stake", () => {
    const honest = (stake: string, payout: string, status?: RoundLike["status"]) =>
      mayCelebrate({ currency, celebrateAtMostStake: false, round: round(stake, payout, status) });
    expect(honest("2.00", "2.01")).toBe(true);
    expect(honest("2.00", "2.00")).toBe(false);
    expect(honest("2.00", "1.95")).toBe(false);
    expect(honest("2.00", "0.00")).toBe(false);
    // A craps round still open: a roll that paid 7.00 on the 6.00 taken so far is a win so far.
    expect(honest("6.00", "7.00", "open")).toBe(true);
    expect(honest("11.00", "7.00", "open")).toBe(false);
    expect(mayCelebrate({ currency, celebrateAtMostStake: false, round: null })).toBe(false);
  });
});
