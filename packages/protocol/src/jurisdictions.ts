import type { GameCategory } from "./catalog.ts";

/**
 * The jurisdiction profiles shipped with the product: how a game may be played in a market. Pure data,
 * browser-safe; every rule and its source is listed in docs/jurisdictions.md.
 */

export const JURISDICTION_NAMES = ["default", "UKGC", "MGA", "ONTARIO", "SOCIAL"] as const;
export type JurisdictionName = (typeof JURISDICTION_NAMES)[number];

/** Bounds of the reality-check interval a launch may set, in whole minutes. */
export interface RealityCheckRule {
  /** The interval when the launch sets none; null: no reality check unless the launch asks for one. */
  defaultMinutes: number | null;
  minMinutes: number;
  maxMinutes: number;
}

export interface JurisdictionRules {
  /** Whether the client may offer autobet (automatic consecutive rounds). */
  autobet: boolean;
  /** Whether the client may offer fast play (shortened animations) and keyboard shortcuts that start rounds. */
  fastPlay: boolean;
  /** The game categories the profile's slot rules (minimum round duration) cover. */
  slotCategories: readonly GameCategory[];
  /** Minimum time between the starts of two rounds of one player in a covered category, in seconds. */
  slotMinRoundSeconds: number;
  /** Whether the player's net position (payouts minus stakes) is shown. */
  netPosition: boolean;
  /** Whether the time played since the session started is shown. */
  sessionTimer: boolean;
  realityCheck: RealityCheckRule;
  /** Whether the game's return to player is shown in its rules. */
  rtpShown: boolean;
  /** Whether a round returning the stake or less may get a win colour, sound or animation. */
  celebrateAtMostStake: boolean;
  /** "gambling": stakes and payouts in money terms; "social": no betting or money wording at all. */
  wording: "gambling" | "social";
}

/** A player may choose any interval from 10 minutes to a day where a profile asks for no particular one. */
const OPTIONAL_REALITY_CHECK: RealityCheckRule = { defaultMinutes: null, minMinutes: 10, maxMinutes: 1440 };

export const JURISDICTION_PROFILES: Readonly<Record<JurisdictionName, JurisdictionRules>> = {
  default: {
    autobet: true,
    fastPlay: true,
    slotCategories: [],
    slotMinRoundSeconds: 0,
    netPosition: false,
    sessionTimer: false,
    realityCheck: OPTIONAL_REALITY_CHECK,
    rtpShown: true,
    celebrateAtMostStake: true,
    wording: "gambling",
  },
  UKGC: {
    autobet: false,
    fastPlay: false,
    slotCategories: ["instant"],
    slotMinRoundSeconds: 2.5,
    netPosition: true,
    sessionTimer: true,
    realityCheck: { defaultMinutes: 60, minMinutes: 10, maxMinutes: 60 },
    rtpShown: true,
    celebrateAtMostStake: false,
    wording: "gambling",
  },
  MGA: {
    autobet: true,
    fastPlay: true,
    slotCategories: [],
    slotMinRoundSeconds: 0,
    netPosition: false,
    sessionTimer: true,
    realityCheck: { defaultMinutes: 60, minMinutes: 10, maxMinutes: 120 },
    rtpShown: true,
    celebrateAtMostStake: true,
    wording: "gambling",
  },
  ONTARIO: {
    autobet: false,
    fastPlay: false,
    slotCategories: ["instant"],
    slotMinRoundSeconds: 2.5,
    netPosition: true,
    sessionTimer: true,
    realityCheck: { defaultMinutes: 60, minMinutes: 10, maxMinutes: 60 },
    rtpShown: true,
    celebrateAtMostStake: false,
    wording: "gambling",
  },
  SOCIAL: {
    autobet: true,
    fastPlay: true,
    slotCategories: [],
    slotMinRoundSeconds: 0,
    netPosition: false,
    sessionTimer: false,
    realityCheck: OPTIONAL_REALITY_CHECK,
    rtpShown: true,
    celebrateAtMostStake: true,
    wording: "social",
  },
};

export function isJurisdictionName(name: string): name is JurisdictionName {
  return (JURISDICTION_NAMES as readonly string[]).includes(name);
}

/** The minimum duration of a round of a game of `category` under `rules`, in seconds (0: none). */
export function minRoundSecondsFor(rules: JurisdictionRules, category: GameCategory): number {
  return rules.slotCategories.includes(category) ? rules.slotMinRoundSeconds : 0;
}
