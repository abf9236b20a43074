import type { GameCategory } from "./catalog.ts";
import {
  isJurisdictionName,
  JURISDICTION_PROFILES,
  type JurisdictionName,
  type JurisdictionRules,
  minRoundSecondsFor,
} from "./jurisdictions.ts";

/**
 * Which profile a launch gets: the player's location sets the least strict profile allowed, and a launch
 * may tighten the rules, never loosen them (docs/jurisdictions.md).
 */

/**
 * The least strict profile allowed per player location, an ISO 3166-2 region ("CA-ON") or an ISO 3166-1
 * country ("GB"); the region's entry comes before its country's. Locations not listed: `default`.
 */
export const LOCATION_FLOORS: Readonly<Record<string, JurisdictionName>> = {
  GB: "UKGC",
  "CA-ON": "ONTARIO",
  MT: "MGA",
};

/** The least strict profile a player located in `location` ("GB", "CA-ON") may play under. */
export function locationFloor(location: string): JurisdictionName {
  return LOCATION_FLOORS[location] ?? LOCATION_FLOORS[location.slice(0, 2)] ?? "default";
}

const CATEGORIES: readonly GameCategory[] = ["instant", "cash-out", "table"];

/** Whether every rule of `candidate` protects the player at least as much as the same rule of `floor`. */
export function atLeastAsStrict(candidate: JurisdictionRules, floor: JurisdictionRules): boolean {
  const noLooser = (allowedInCandidate: boolean, allowedInFloor: boolean) =>
    !allowedInCandidate || allowedInFloor;
  const noLessShown = (shownInCandidate: boolean, shownInFloor: boolean) => shownInCandidate || !shownInFloor;
  const checks = candidate.realityCheck;
  const floorChecks = floor.realityCheck;
  return (
    noLooser(candidate.autobet, floor.autobet) &&
    noLooser(candidate.fastPlay, floor.fastPlay) &&
    noLooser(candidate.celebrateAtMostStake, floor.celebrateAtMostStake) &&
    CATEGORIES.every(
      (category) => minRoundSecondsFor(candidate, category) >= minRoundSecondsFor(floor, category),
    ) &&
    noLessShown(candidate.netPosition, floor.netPosition) &&
    noLessShown(candidate.sessionTimer, floor.sessionTimer) &&
    noLessShown(candidate.rtpShown, floor.rtpShown) &&
    (floorChecks.defaultMinutes === null || checks.defaultMinutes !== null) &&
    checks.maxMinutes <= floorChecks.maxMinutes &&
    (floor.wording === "gambling" || candidate.wording === "social")
  );
}

export interface JurisdictionChoice {
  /** The operator's default profile. */
  operatorDefault: JurisdictionName;
  /** The player's location as the launch gives it ("GB", "CA-ON"). */
  location: string;
  /** The launch's `jurisdiction`, as sent. */
  requested?: string;
  /** The launch's `realityCheckMinutes`, as sent. */
  realityCheckMinutes?: number;
}

export interface AppliedJurisdiction {
  profile: JurisdictionName;
  rules: JurisdictionRules;
  /** The reality-check interval of the session; null: none. */
  realityCheckMinutes: number | null;
}

export type JurisdictionRefusal =
  | { code: "unknown_jurisdiction"; requested: string }
  | { code: "jurisdiction_not_allowed"; profile: JurisdictionName; floor: JurisdictionName }
  | {
      code: "reality_check_interval_out_of_bounds";
      profile: JurisdictionName;
      minMinutes: number;
      maxMinutes: number;
    };

export type JurisdictionDecision =
  | { ok: true; applied: AppliedJurisdiction }
  | ({ ok: false } & JurisdictionRefusal);

/**
 * The profile and reality-check interval of a launch. A named profile looser than the location's floor is
 * refused; without a name the operator's default applies, or the location's floor where the default would
 * loosen it, so a player is never below the rules of where they are.
 */
export function chooseJurisdiction(choice: JurisdictionChoice): JurisdictionDecision {
  const floor = locationFloor(choice.location);
  let profile: JurisdictionName;
  if (choice.requested === undefined) {
    const fallback = JURISDICTION_PROFILES[choice.operatorDefault];
    profile = atLeastAsStrict(fallback, JURISDICTION_PROFILES[floor]) ? choice.operatorDefault : floor;
  } else if (!isJurisdictionName(choice.requested)) {
    return { ok: false, code: "unknown_jurisdiction", requested: choice.requested };
  } else if (!atLeastAsStrict(JURISDICTION_PROFILES[choice.requested], JURISDICTION_PROFILES[floor])) {
    return { ok: false, code: "jurisdiction_not_allowed", profile: choice.requested, floor };
  } else {
    profile = choice.requested;
  }
  const rules = JURISDICTION_PROFILES[profile];
  const bounds = rules.realityCheck;
  const minutes = choice.realityCheckMinutes ?? bounds.defaultMinutes;
  if (minutes !== null && (minutes < bounds.minMinutes || minutes > bounds.maxMinutes)) {
    return {
      ok: false,
      code: "reality_check_interval_out_of_bounds",
      profile,
      minMinutes: bounds.minMinutes,
      maxMinutes: bounds.maxMinutes,
    };
  }
  return { ok: true, applied: { profile, rules, realityCheckMinutes: minutes } };
}
