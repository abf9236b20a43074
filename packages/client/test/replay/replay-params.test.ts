import { describe, expect, it } from "vitest";
import { replayTokenOf } from "../../src/api/replay.ts";
import { paramsForReplay } from "../../src/replay/replay-params.ts";

describe("the settings a replayed round is shown with", () => {
  it("takes dice's condition and target from the round's view, in the player's form", () => {
    const view = { roll: "12.34", condition: "under", target: "25.00", multiplier: "3.9600", win: true };
    expect(
      paramsForReplay({ condition: "over", target: "50.50" }, { condition: "under", target: 2500 }, view),
    ).toEqual({ condition: "under", target: "25.00" });
  });

  it("falls back to the stored params when the view lacks a setting, and to the default when neither fits", () => {
    expect(paramsForReplay({ mines: 3, tiles: [] }, { mines: 5 }, { revealed: [] })).toEqual({
      mines: 5,
      tiles: [],
    });
    expect(paramsForReplay({ rows: 8, risk: "low" }, { rows: "x" }, { rows: [1], risk: 2 })).toEqual({
      rows: 8,
      risk: "low",
    });
  });

  it("keeps defaults that are no record as they are", () => {
    expect(paramsForReplay(null, { a: 1 }, { a: 2 })).toBeNull();
  });
});

describe("the replay token of a page address", () => {
  it("is read from /replay/<token> only", () => {
    expect(replayTokenOf(`/replay/${"a".repeat(44)}`)).toBe("a".repeat(44));
    expect(replayTokenOf("/play/dice")).toBeNull();
    expect(replayTokenOf("/replay/../x")).toBeNull();
    expect(replayTokenOf("/replay/")).toBeNull();
  });
});
