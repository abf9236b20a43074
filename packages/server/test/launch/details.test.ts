import { describe, expect, it } from "vitest";
import { checkDetails, MAX_DETAILS_DEPTH } from "../../src/launch/details.ts";

describe("launch details", () => {
  it("is null when absent and kept as is otherwise", () => {
    expect(checkDetails(undefined, 100)).toEqual({ ok: true, details: null });
    const details = { a: [1, { b: "c" }], d: null };
    expect(checkDetails(details, 100)).toEqual({ ok: true, details });
  });

  it("caps the compact JSON size in bytes", () => {
    expect(checkDetails({ a: "é" }, 10).ok).toBe(true);
    expect(checkDetails({ a: "éé" }, 10)).toMatchObject({
      ok: false,
      detail: expect.stringContaining("12 bytes"),
    });
  });

  it("bounds the nesting depth", () => {
    const nest = (levels: number) => {
      let value: object = {};
      for (let i = 1; i < levels; i++) value = { v: value };
      return value;
    };
    expect(checkDetails(nest(MAX_DETAILS_DEPTH), 10_000).ok).toBe(true);
    expect(checkDetails(nest(MAX_DETAILS_DEPTH + 1), 10_000).ok).toBe(false);
    expect(checkDetails(nest(100_000), 10_000).ok).toBe(false);
  });

  it("refuses NUL and unpaired surrogates in keys and values, but not paired ones", () => {
    expect(checkDetails({ a: "\u0000" }, 100).ok).toBe(false);
    expect(checkDetails({ a: ["\udc00"] }, 100).ok).toBe(false);
    expect(checkDetails({ "k\ud800": 1 }, 100).ok).toBe(false);
    expect(checkDetails({ emoji: "🎲" }, 100).ok).toBe(true);
  });
});
