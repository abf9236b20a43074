import { type Static, Type } from "@sinclair/typebox";
import type { GameCategory } from "./catalog.ts";
import type { AppliedJurisdiction } from "./jurisdiction-policy.ts";
import { JURISDICTION_NAMES, minRoundSecondsFor } from "./jurisdictions.ts";

/** The profile and rules of a session, as the launch answer and the game API's session data give them. */
export const JurisdictionInfo = Type.Object(
  {
    profile: Type.Union(
      JURISDICTION_NAMES.map((name) => Type.Literal(name)),
      { description: "The jurisdiction profile that applies (docs/jurisdictions.md)." },
    ),
    rules: Type.Object(
      {
        autobet: Type.Boolean({ description: "Whether autobet may be offered." }),
        fastPlay: Type.Boolean({
          description: "Whether fast play and keyboard shortcuts that start rounds may be offered.",
        }),
        minRoundSeconds: Type.Number({
          description:
            "For this game: minimum time between the starts of two rounds of the player, in seconds (0: none).",
        }),
        slotCategories: Type.Array(Type.String(), {
          description: "The game categories the profile's minimum round duration covers.",
        }),
        netPosition: Type.Boolean({
          description: "Whether the net position (payouts minus stakes) is shown.",
        }),
        sessionTimer: Type.Boolean({ description: "Whether the time played in the session is shown." }),
        realityCheck: Type.Object(
          {
            intervalMinutes: Type.Union([Type.Integer(), Type.Null()], {
              description: "Minutes between reality checks in this session; null: none.",
            }),
            minMinutes: Type.Integer({ description: "Shortest interval a launch may set." }),
            maxMinutes: Type.Integer({ description: "Longest interval a launch may set." }),
          },
          { additionalProperties: false },
        ),
        rtpShown: Type.Boolean({ description: "Whether the return to player is shown." }),
        celebrateAtMostStake: Type.Boolean({
          description: "Whether a round returning the stake or less may be celebrated as a win.",
        }),
        wording: Type.Union([Type.Literal("gambling"), Type.Literal("social")], {
          description: "gambling: money wording; social: no betting or money wording.",
        }),
      },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    description: "The jurisdiction profile and rules that apply to the session.",
  },
);
export type JurisdictionInfo = Static<typeof JurisdictionInfo>;

/** The wire form of a session's profile, for a game of `category`. */
export function jurisdictionInfo(applied: AppliedJurisdiction, category: GameCategory): JurisdictionInfo {
  const { rules } = applied;
  return {
    profile: applied.profile,
    rules: {
      autobet: rules.autobet,
      fastPlay: rules.fastPlay,
      minRoundSeconds: minRoundSecondsFor(rules, category),
      slotCategories: [...rules.slotCategories],
      netPosition: rules.netPosition,
      sessionTimer: rules.sessionTimer,
      realityCheck: {
        intervalMinutes: applied.realityCheckMinutes,
        minMinutes: rules.realityCheck.minMinutes,
        maxMinutes: rules.realityCheck.maxMinutes,
      },
      rtpShown: rules.rtpShown,
      celebrateAtMostStake: rules.celebrateAtMostStake,
      wording: rules.wording,
    },
  };
}
