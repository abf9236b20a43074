import { formatAmount } from "./money.ts";

/** Default bet limits of a currency, as decimal strings in that currency. */
export interface BetLimits {
  minBet: string;
  maxBet: string;
  maxWin: string;
}

export interface Currency {
  code: string;
  name: string;
  /** Decimals on the wire and in the ledger: ISO 4217 minor units for fiat, see docs/money.md for crypto. */
  decimals: number;
  /** virtual: play money of social and sweepstakes casinos, never exchanged by the RGS (docs/money.md). */
  kind: "fiat" | "crypto" | "virtual";
  defaultLimits: BetLimits;
}

/** The reference limits in US dollars, in cents: 0.10 minimum bet, 1,000 maximum bet, 100,000 maximum win. */
const USD_MIN_BET_CENTS = 10n;
const USD_MAX_BET_CENTS = 100_000n;
const USD_MAX_WIN_CENTS = 10_000_000n;

/**
 * Scales the US dollar limits by a round figure close to the currency's price in US dollars
 * (`perUsd` units of the currency buy roughly one dollar). Written as a decimal string so that crypto
 * factors such as 0.00001 stay exact.
 */
function limitsFor(perUsd: string, decimals: number): BetLimits {
  const [integer = "", fraction = ""] = perUsd.split(".");
  const factorUnits = BigInt(integer + fraction);
  const factorScale = fraction.length;
  const convert = (usdCents: bigint): string => {
    // usdCents × factor, expressed in the currency's minor units: × 10^decimals / (100 × 10^factorScale).
    const numerator = usdCents * factorUnits * 10n ** BigInt(decimals);
    const denominator = 100n * 10n ** BigInt(factorScale);
    if (numerator % denominator !== 0n) {
      throw new Error(`limits for factor ${perUsd} are not representable with ${decimals} decimals`);
    }
    return formatAmount(numerator / denominator, decimals);
  };
  return {
    minBet: convert(USD_MIN_BET_CENTS),
    maxBet: convert(USD_MAX_BET_CENTS),
    maxWin: convert(USD_MAX_WIN_CENTS),
  };
}

type Row = readonly [code: string, name: string, decimals: number, perUsd: string];

/** ISO 4217 codes and minor units; the last column is the round-figure rate used for default limits. */
const FIAT: readonly Row[] = [
  ["USD", "US Dollar", 2, "1"],
  ["EUR", "Euro", 2, "1"],
  ["GBP", "Pound Sterling", 2, "1"],
  ["CHF", "Swiss Franc", 2, "1"],
  ["CAD", "Canadian Dollar", 2, "1"],
  ["AUD", "Australian Dollar", 2, "2"],
  ["NZD", "New Zealand Dollar", 2, "2"],
  ["SEK", "Swedish Krona", 2, "10"],
  ["NOK", "Norwegian Krone", 2, "10"],
  ["DKK", "Danish Krone", 2, "10"],
  ["PLN", "Polish Zloty", 2, "5"],
  ["CZK", "Czech Koruna", 2, "20"],
  ["HUF", "Hungarian Forint", 2, "500"],
  ["RON", "Romanian Leu", 2, "5"],
  ["BGN", "Bulgarian Lev", 2, "2"],
  ["TRY", "Turkish Lira", 2, "50"],
  ["BRL", "Brazilian Real", 2, "5"],
  ["MXN", "Mexican Peso", 2, "20"],
  ["ARS", "Argentine Peso", 2, "1000"],
  ["CLP", "Chilean Peso", 0, "1000"],
  ["COP", "Colombian Peso", 2, "5000"],
  ["PEN", "Peruvian Sol", 2, "5"],
  ["JPY", "Yen", 0, "100"],
  ["KRW", "Won", 0, "1000"],
  ["CNY", "Yuan Renminbi", 2, "10"],
  ["HKD", "Hong Kong Dollar", 2, "10"],
  ["SGD", "Singapore Dollar", 2, "1"],
  ["TWD", "New Taiwan Dollar", 2, "50"],
  ["INR", "Indian Rupee", 2, "100"],
  ["IDR", "Rupiah", 2, "20000"],
  ["MYR", "Malaysian Ringgit", 2, "5"],
  ["PHP", "Philippine Peso", 2, "50"],
  ["THB", "Baht", 2, "50"],
  ["VND", "Dong", 0, "20000"],
  ["ZAR", "Rand", 2, "20"],
  ["NGN", "Naira", 2, "2000"],
  ["KES", "Kenyan Shilling", 2, "100"],
  ["UAH", "Hryvnia", 2, "50"],
  ["KZT", "Tenge", 2, "500"],
  ["AED", "UAE Dirham", 2, "5"],
  ["SAR", "Saudi Riyal", 2, "5"],
  ["ILS", "New Israeli Sheqel", 2, "5"],
];

