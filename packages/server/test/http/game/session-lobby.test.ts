/**
 * The lobby link of a session comes from the server: the operator's configured lobby URL, answered by
 * POST /game/current, never from the game page's address (a link crafted around a player's token must not
 * put someone else's page in the game).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../support.ts";
import { gameRequest, launchDemo, ok } from "./game-support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const sessionOf = async (harness: Harness, token: string) =>
  ok<{ session: { lobbyUrl?: string } }>(await gameRequest(harness, token, "POST", "/game/current")).session;

describe("the lobby of a session", () => {
  it("is the operator's configured lobby, answered with the session and absent from the launch URL", async () => {
    const response = await h.signed({
      method: "POST",
      path: "/operator/launch",
      body: {
        playerId: "lobby-player",
        gameCode: "dice-alpha",
        currency: "USD",
        countryCode: "DE",
        demo: true,
      },
    });
    const launchUrl = new URL((response.json() as { launchUrl: string }).launchUrl);
    expect(launchUrl.searchParams.has("lobbyUrl")).toBe(false);
    const token = launchUrl.searchParams.get("sessionToken") ?? "";
    expect((await sessionOf(h, token)).lobbyUrl).toBe("https://casino.example/lobby?x=1&y=2");
  });

  it("is absent when the operator has none", async () => {
    const operator = await h.createOperator({ name: "No lobby" });
    const { token } = await launchDemo(h, {}, operator);
    expect(await sessionOf(h, token)).not.toHaveProperty("lobbyUrl");
  });

  it("follows the operator's setting once the cache has passed", async () => {
    const operator = await h.createOperator({ name: "Moving lobby", lobbyUrl: "https://old.example/" });
    const { token } = await launchDemo(h, {}, operator);
    expect((await sessionOf(h, token)).lobbyUrl).toBe("https://old.example/");
    await h.operators.update(operator.id, { lobbyUrl: "https://new.example/lobby" });
    h.clock.advance(h.config.cacheSeconds * 1000);
    expect((await sessionOf(h, token)).lobbyUrl).toBe("https://new.example/lobby");
  });

  it("is this staging server's own lobby page for the sandbox operator without one", async () => {
    const { operator, secret } = await h.operators.ensureSandboxOperator();
    const { token } = await launchDemo(h, {}, { id: operator.id, secret: secret ?? "" });
    expect((await sessionOf(h, token)).lobbyUrl).toBe("https://rgs.test/lobby");
  });
});
