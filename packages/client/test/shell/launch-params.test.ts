import { describe, expect, it } from "vitest";
import { readLaunchParams, withoutToken } from "../../src/shell/launch-params.ts";

const launch =
  "https://rgs.test/play/dice?sessionToken=tok_EN-123&id=dice-alpha&lobbyUrl=https%3A%2F%2Fcasino.example%2Flobby%3Fx%3D1&lang=de";

describe("launch parameters", () => {
  it("reads the token, game code, slug and language, and never a lobby", () => {
    expect(readLaunchParams(launch)).toEqual({
      token: "tok_EN-123",
      gameCode: "dice-alpha",
      slug: "dice",
      language: "de",
    });
  });

  it("removes only the token from the visible address", () => {
    const visible = withoutToken(launch);
    expect(visible).not.toContain("tok_EN-123");
    expect(visible).not.toContain("sessionToken");
    expect(visible).toBe(
      "/play/dice?id=dice-alpha&lobbyUrl=https%3A%2F%2Fcasino.example%2Flobby%3Fx%3D1&lang=de",
    );
  });
});
