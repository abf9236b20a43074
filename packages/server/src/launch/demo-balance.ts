import { type Currency, resolveCurrency } from "@rgs/protocol/currencies";
import { parseDecimalExact } from "@rgs/protocol/money";
import { currencyDefaultLimits } from "./bet-limits.ts";

/**
 * DEMO_BALANCE is written in US dollars; other currencies get the same purchasing power by the
 * ratio of their default minimum bet to the dollar's (the currency table derives every default
 * from one round-figure exchange rate). 1000 gives 1000.00 USD, 100000 JPY and 0.01 BTC.
 * Rounded down to the currency's minor unit.
 */
export function demoBalanceFor(currency: Currency, demoBalance: string): bigint {
  const usd = resolveCurrency("USD");
  if (usd === undefined) throw new Error("the currency table has no USD entry");
  const amount = parseDecimalExact(demoBalance);
  if (!amount.ok)
    throw new Error(`DEMO_BALANCE ${JSON.stringify(demoBalance)} is not a decimal: ${amount.detail}`);
  const currencyMinBet = currencyDefaultLimits(currency).minBet;
  const usdMinBet = currencyDefaultLimits(usd).minBet;
  const numerator = amount.units * currencyMinBet * 10n ** BigInt(usd.decimals);
  const denominator = usdMinBet * 10n ** BigInt(amount.scale);
  return numerator / denominator;
}
