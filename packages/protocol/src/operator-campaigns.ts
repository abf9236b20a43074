import { type Static, Type } from "@sinclair/typebox";

/**
 * Wire schemas of the operator API's free-round campaigns (docs/free-rounds.md): create, grant, read, cancel.
 * Amounts are decimal strings in the campaign's currency (money.ts); instants are ISO 8601.
 */

/** The longest campaign window, in days. */
export const CAMPAIGN_MAX_DAYS = 90;
/** The most grants one `POST /operator/campaigns/{id}/players` takes. */
export const GRANT_BATCH_MAX = 1_000;
/** The most free rounds one player is granted per campaign. */
export const ROUNDS_PER_PLAYER_MAX = 1_000;

const Reference = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: 128,
    pattern: "^[\\x21-\\x7e]+$",
    description,
    examples: ["spring-drops-2030"],
  });

const Instant = (description: string) =>
  Type.String({ format: "date-time", description, examples: ["2030-04-01T00:00:00Z"] });

export const CreateCampaignRequest = Type.Object(
  {
    reference: Reference(
      "Your own ID of the campaign: a creation resent with the same reference answers the first campaign (200), never a second one.",
    ),
    gameCodes: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: 100,
        description: "Games of the campaign (single-round and cash-out games of your packs).",
      }),
    ),
    packs: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: 20,
        description:
          "Packs of yours whose single-round and cash-out games the campaign covers, beside gameCodes.",
      }),
    ),
    currency: Type.String({
      minLength: 1,
      maxLength: 16,
      description: "The currency of the bet and of every session that plays it.",
    }),
    bet: Type.String({
      description: "The bet of every free round, a decimal string within the currency's and your bet limits.",
      examples: ["0.20"],
    }),
    params: Type.Optional(
      Type.Unknown({
        description:
          'Fixed game parameters every free round is played with, e.g. {"rows":12,"risk":"low"} for Plinko; each game of the campaign must accept them.',
      }),
    ),
    roundsPerPlayer: Type.Integer({
      minimum: 1,
      maximum: ROUNDS_PER_PLAYER_MAX,
      description: "Free rounds each grant gives its player.",
    }),
    startsAt: Type.Optional(Instant("When the rounds may be played from; absent: now.")),
    endsAt: Instant(
      `When unplayed rounds lapse: after startsAt, in the future, at most ${CAMPAIGN_MAX_DAYS} days after startsAt. A round open at that moment is finished and paid.`,
    ),
  },
  { additionalProperties: false },
);
export type CreateCampaignRequest = Static<typeof CreateCampaignRequest>;

export const CampaignDay = Type.Object({
  day: Type.String({ description: "UTC calendar day of the rounds' opening.", examples: ["2030-04-02"] }),
  roundsPlayed: Type.Integer(),
  paid: Type.String({ description: "Total the rounds paid, in the campaign's currency." }),
});

export const Campaign = Type.Object({
  campaignId: Type.String({ format: "uuid" }),
  reference: Type.String(),
  gameCodes: Type.Array(Type.String()),
  currency: Type.String(),
  bet: Type.String(),
  params: Type.Optional(Type.Unknown()),
  roundsPerPlayer: Type.Integer(),
  startsAt: Type.String({ format: "date-time" }),
  endsAt: Type.String({ format: "date-time" }),
  status: Type.Union([
    Type.Literal("scheduled"),
    Type.Literal("active"),
    Type.Literal("ended"),
    Type.Literal("cancelled"),
  ]),
  players: Type.Integer({ description: "Players granted rounds." }),
  roundsGranted: Type.Integer(),
  roundsRemaining: Type.Integer({ description: "Rounds granted and not yet played." }),
  days: Type.Array(CampaignDay, { description: "Rounds played and paid per UTC day." }),
});
export type Campaign = Static<typeof Campaign>;

export const GrantPlayersRequest = Type.Object(
  {
    players: Type.Array(
      Type.Object(
        {
          playerId: Type.String({ minLength: 1, maxLength: 256 }),
          reference: Reference("Your own ID of the grant: resent, it answers the first grant."),
        },
        { additionalProperties: false },
      ),
      {
        minItems: 1,
        maxItems: GRANT_BATCH_MAX,
        description: `At most ${GRANT_BATCH_MAX} grants per request.`,
      },
    ),
  },
  { additionalProperties: false },
);
export type GrantPlayersRequest = Static<typeof GrantPlayersRequest>;

const GRANT_FIELDS = {
  grantId: Type.String({ format: "uuid" }),
  campaignId: Type.String({ format: "uuid" }),
  playerId: Type.String(),
  reference: Type.String(),
  rounds: Type.Integer(),
  roundsRemaining: Type.Integer(),
};

export const GrantView = Type.Object({
  ...GRANT_FIELDS,
  created: Type.Boolean({
    description: "false: this reference was granted before; the first grant is answered.",
  }),
});
export type GrantView = Static<typeof GrantView>;

export const GrantPlayersResponse = Type.Object({ grants: Type.Array(GrantView) });
export type GrantPlayersResponse = Static<typeof GrantPlayersResponse>;

export const PlayerFreeRoundsRequest = Type.Object(
  { playerId: Type.String({ minLength: 1, maxLength: 256 }) },
  { additionalProperties: false },
);
export type PlayerFreeRoundsRequest = Static<typeof PlayerFreeRoundsRequest>;

export const PlayerFreeRoundsResponse = Type.Object({
  playerId: Type.String(),
  grants: Type.Array(
    Type.Object({
      ...GRANT_FIELDS,
      campaignReference: Type.String(),
      campaignStatus: Campaign.properties.status,
      endsAt: Type.String({ format: "date-time" }),
    }),
  ),
});
export type PlayerFreeRoundsResponse = Static<typeof PlayerFreeRoundsResponse>;
