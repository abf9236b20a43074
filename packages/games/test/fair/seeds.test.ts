import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commitment, matchesCommitment } from "../../src/fair/seeds.ts";

describe("commitment", () => {
  it("is SHA-256 hex (FIPS 180-2 test vectors)", () => {
    expect(commitment("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(commitment("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("agrees with node:crypto on any UTF-8 seed", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (seed) => {
        expect(commitment(seed)).toBe(createHash("sha256").update(seed, "utf8").digest("hex"));
      }),
    );
  });

  it("checks a revealed seed against its commitment", () => {
    const committed = commitment("revealed-seed");
    expect(matchesCommitment("revealed-seed", committed)).toBe(true);
    expect(matchesCommitment("revealed-seed", committed.toUpperCase())).toBe(true);
    expect(matchesCommitment("other-seed", committed)).toBe(false);
  });
});
