import { describe, expect, it } from "vitest";
import { BoundedMap } from "../src/bounded-map.ts";

describe("BoundedMap", () => {
  it("forgets the oldest entry past its size, and counts a key set again as the newest", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1).set("b", 2).set("a", 3).set("c", 4);
    expect([...map.entries()]).toEqual([
      ["a", 3],
      ["c", 4],
    ]);
    expect(map.size).toBe(2);
  });
});
