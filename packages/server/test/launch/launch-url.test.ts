import { describe, expect, it } from "vitest";
import { buildLaunchUrl } from "../../src/launch/launch-url.ts";

describe("launch URL", () => {
  it("points at the game page with token, game code and encoded lobby", () => {
    const url = buildLaunchUrl({
      publicBaseUrl: "https://rgs.example.com/",
      slug: "plinko_100",
      gameCode: "plinko_100-alpha",
      sessionToken: "tok_-en",
      lobbyUrl: "https://casino.example/lobby?a=1&b=two words",
    });
    expect(url).toBe(
      "https://rgs.example.com/play/plinko_100?sessionToken=tok_-en&id=plinko_100-alpha&lobbyUrl=https%3A%2F%2Fcasino.example%2Flobby%3Fa%3D1%26b%3Dtwo+words",
    );
    expect(new URL(url).searchParams.get("lobbyUrl")).toBe("https://casino.example/lobby?a=1&b=two words");
  });

  it("leaves out the lobby when there is none", () => {
    const url = buildLaunchUrl({
      publicBaseUrl: "http://localhost:8080",
      slug: "dice",
      gameCode: "dice-alpha",
      sessionToken: "t",
      lobbyUrl: null,
    });
    expect(url).toBe("http://localhost:8080/play/dice?sessionToken=t&id=dice-alpha");
  });
});
