import { describe, expect, it } from "vitest";
import { buildLaunchUrl } from "../../src/launch/launch-url.ts";

describe("launch URL", () => {
  it("points at the game page with the token and the game code, and no lobby", () => {
    const url = buildLaunchUrl({
      publicBaseUrl: "https://rgs.example.com/",
      slug: "plinko_100",
      gameCode: "plinko_100-alpha",
      sessionToken: "tok_-en",
    });
    expect(url).toBe("https://rgs.example.com/play/plinko_100?sessionToken=tok_-en&id=plinko_100-alpha");
  });
});
