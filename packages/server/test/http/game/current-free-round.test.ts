/** POST /game/current after a reload: an open free round says it is one, so the page resumes it as one. */
import type { RunningWallet } from "@rgs/reference-wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceWalletOperator } from "../reference-wallet.ts";
import { createHarness, type Harness, START_MS, type TestOperator } from "../support.ts";
import { gameRequest, launchReal, ok, type Round } from "./game-support.ts";

const MINES = { mines: 3 };

let h: Harness;
let wallet: RunningWallet;
let operator: TestOperator;
let campaignId: string;

interface Current {
  round: (Round & { freeRound?: true; campaignId?: string }) | null;
  freeRounds?: { roundsRemaining: number } | null;
}

const current = async (token: string) => ok<Current>(await gameRequest(h, token, "POST", "/game/current"));
const play = async (token: string, freeRound: boolean) =>
  ok<{ round: Round }>(
    await gameRequest(h, token, "POST", "/game/play", { amount: "0.50", params: MINES, freeRound }),
  );

beforeAll(async () => {
  h = await createHarness();
  ({ wallet, operator } = await referenceWalletOperator(h, {
    name: "Promoter",
    secret: "reference-wallet-secret-for-tests",
    players: "fay:USD:100.00,gus:USD:100.00",
    freeRounds: true,
  }));
  h.clock.advance(1000);
  const created = await h.signed({
    method: "POST",
    path: "/operator/campaigns",
    operator,
    body: {
      reference: "mines-week",
      gameCodes: ["mines-alpha"],
      currency: "USD",
      bet: "0.20",
      params: MINES,
      roundsPerPlayer: 2,
      endsAt: new Date(START_MS + 86_400_000).toISOString(),
    },
  });
  campaignId = (created.json() as { campaignId: string }).campaignId;
  h.clock.advance(1000);
  await h.signed({
    method: "POST",
    path: `/operator/campaigns/${campaignId}/players`,
    operator,
    body: { players: [{ playerId: "fay", reference: "fay-1" }] },
  });
});
afterAll(async () => {
  await h.close();
  await wallet.close();
});

describe("POST /game/current with a round left open", () => {
  it("marks an open free round with its campaign, beside the rounds still left", async () => {
    const token = await launchReal(h, operator, { playerId: "fay", gameCode: "mines-alpha" });
    const opened = await play(token, true);
    expect(opened.round.status).toBe("open");
    const reloaded = await current(token);
    expect(reloaded.round).toMatchObject({
      id: opened.round.id,
      stake: "0",
      freeRound: true,
      campaignId,
      freeRoundBet: "0.20",
    });
    expect(reloaded.freeRounds?.roundsRemaining).toBe(1);
  });

  it("leaves a paid round unmarked", async () => {
    const token = await launchReal(h, operator, { playerId: "gus", gameCode: "mines-alpha" });
    const opened = await play(token, false);
    const reloaded = await current(token);
    expect(reloaded.round?.id).toBe(opened.round.id);
    expect(reloaded.round).not.toHaveProperty("freeRound");
    expect(reloaded.round).not.toHaveProperty("campaignId");
    expect(reloaded.round).not.toHaveProperty("freeRoundBet");
  });
});
