import { type Currency, isVirtualCurrency } from "@rgs/protocol/currencies";
import type { ErrorCode } from "@rgs/protocol/errors";
import { type AppliedJurisdiction, chooseJurisdiction } from "@rgs/protocol/jurisdiction-policy";
import type { LaunchRequest } from "@rgs/protocol/operator-api";
import type { Operator } from "../store/operators-repository.ts";

export type JurisdictionOutcome =
  | { ok: true; applied: AppliedJurisdiction }
  | { ok: false; code: ErrorCode; detail: string };

/** The profile and reality-check interval of a launch, or why the launch is refused (docs/jurisdictions.md). */
export function decideJurisdiction(
  operator: Pick<Operator, "jurisdiction">,
  request: Pick<LaunchRequest, "countryCode" | "jurisdiction" | "realityCheckMinutes">,
): JurisdictionOutcome {
  const decision = chooseJurisdiction({
    operatorDefault: operator.jurisdiction,
    location: request.countryCode,
    ...(request.jurisdiction !== undefined && { requested: request.jurisdiction }),
    ...(request.realityCheckMinutes !== undefined && { realityCheckMinutes: request.realityCheckMinutes }),
  });
  if (decision.ok) return decision;
  switch (decision.code) {
    case "unknown_jurisdiction":
      return {
        ok: false,
        code: decision.code,
        detail: `Field "jurisdiction": ${JSON.stringify(decision.requested.slice(0, 32))} is not a profile; the profiles are default, UKGC, MGA, ONTARIO and SOCIAL (case-sensitive).`,
      };
    case "jurisdiction_not_allowed":
      return {
        ok: false,
        code: decision.code,
        detail: `Field "jurisdiction": ${decision.profile} is looser than the rules for players located in ${request.countryCode}, which need ${decision.floor} or a stricter profile.`,
      };
    case "reality_check_interval_out_of_bounds":
      return {
        ok: false,
        code: decision.code,
        detail: `Field "realityCheckMinutes": the ${decision.profile} profile allows ${decision.minMinutes} to ${decision.maxMinutes} minutes between reality checks.`,
      };
  }
}

/**
 * Play money and the social wording go together: a social session never stakes money, and a virtual currency
 * under a gambling profile would show bets and wins of coins the player cannot cash, and count them in net
 * positions and reality checks as if they were money (docs/jurisdictions.md).
 */
export function currencyFitsJurisdiction(
  currency: Pick<Currency, "code" | "name" | "kind">,
  applied: Pick<AppliedJurisdiction, "profile" | "rules">,
): { ok: true } | { ok: false; code: ErrorCode; detail: string } {
  const social = applied.rules.wording === "social";
  if (social === isVirtualCurrency(currency)) return { ok: true };
  return {
    ok: false,
    code: "currency_not_allowed",
    detail: social
      ? `Field "currency": a ${applied.profile} session plays in virtual currencies only (GC Gold Coins, SC Sweeps Coins), not ${currency.code}.`
      : `Field "currency": ${currency.code} (${currency.name}) is a virtual currency of social casinos and plays under the SOCIAL profile only ("jurisdiction": "SOCIAL"), not under ${applied.profile}.`,
  };
}