/**
 * Crypto precision is what casino wallets hold, not always the chain's native unit: ETH, SOL and BNB
 * use 8 decimals because wallets rarely track wei, lamports or jager, and an amount with fewer decimals
 * always fits a wallet that keeps more. XRP, TRX, ADA and the dollar stablecoins use their native 6.
 */
const CRYPTO: readonly Row[] = [
  ["BTC", "Bitcoin", 8, "0.00001"],
  ["ETH", "Ether", 8, "0.0002"],
  ["LTC", "Litecoin", 8, "0.01"],
  ["BCH", "Bitcoin Cash", 8, "0.002"],
  ["DOGE", "Dogecoin", 8, "5"],
  ["XRP", "XRP", 6, "0.5"],
  ["TRX", "TRON", 6, "5"],
  ["SOL", "Solana", 8, "0.005"],
  ["BNB", "BNB", 8, "0.001"],
  ["ADA", "Cardano", 6, "2"],
  ["USDT", "Tether USD", 6, "1"],
  ["USDC", "USD Coin", 6, "1"],
];

/**
 * Social and sweepstakes casinos' play money: Gold Coins are played for fun, Sweeps Coins are given away with
 * them and redeemed under the casino's sweepstakes rules. Neither is an ISO 4217 code; both keep 2 decimals.
 * The rates only scale the default limits: a Sweeps Coin is usually valued at a dollar, Gold Coins sold by
 * the thousand.
 */
const VIRTUAL: readonly Row[] = [
  ["GC", "Gold Coins", 2, "1000"],
  ["SC", "Sweeps Coins", 2, "1"],
];

function build(rows: readonly Row[], kind: Currency["kind"]): Currency[] {
  return rows.map(([code, name, decimals, perUsd]) =>
    Object.freeze({ code, name, decimals, kind, defaultLimits: Object.freeze(limitsFor(perUsd, decimals)) }),
  );
}

export const CURRENCIES: readonly Currency[] = Object.freeze([
  ...build(FIAT, "fiat"),
  ...build(CRYPTO, "crypto"),
  ...build(VIRTUAL, "virtual"),
]);

/** Whether `currency` is play money (Gold Coins, Sweeps Coins): a social session plays in these only, and they only in it. */
export function isVirtualCurrency(currency: Pick<Currency, "kind">): boolean {
  return currency.kind === "virtual";
}

/** Codes accepted in place of a listed code (SPEC: `RMB` is an alias of `CNY`). */
export const CURRENCY_ALIASES: Readonly<Record<string, string>> = Object.freeze({ RMB: "CNY" });

const BY_CODE: ReadonlyMap<string, Currency> = new Map(
  CURRENCIES.map((currency) => [currency.code, currency]),
);

/**
 * The currency for a code or an alias ("RMB" gives the CNY entry). Codes are case-sensitive, as in
 * ISO 4217: "usd" is not a code, so an operator's typo is reported instead of silently normalised.
 */
export function resolveCurrency(code: string): Currency | undefined {
  const canonical = Object.hasOwn(CURRENCY_ALIASES, code) ? CURRENCY_ALIASES[code] : code;
  return canonical === undefined ? undefined : BY_CODE.get(canonical);
}
