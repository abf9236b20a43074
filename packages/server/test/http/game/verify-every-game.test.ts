import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CASH_OUT_SCRIPTS,
  registeredGameCodes,
  SINGLE_ROUND_PARAMS,
  slugOf,
} from "../../e2e/support/games.ts";
import { createHarness, type Harness } from "../support.ts";
import { gameRequest, launchDemo, ok, type RoundResult } from "./game-support.ts";
import { playToClose } from "./play-to-close.ts";

let h: Harness;
beforeAll(async () => {
  // One address plays every game of the catalog on a clock that stands still: more actions than the
  // game API's per-address burst, and how many depends on the rounds' draws. Rate limits have suites of their own.
  h = await createHarness({ config: { gameRateLimit: { ratePerSecond: 1000, burst: 100_000 } } });
});
afterAll(async () => h.close());

interface Verified {
  matches: boolean;
  closed: boolean;
  stake: string;
  payout: string;
}

async function playRotated(code: string): Promise<{ token: string; round: RoundResult["round"] }> {
  const { token } = await launchDemo(h, { gameCode: code });
  const { round } = await playToClose(h, token, code);
  ok(await gameRequest(h, token, "POST", "/seed/rotate"));
  return { token, round };
}

const verify = async (token: string, roundId: string) =>
  ok<Verified>(await gameRequest(h, token, "POST", "/game/verify", { roundId }));

describe("POST /game/verify by roundId, for every game of the catalog", () => {
  it("covers every registered game", () => {
    const codes = registeredGameCodes();
    expect(codes.length).toBeGreaterThanOrEqual(27);
    for (const code of codes) {
      const slug = slugOf(code);
      expect(SINGLE_ROUND_PARAMS[slug] ?? CASH_OUT_SCRIPTS[slug], code).toBeDefined();
    }
  });

  it.each(registeredGameCodes())("%s: a played round recomputes to what was recorded", async (code) => {
    const { token, round } = await playRotated(code);
    expect(await verify(token, round.id)).toMatchObject({
      matches: true,
      closed: true,
      stake: round.stake,
      payout: round.payout,
    });
  });
});

describe("POST /game/verify of a tampered round", () => {
  it("answers matches: false when the recorded payout was edited", async () => {
    const { token, round } = await playRotated("dice-alpha");
    await sql`update rounds set payout_total = payout_total + 1 where id = ${round.id}`.execute(h.store.db);
    expect(await verify(token, round.id)).toMatchObject({ matches: false, payout: round.payout });
  });

  it("answers matches: false when the recorded outcome shown to the player was edited", async () => {
    const { token, round } = await playRotated("mines-alpha");
    const forged = { ...round.view, payout: "999999" };
    await sql`update rounds set view = ${JSON.stringify(forged)}::jsonb where id = ${round.id}`.execute(
      h.store.db,
    );
    expect((await verify(token, round.id)).matches).toBe(false);
  });
});
