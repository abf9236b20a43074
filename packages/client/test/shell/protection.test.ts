import { findGame, type GameInfo } from "@rgs/protocol/catalog";
import { jurisdictionInfo } from "@rgs/protocol/jurisdiction-schema";
import { JURISDICTION_PROFILES } from "@rgs/protocol/jurisdictions";
import { describe, expect, it } from "vitest";
import { errorFromResponse } from "../../src/api/errors.ts";
import type { CurrentState } from "../../src/api/types.ts";
import { createFormats } from "../../src/i18n/format.ts";
import { clockText, signedAmount } from "../../src/shell/components/SessionFigures.tsx";
import { secondsUntil } from "../../src/shell/hooks/use-round-pace.ts";
import { signedMinor } from "../../src/shell/protection.ts";
import { describeSession } from "../../src/shell/session.ts";

const dice = findGame("dice-alpha") as GameInfo;

function current(profile: "default" | "UKGC" | "SOCIAL", extra: Record<string, unknown> = {}): CurrentState {
  return {
    balance: "100.00",
    round: null,
    session: {
      gameCode: "dice-alpha",
      currency: "GBP",
      decimals: 2,
      minBet: "0.10",
      maxBet: "100.00",
      maxWin: "10000.00",
      rtp: "99",
      mode: "real",
      expiresAt: "2030-01-01T01:00:00.000Z",
      jurisdiction: jurisdictionInfo(
        {
          profile,
          rules: JURISDICTION_PROFILES[profile],
          realityCheckMinutes: profile === "UKGC" ? 60 : null,
        },
        "instant",
      ),
      ...extra,
    } as CurrentState["session"],
  };
}

describe("a session's player protection", () => {
  it("turns autobet, fast play and the shortcuts off under UKGC, and reads its figures", () => {
    const view = describeSession(
      current("UKGC", {
        startedAt: "2030-01-01T00:00:00.000Z",
        netPosition: "-12.5",
        realityCheckDueAt: "2030-01-01T01:00:00.000Z",
        nextRoundAt: null,
        links: { responsibleGambling: "https://casino.example/rg", limits: "javascript:alert(1)" },
      }),
      dice,
    );
    expect(view.features).toEqual({ autobet: false, fastPlay: false, shortcuts: false });
    expect(view.protection).toEqual({
      profile: "UKGC",
      minRoundMs: 2500,
      showNetPosition: true,
      showSessionTimer: true,
      celebrateAtMostStake: false,
      social: false,
      startedAt: Date.parse("2030-01-01T00:00:00.000Z"),
      netPosition: -1250n,
      realityCheckDueAt: Date.parse("2030-01-01T01:00:00.000Z"),
      nextRoundAt: null,
      links: { responsibleGambling: "https://casino.example/rg" },
    });
  });

  it("offers everything under the default profile, and knows a social session", () => {
    expect(describeSession(current("default"), dice).features).toEqual({
      autobet: true,
      fastPlay: true,
      shortcuts: true,
    });
    const social = describeSession(current("SOCIAL"), dice).protection;
    expect(social).toMatchObject({ social: true, minRoundMs: 0, realityCheckDueAt: null, links: {} });
  });

  it("reads signed amounts exactly and refuses anything else", () => {
    expect(signedMinor("-0.05", 2)).toBe(-5n);
    expect(signedMinor("3", 2)).toBe(300n);
    expect(signedMinor("1.234", 2)).toBeUndefined();
    expect(signedMinor("1e3", 2)).toBeUndefined();
    expect(signedMinor(12, 2)).toBeUndefined();
  });

  it("keeps what a protection refusal says beside its code", () => {
    const early = errorFromResponse(409, { code: "round_too_soon", retryAfterMs: 1200 }, 2);
    expect(early.details).toEqual({ retryAfterMs: 1200 });
    expect(early.retryAfterSeconds).toBe(2);
    const due = errorFromResponse(409, {
      code: "reality_check_due",
      playedSeconds: 3600,
      netPosition: "-4.20",
    });
    expect(due.details).toEqual({ playedSeconds: 3600, netPosition: "-4.20" });
    expect(errorFromResponse(409, { code: "x", retryAfterMs: -1, netPosition: "NaN" }).details).toEqual({});
  });

  it("counts the wait down in whole seconds rounded up", () => {
    expect(secondsUntil(null, 1000)).toBe(0);
    expect(secondsUntil(3500, 1000)).toBe(3);
    expect(secondsUntil(3000, 1000)).toBe(2);
    expect(secondsUntil(1000, 1000)).toBe(0);
  });

  it("writes the time played and a signed net position", () => {
    expect(clockText(65)).toBe("0:01:05");
    expect(clockText(3725)).toBe("1:02:05");
    const format = createFormats("de", { code: "EUR", decimals: 2 });
    expect(signedAmount(format, 150n)).toBe("+1,50 EUR");
    expect(signedAmount(format, -1234567n)).toBe("−12.345,67 EUR");
    expect(signedAmount(format, 0n)).toBe("0,00 EUR");
  });
});
