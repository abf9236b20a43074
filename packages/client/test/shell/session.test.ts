import { findGame, type GameInfo } from "@rgs/protocol/catalog";
import { jurisdictionInfo } from "@rgs/protocol/jurisdiction-schema";
import { JURISDICTION_PROFILES } from "@rgs/protocol/jurisdictions";
import { describe, expect, it } from "vitest";
import { refreshDelay } from "../../src/shell/hooks/use-session-refresh.ts";
import { safeHttpUrl } from "../../src/shell/safe-url.ts";
import { describeSession } from "../../src/shell/session.ts";

const dice = findGame("dice-alpha") as GameInfo;

describe("the session as the shell reads it", () => {
  it("takes currency, limits, language and expiry from the server's description", () => {
    const view = describeSession(
      {
        balance: "1000.00",
        round: null,
        session: {
          gameCode: "dice-alpha",
          currency: "EUR",
          decimals: 2,
          minBet: "0.10",
          maxBet: "100.00",
          maxWin: "10000.00",
          rtp: "99",
          languageCode: "de",
          mode: "demo",
          expiresAt: "2030-01-01T01:00:00.000Z",
          lobbyUrl: "https://casino.example/lobby?x=1",
          jurisdiction: jurisdictionInfo(
            { profile: "default", rules: JURISDICTION_PROFILES.default, realityCheckMinutes: null },
            "instant",
          ),
        },
      },
      dice,
    );
    expect(view).toMatchObject({
      gameCode: "dice-alpha",
      slug: "dice",
      rtp: "99",
      currency: { code: "EUR", decimals: 2 },
      limits: { minBet: 10n, maxBet: 10_000n, maxWin: 1_000_000n },
      languageCode: "de",
      demo: true,
      expiresAt: Date.parse("2030-01-01T01:00:00.000Z"),
      lobbyUrl: "https://casino.example/lobby?x=1",
      features: { autobet: true, fastPlay: true, shortcuts: true },
    });
  });

  it("keeps only an http(s) lobby from the server, and none when the session has none", () => {
    expect(safeHttpUrl("javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl("data:text/html,hi")).toBeNull();
    expect(safeHttpUrl("/lobby")).toBeNull();
    expect(safeHttpUrl(undefined)).toBeNull();
    expect(safeHttpUrl("http://casino.example/")).toBe("http://casino.example/");
  });

  it("refreshes two minutes before the expiry, never in a tight loop", () => {
    const now = 1_000_000;
    expect(refreshDelay(now + 3_600_000, now)).toBe(3_600_000 - 120_000);
    expect(refreshDelay(now + 1000, now)).toBe(15_000);
    expect(refreshDelay(undefined, now)).toBe(600_000);
    expect(refreshDelay(Number.NaN, now)).toBe(600_000);
  });
});
