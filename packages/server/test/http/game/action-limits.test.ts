import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../support.ts";
import { gameRequest, launchDemo, ok } from "./game-support.ts";

interface Answer {
  round: { id: string; status: string; stake: string };
  balance: string | null;
}

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Opens a craps round on the pass line that stays open past its first roll. */
async function openCraps(token: string): Promise<Answer> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = ok<Answer>(
      await gameRequest(h, token, "POST", "/game/play", {
        amount: "1.00",
        params: { bets: [{ bet: "pass", amount: "1.00" }] },
      }),
    );
    if (answer.round.status === "open") return answer;
  }
  throw new Error("no craps round stayed open after its come-out roll");
}

describe("stakes added by an action", () => {
  it("holds a craps bet placed between rolls to the session's maximum bet, and takes nothing when it is over", async () => {
    const { token } = await launchDemo(h, {
      gameCode: "craps-alpha-cancer",
      betLimits: { maxBet: "5.00" },
    });
    const opened = await openCraps(token);

    const over = await gameRequest(h, token, "POST", "/game/action", {
      roundId: opened.round.id,
      action: "roll",
      params: { bets: [{ bet: "place", number: 6, amount: "6.00" }] },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: "bet_above_maximum",
      detail: "The added stake of 6.00 USD is above the maximum bet of 5.00 USD.",
    });
    const unchanged = ok<{ stake: string; actions: unknown[] }>(
      await gameRequest(h, token, "GET", `/game/round/${opened.round.id}`),
    );
    expect(unchanged).toMatchObject({ stake: "1.00", actions: [] });

    const within = ok<Answer>(
      await gameRequest(h, token, "POST", "/game/action", {
        roundId: opened.round.id,
        action: "roll",
        params: { bets: [{ bet: "place", number: 6, amount: "1.20" }] },
      }),
    );
    expect(within.round.stake).toBe("2.20");
  });
});
