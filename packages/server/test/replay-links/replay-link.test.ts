import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createReplayLinks } from "../../src/replay-links/replay-link.ts";

const KEY = Buffer.alloc(32, 7);
const links = createReplayLinks(KEY, "https://rgs.example.com/");

describe("replay links", () => {
  it("opens the round it was made for, on any instance sharing SECRET_KEY", () => {
    const roundId = randomUUID();
    const url = links.urlOf(roundId);
    expect(url).toMatch(/^https:\/\/rgs\.example\.com\/replay\/[A-Za-z0-9_-]{44}$/);
    const token = url.slice(url.lastIndexOf("/") + 1);
    expect(createReplayLinks(Buffer.from(KEY), "https://other.example.com").roundIdOf(token)).toBe(roundId);
  });

  it("never carries the bare round ID", () => {
    const roundId = randomUUID();
    expect(links.urlOf(roundId)).not.toContain(roundId);
    expect(links.urlOf(roundId)).not.toContain(roundId.replaceAll("-", ""));
  });

  it("refuses a token made under another key", () => {
    const roundId = randomUUID();
    const foreign = createReplayLinks(randomBytes(32), "https://rgs.example.com").tokenOf(roundId);
    expect(links.roundIdOf(foreign)).toBeUndefined();
  });

  it("refuses a token whose round was swapped or whose signature was altered", () => {
    const mine = links.tokenOf(randomUUID());
    const other = links.tokenOf(randomUUID());
    expect(links.roundIdOf(other.slice(0, 22) + mine.slice(22))).toBeUndefined();
    for (let i = 0; i < mine.length; i++) {
      const altered = mine.slice(0, i) + (mine[i] === "A" ? "B" : "A") + mine.slice(i + 1);
      expect(links.roundIdOf(altered)).toBeUndefined();
    }
  });

  it("refuses anything that is not a token: a round ID, the wrong length, other characters", () => {
    const roundId = randomUUID();
    const token = links.tokenOf(roundId);
    for (const bad of [roundId, token.slice(1), `${token}A`, `${token.slice(0, 43)}=`, "", "../../etc"]) {
      expect(links.roundIdOf(bad)).toBeUndefined();
    }
  });

  it("makes no link for what is not a round ID", () => {
    expect(() => links.tokenOf("not-a-round")).toThrow(RangeError);
  });
});
