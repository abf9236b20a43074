import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, errorOf, type Harness } from "../support.ts";
import { DICE, gameRequest, launchDemo, ok, type Round, type RoundResult } from "./game-support.ts";

let h: Harness;
let token: string;
const played: Round[] = [];
beforeAll(async () => {
  h = await createHarness();
  ({ token } = await launchDemo(h));
  for (let i = 0; i < 5; i++) {
    h.clock.advance(1000);
    played.push(
      ok<RoundResult>(await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: DICE }))
        .round,
    );
  }
});
afterAll(async () => h.close());

describe("GET /game/history", () => {
  it("pages the finished rounds newest first", async () => {
    const first = ok<{ rounds: Round[]; next?: string }>(
      await gameRequest(h, token, "GET", "/game/history?limit=2"),
    );
    expect(first.rounds.map((r) => r.id)).toEqual([played[4]?.id, played[3]?.id]);
    expect(first.next).toBeTruthy();
    const rest = ok<{ rounds: Round[]; next?: string }>(
      await gameRequest(h, token, "GET", `/game/history?limit=10&before=${first.next}`),
    );
    expect(rest.rounds.map((r) => r.id)).toEqual([played[2]?.id, played[1]?.id, played[0]?.id]);
    expect(rest.next).toBeUndefined();
  });

  it("gives each round its replay link, which names the round without showing its ID", async () => {
    const page = ok<{ rounds: (Round & { replayUrl: string })[] }>(
      await gameRequest(h, token, "GET", "/game/history?limit=5"),
    );
    for (const round of page.rounds) {
      expect(round.replayUrl).toMatch(/^https:\/\/rgs\.test\/replay\/[A-Za-z0-9_-]{44}$/);
      expect(round.replayUrl).not.toContain(round.id);
      expect(h.replayLinks.roundIdOf(round.replayUrl.slice("https://rgs.test/replay/".length))).toBe(
        round.id,
      );
    }
  });

  it("defaults to a page of 20", async () => {
    const all = ok<{ rounds: Round[] }>(await gameRequest(h, token, "GET", "/game/history"));
    expect(all.rounds).toHaveLength(5);
  });

  it.each(["limit=0", "limit=101", "limit=abc", "limit=-1", "other=1", "before=%00bad"])(
    "refuses ?%s with 400",
    async (query) => {
      const error = errorOf(await gameRequest(h, token, "GET", `/game/history?${query}`));
      expect(error.status).toBe(400);
    },
  );

  it("shows nothing of other players", async () => {
    const other = await launchDemo(h);
    expect(ok<{ rounds: Round[] }>(await gameRequest(h, other.token, "GET", "/game/history")).rounds).toEqual(
      [],
    );
  });
});

describe("GET /game/round/:id", () => {
  it("gives the round's parameters, steps and fairness data", async () => {
    const round = played[0] as Round;
    const details = ok<Record<string, unknown>>(
      await gameRequest(h, token, "GET", `/game/round/${round.id}`),
    );
    expect(details).toMatchObject({
      id: round.id,
      status: "closed",
      params: { condition: "over", target: 5050 },
      actions: [],
      fairness: { nonce: 0 },
    });
    expect(details.fairness).toHaveProperty("serverSeedHash");
    expect(details.fairness).not.toHaveProperty("serverSeed");
    expect(details).toHaveProperty("reveal");
  });

  it.each(["not-a-uuid", "00000000-0000-4000-8000-000000000000"])("answers 404 for %s", async (id) => {
    expect(errorOf(await gameRequest(h, token, "GET", `/game/round/${id}`))).toMatchObject({
      status: 404,
      code: "round_not_found",
    });
  });
});
