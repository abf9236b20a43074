/**
 * The feedback rules: a round that returns its stake or less is never told as a win (a push for exactly the
 * stake), a loss is said as plainly as a win, the multiplier a finished round shows is the board's in the
 * history too, and a bet the balance cannot cover is refused before it is sent, after reading the balance again.
 */
import { describe, expect, it } from "vitest";
import { createFormats } from "../../src/i18n/format.ts";
import freeRoundsEn from "../../src/i18n/freerounds.en.ts";
import { createTranslator } from "../../src/i18n/index.ts";
import shellEn from "../../src/i18n/shell.en.ts";
import { coverStake } from "../../src/shell/balance-guard.ts";
import { resultText } from "../../src/shell/components/RoundResult.tsx";
import {
  outcomeOf,
  playerOutcomeOf,
  roundMultiplier,
  toneOf,
  trimMultiplier,
} from "../../src/shell/outcome.ts";
import * as dice from "../../src/views/dice/index.tsx";
import * as flight from "../../src/views/flight_deck/index.tsx";
import * as limbo from "../../src/views/limbo/index.tsx";
import { playView } from "../views/rounds.ts";

const t = createTranslator("en", [], shellEn);
const usd = createFormats("en", { code: "USD", decimals: 2 });

describe("a round's outcome", () => {
  it("is a win only above the stake, a push at the stake, a loss below it", () => {
    expect(outcomeOf(100n, 101n)).toBe("win");
    expect(outcomeOf(100n, 100n)).toBe("push");
    expect(outcomeOf(100n, 99n)).toBe("loss");
    expect(outcomeOf(100n, 0n)).toBe("loss");
    expect(outcomeOf(0n, 0n)).toBe("push");
  });

  it("is said as plainly for a loss as for a win, and a partial return is a loss", () => {
    const say = (stake: bigint, payout: bigint, multiplier: string) =>
      resultText(t, usd, { kind: outcomeOf(stake, payout), stake, payout, multiplier });
    expect(say(10n, 20n, "2.0000")).toBe("You won 0.20 USD (2.00×)");
    expect(say(10n, 10n, "1.0000")).toBe("Push: your stake of 0.10 USD is returned");
    expect(say(10n, 0n, "0")).toBe("You lost 0.10 USD");
    // Keno's 0.02 USD on a 0.10 USD bet: what came back, and what was lost, never green.
    expect(say(10n, 2n, "0.2364")).toBe("0.02 USD returned of 0.10 USD (0.2364×): you lost 0.08 USD");
  });

  it("colours a board only once its round is closed, by the same rule", () => {
    expect(toneOf({ status: "closed", stake: "0.10", payout: "0.02" }, 2)).toBe("loss");
    expect(toneOf({ status: "closed", stake: "0.10", payout: "0.10" }, 2)).toBe("push");
    expect(toneOf({ status: "closed", stake: "0.10", payout: "0.11" }, 2)).toBe("win");
    expect(toneOf({ status: "open", stake: "0.10", payout: "0" }, 2)).toBeUndefined();
    expect(toneOf(null, 2)).toBeUndefined();
  });
});

describe("a free round's outcome", () => {
  const free = createTranslator("en", [freeRoundsEn], shellEn);

  it("is a win for any payout and never a loss of the bet the player did not stake", () => {
    expect(playerOutcomeOf(0n, 50n, true)).toBe("win");
    expect(playerOutcomeOf(100n, 50n, false)).toBe("loss");
    const nothing = {
      kind: playerOutcomeOf(0n, 0n, true),
      stake: 0n,
      payout: 0n,
      multiplier: "0",
      free: true,
    } as const;
    expect(resultText(free, usd, nothing)).toBe("Free round: nothing this time");
    const won = { kind: "win", stake: 0n, payout: 50n, multiplier: "0.5", free: true } as const;
    expect(resultText(free, usd, won)).toBe("You won 0.50 USD (0.50×)");
  });
});

describe("the multiplier of a finished round", () => {
  it("is the board's own, not the payout divided by the stake (Keno: 0.2364, not 0.20)", () => {
    const view = playView<{ multiplier: string; payout: string }>(
      "keno-alpha",
      { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: "classic" },
      7,
    );
    const shown = roundMultiplier({ stake: 100n, payout: BigInt(view.payout), view });
    expect(shown).toBe(view.multiplier);
    expect(roundMultiplier({ stake: 10n, payout: 2n, view: { multiplier: "0.2364" } })).toBe("0.2364");
  });

  it("is none for a lost Dice or Limbo round, whose view names the target's multiplier", () => {
    const lost = { win: false, multiplier: "2.0004", target: "2.00" };
    expect(dice.multiplierOf(lost)).toBe("0");
    expect(limbo.multiplierOf(lost)).toBe("0");
    expect(dice.multiplierOf({ ...lost, win: true })).toBe("2.0004");
  });

  it("is where a flight was cashed out, and none when it crashed", () => {
    expect(flight.multiplierOf({ cashedOutAt: "1.53", multiplier: "3.00" })).toBe("1.53");
    expect(flight.multiplierOf({ cashedOutAt: null, multiplier: "3.00" })).toBe("0");
  });

  it("is payout over stake, rounded down to 4 decimals, for games with no single multiplier", () => {
    expect(roundMultiplier({ stake: 300n, payout: 100n, view: { bets: [] } })).toBe("0.3333");
    expect(roundMultiplier({ stake: 0n, payout: 0n, view: null })).toBeUndefined();
    expect(trimMultiplier("2.0000")).toBe("2.00");
    expect(trimMultiplier("0.2364")).toBe("0.2364");
    expect(trimMultiplier("1.5000")).toBe("1.50");
  });
});

describe("a bet the balance cannot cover", () => {
  it("is refused before it is sent, after the balance is read again", async () => {
    let reads = 0;
    const refresh = async () => {
      reads++;
      return 90n;
    };
    expect(await coverStake(100n, 150n, refresh)).toEqual({ covered: true });
    expect(reads).toBe(0);
    expect(await coverStake(100n, 50n, refresh)).toEqual({ covered: false, balance: 90n });
    expect(reads).toBe(1);
  });

  it("goes through when the balance read anew covers it (the one shown was stale)", async () => {
    expect(await coverStake(100n, 50n, async () => 500n)).toEqual({ covered: true });
  });

  it("is left to the server when nobody can tell the balance", async () => {
    expect(await coverStake(100n, null, async () => 0n)).toEqual({ covered: true });
    expect(await coverStake(100n, 50n, async () => null)).toEqual({ covered: true });
  });
});
