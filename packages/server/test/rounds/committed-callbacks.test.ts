import { describe, expect, it } from "vitest";
import { CommittedCallbacks } from "../../src/rounds/committed-callbacks.ts";

describe("committed callbacks", () => {
  it("lets each committed row's callback be taken once", () => {
    const committed = new CommittedCallbacks();
    committed.add(["a", "b"]);
    expect(committed.take("a")).toBe(true);
    expect(committed.take("a")).toBe(false);
    expect(committed.take("c")).toBe(false);
    expect(committed.size).toBe(1);
  });

  it("forgets the oldest rows beyond its limit, which only the outbox sends", () => {
    const committed = new CommittedCallbacks(3);
    committed.add(["a", "b"]);
    committed.add(["c", "d", "e"]);
    expect(committed.size).toBe(3);
    expect(["a", "b", "c", "d", "e"].map((id) => committed.take(id))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses a limit of %s", (limit) => {
    expect(() => new CommittedCallbacks(limit)).toThrow(RangeError);
  });
});
