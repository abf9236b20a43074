import type { Currency } from "@rgs/protocol/currencies";
import { formatAmount, parseAmount } from "@rgs/protocol/money";
import type { BetLimitsRequest } from "@rgs/protocol/operator-api";

/** Bet limits in minor units of one currency. */
export interface Limits {
  minBet: bigint;
  maxBet: bigint;
  maxWin: bigint;
}

export type LimitsResult =
  | { ok: true; limits: Limits }
  | {
      ok: false;
      code: "invalid_request" | "bet_limits_not_allowed" | "bet_limits_unplayable";
      detail: string;
    };

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);
const minOf = (a: bigint, b: bigint) => (a < b ? a : b);

function parseDefault(value: string, currency: Currency): bigint {
  const parsed = parseAmount(value, currency.decimals);
  if (!parsed.ok) throw new Error(`default limit ${value} of ${currency.code} is invalid: ${parsed.detail}`);
  return parsed.minor;
}

export function currencyDefaultLimits(currency: Currency): Limits {
  return {
    minBet: parseDefault(currency.defaultLimits.minBet, currency),
    maxBet: parseDefault(currency.defaultLimits.maxBet, currency),
    maxWin: parseDefault(currency.defaultLimits.maxWin, currency),
  };
}

/** The intersection of two limit sets: the higher minimum, the lower maxima. */
export function narrowLimits(base: Limits, override: Limits | undefined): Limits {
  if (override === undefined) return base;
  return {
    minBet: maxOf(base.minBet, override.minBet),
    maxBet: minOf(base.maxBet, override.maxBet),
    maxWin: minOf(base.maxWin, override.maxWin),
  };
}

export function formatLimits(
  limits: Limits,
  decimals: number,
): { minBet: string; maxBet: string; maxWin: string } {
  return {
    minBet: formatAmount(limits.minBet, decimals),
    maxBet: formatAmount(limits.maxBet, decimals),
    maxWin: formatAmount(limits.maxWin, decimals),
  };
}

/**
 * Applies the limits asked for in a launch request to the operator's allowed limits. A request may
 * only narrow them: a minimum stake inside [minBet, maxBet], a maximum stake inside the same range,
 * a maximum win up to maxWin; and the result must leave a bet to place (the minimum stake not above the
 * maximum stake nor above the maximum win).
 */
export function applyRequestedLimits(
  allowed: Limits,
  requested: BetLimitsRequest | undefined,
  currency: Currency,
): LimitsResult {
  if (requested === undefined) return { ok: true, limits: allowed };
  const parsed: Partial<Limits> = {};
  for (const field of ["minBet", "maxBet", "maxWin"] as const) {
    const text = requested[field];
    if (text === undefined) continue;
    const amount = parseAmount(text, currency.decimals, { allowZero: false });
    if (!amount.ok) {
      return { ok: false, code: "invalid_request", detail: `Field "betLimits.${field}": ${amount.detail}` };
    }
    parsed[field] = amount.minor;
  }

  const show = (minor: bigint) => formatAmount(minor, currency.decimals);
  const range = `minBet and maxBet between ${show(allowed.minBet)} and ${show(allowed.maxBet)}, maxWin up to ${show(allowed.maxWin)} ${currency.code}`;
  const refuse = (why: string): LimitsResult => ({
    ok: false,
    code: "bet_limits_not_allowed",
    detail: `${why}; betLimits may only narrow this operator's limits: ${range}.`,
  });

  const { minBet, maxBet, maxWin } = parsed;
  if (minBet !== undefined && (minBet < allowed.minBet || minBet > allowed.maxBet)) {
    return refuse(`betLimits.minBet ${show(minBet)} is outside the allowed range`);
  }
  if (maxBet !== undefined && (maxBet < allowed.minBet || maxBet > allowed.maxBet)) {
    return refuse(`betLimits.maxBet ${show(maxBet)} is outside the allowed range`);
  }
  if (maxWin !== undefined && maxWin > allowed.maxWin) {
    return refuse(`betLimits.maxWin ${show(maxWin)} is above the allowed maximum`);
  }
  const limits: Limits = {
    minBet: minBet ?? allowed.minBet,
    maxBet: maxBet ?? allowed.maxBet,
    maxWin: maxWin ?? allowed.maxWin,
  };
  // Limits inside the allowed ones may still leave no bet to place: every bet would be refused.
  const unplayable = (why: string): LimitsResult => ({
    ok: false,
    code: "bet_limits_unplayable",
    detail: `${why}: no bet could be placed in this session. Send minBet <= maxBet and minBet <= maxWin.`,
  });
  if (limits.minBet > limits.maxBet) {
    return unplayable(`betLimits.minBet ${show(limits.minBet)} is above maxBet ${show(limits.maxBet)}`);
  }
  if (limits.maxWin < limits.minBet) {
    return unplayable(`betLimits.maxWin ${show(limits.maxWin)} is below minBet ${show(limits.minBet)}`);
  }
  return { ok: true, limits };
}
