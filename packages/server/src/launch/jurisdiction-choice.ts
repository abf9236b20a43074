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
