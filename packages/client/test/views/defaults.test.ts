/**
 * A game opens with a bet that can be placed: in every currency we list, for every game code, within the
 * currency's limits and limits an operator or a launch narrowed, the first stake the shell would send is
 * within the limits, its params are ones the server's game accepts, and no single-round bet could pay more
 * than the maximum win.
 */
import { GAMES_BY_SLUG } from "@rgs/games/registry";
import { GAMES } from "@rgs/protocol/catalog";
import { CURRENCIES, resolveCurrency } from "@rgs/protocol/currencies";
import { parseAmount } from "@rgs/protocol/money";
import { describe, expect, it } from "vitest";
import { checkBet, firstAmountText } from "../../src/shell/hooks/use-bet-amount.ts";
import { viewSlugs } from "../../src/views/registry.ts";
import type { GameViewModule, Limits } from "../../src/views/types.ts";
import { parse } from "./rounds.ts";

const modules = import.meta.glob<GameViewModule>("../../src/views/*/index.tsx", { eager: true });
const viewOf = (slug: string) => modules[`../../src/views/${slug}/index.tsx`] as GameViewModule;

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);
const minOf = (a: bigint, b: bigint) => (a < b ? a : b);

const minor = (text: string, decimals: number) => {
  const read = parseAmount(text, decimals);
  if (!read.ok) throw new Error(`bad limit ${text}`);
  return read.minor;
};

/** The limits a session may have: the currency's own, an operator's narrower ones, a launch's narrowest. */
function limitsOf(code: string): { name: string; limits: Limits; decimals: number }[] {
  const currency = resolveCurrency(code);
  if (!currency) throw new Error(`no currency ${code}`);
  const { decimals } = currency;
  const base: Limits = {
    minBet: minor(currency.defaultLimits.minBet, decimals),
    maxBet: minor(currency.defaultLimits.maxBet, decimals),
    maxWin: minor(currency.defaultLimits.maxWin, decimals),
  };
  const unit = 10n ** BigInt(decimals);
  return [
    { name: "currency", limits: base, decimals },
    // An operator that starts at ten units: the one-unit chip of the tables is below the minimum.
    {
      // An operator that starts at ten units (where the currency's maximum leaves room for it): the one-unit
      // chip of the tables is below its minimum.
      name: "min 10 units",
      limits: { ...base, minBet: maxOf(base.minBet, minOf(10n * unit, base.maxBet / 100n)) },
      decimals,
    },
    // A launch that allows one stake only, below one unit when the currency has decimals.
    { name: "single stake", limits: { ...base, maxBet: base.minBet }, decimals },
  ];
}

describe("the first bet of every game", () => {
  it("covers every game of the catalog, and every currency", () => {
    expect(viewSlugs().sort()).toEqual(Object.keys(GAMES_BY_SLUG).sort());
    expect(CURRENCIES.length).toBeGreaterThan(40);
  });

  for (const info of GAMES) {
    it(`${info.code}: is within the limits and accepted, in every currency and narrowed limit`, () => {
      const view = viewOf(info.slug);
      for (const currency of CURRENCIES) {
        for (const { name, limits, decimals } of limitsOf(currency.code)) {
          const where = `${currency.code}, ${name}`;
          const params = view.defaultParams(info.code, { decimals, limits });
          const context = { view, gameCode: info.code, locale: "en", decimals, limits };
          const check = checkBet(context, params, firstAmountText(context));
          expect(check, where).toMatchObject({ ok: true });
          if (!check.ok) continue;
          expect(check.minor >= limits.minBet && check.minor <= limits.maxBet, where).toBe(true);
          const { game, rtp, parsed } = parse(info.code, params, decimals);
          expect(parsed, where).toMatchObject({ ok: true });
          if (parsed.ok && game.kind === "single") {
            const stake = game.stakeOf(parsed.value, check.minor);
            expect(stake, where).toBe(check.minor);
            expect(game.maxPayout(parsed.value, stake, rtp) <= limits.maxWin, where).toBe(true);
          }
        }
      }
    });
  }
});
