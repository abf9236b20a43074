import { type Static, Type } from "@sinclair/typebox";
import { FreeRoundMark } from "./operator-api.ts";

/**
 * Wire schemas of the operator API's reports (`POST /operator/reports/ggr`, `POST /operator/reports/free-rounds`,
 * `POST /operator/reconciliation`).
 * Filters travel in the signed JSON body, never in a query string. Amounts are decimal strings in the
 * row's currency (money.ts); instants are ISO 8601 in UTC.
 */

/** The longest daily report, in days (a leap year). */
export const GGR_DAILY_MAX_DAYS = 366;
/** The longest hourly report, in days. */
export const GGR_HOURLY_MAX_DAYS = 31;

const CalendarDate = (description: string) =>
  Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description, examples: ["2030-03-31"] });

const TimeZone = (absent: string) =>
  Type.String({
    minLength: 1,
    maxLength: 64,
    description: `An IANA time zone (Europe/Berlin, Asia/Kathmandu, UTC). Days and hours follow its clock, DST changes included: a day may last 23 or 25 hours. ${absent}`,
    examples: ["Asia/Kathmandu"],
  });

const Amount = (description: string) => Type.String({ description, examples: ["1250.00"] });

const DEMO_NOTE = Type.Literal("excluded", {
  description: "Demo rounds (virtual balance) are never counted.",
});

const GgrGrouping = Type.Union([Type.Literal("game"), Type.Literal("currency")], {
  description:
    "game (absent: the default): a row per period, game and currency. currency: a row per period and currency, totalled over every game (or over gameCodes), without gameCode: a year by day is about 365 rows per currency. Its players are distinct over the games, exact for days in UTC and in your operator's zone when no gameCodes are given.",
});

export const GgrReportRequest = Type.Object(
  {
    from: CalendarDate("First day of the report, in the report's time zone."),
    to: CalendarDate(
      `Last day of the report (included). At most ${GGR_DAILY_MAX_DAYS} days from the first by day, ${GGR_HOURLY_MAX_DAYS} by hour.`,
    ),
    granularity: Type.Union([Type.Literal("day"), Type.Literal("hour")], {
      description: "One row per day or per local hour, game and currency.",
    }),
    groupBy: Type.Optional(GgrGrouping),
    timeZone: Type.Optional(TimeZone("Absent: your operator's own zone (UTC unless configured otherwise).")),
    gameCodes: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: 100,
        description: "Only these game codes.",
      }),
    ),
    currencies: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 16 }), {
        minItems: 1,
        maxItems: 50,
        description: "Only these currencies.",
      }),
    ),
  },
  { additionalProperties: false, description: "Body of POST /operator/reports/ggr." },
);
export type GgrReportRequest = Static<typeof GgrReportRequest>;

export const GgrReportRow = Type.Object(
  {
    gameCode: Type.Optional(Type.String({ description: "Absent when the report is grouped by currency." })),
    currency: Type.String(),
    bets: Amount(
      "Stakes the wallet confirmed in the period, less stakes it confirmed and then refunded. Paid play only: a free round stakes nothing.",
    ),
    wins: Amount(
      "Payouts the wallet confirmed in the period on paid rounds (free rounds' are in bonusWins).",
    ),
    ggr: Amount("bets - wins: the paid play's gross gaming revenue, free rounds' payouts left out."),
    rounds: Type.Integer({
      description: "Paid rounds whose opening stake the wallet confirmed in the period.",
    }),
    players: Type.Integer({ description: "Distinct players with a confirmed paid stake in the period." }),
    bonusWins: Type.Optional(
      Amount(
        "The bonus line beside GGR: payouts the wallet confirmed in the period on free rounds of your campaigns, which stake nothing. GGR less bonusWins is the net after promotions. Present, with bonusRounds, only on rows with free-round play: absent reads as 0.",
      ),
    ),
    bonusRounds: Type.Optional(
      Type.Integer({
        description:
          "Free rounds whose opening (0) debit the wallet confirmed in the period. Present, with bonusWins, only on rows with free-round play: absent reads as 0.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type GgrReportRow = Static<typeof GgrReportRow>;

/** A period of the report with its rows: what every row of it shares is written once. */
export const GgrReportPeriod = Type.Object(
  {
    period: Type.String({
      description:
        'The day ("2030-03-31") or the local hour with its offset ("2030-10-27T02:00+01:00": the hour a DST change repeats appears twice).',
    }),
    start: Type.String({ format: "date-time", description: "Start of the period (UTC)." }),
    end: Type.String({ format: "date-time", description: "End of the period (UTC), excluded." }),
    playersApproximate: Type.Boolean({
      description:
        "false: the players of this period's rows are exact (days in UTC and in your operator's zone). true: estimates (hours: players counted once per 15 minutes, an upper bound; days in another zone: the UTC days' players shared out by overlap; totals over the games of gameCodes: each game's players added, an upper bound).",
    }),
    rows: Type.Array(GgrReportRow, {
      description: "Game codes (when grouped by game), then currencies, in order; never empty.",
    }),
  },
  { additionalProperties: false },
);
export type GgrReportPeriod = Static<typeof GgrReportPeriod>;

export const GgrReportResponse = Type.Object(
  {
    timeZone: Type.String(),
    granularity: Type.Union([Type.Literal("day"), Type.Literal("hour")]),
    groupBy: Type.Union([Type.Literal("game"), Type.Literal("currency")]),
    from: Type.String(),
    to: Type.String(),
    through: Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
      description:
        "Transactions confirmed before this instant are counted; later ones are added within a minute or two. null: nothing counted yet.",
    }),
    demo: DEMO_NOTE,
    periods: Type.Array(GgrReportPeriod, {
      description: "The periods with play, in order; a period without play is left out.",
    }),
  },
  { additionalProperties: false },
);
export type GgrReportResponse = Static<typeof GgrReportResponse>;

export const FreeRoundReportRequest = Type.Object(
  {
    from: CalendarDate("First day of the report, in the report's time zone."),
    to: CalendarDate(`Last day of the report (included), at most ${GGR_DAILY_MAX_DAYS} days from the first.`),
    timeZone: Type.Optional(TimeZone("Absent: your operator's own zone (UTC unless configured otherwise).")),
    campaignIds: Type.Optional(
      Type.Array(Type.String({ minLength: 36, maxLength: 36, description: "A campaign ID of yours." }), {
        minItems: 1,
        maxItems: 100,
        description: "Only these campaigns (absent: every campaign of yours).",
      }),
    ),
    currencies: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 16 }), {
        minItems: 1,
        maxItems: 50,
        description: "Only the campaigns in these currencies.",
      }),
    ),
  },
  { additionalProperties: false, description: "Body of POST /operator/reports/free-rounds." },
);
export type FreeRoundReportRequest = Static<typeof FreeRoundReportRequest>;

export const FreeRoundReportRow = Type.Object(
  {
    campaignId: Type.String(),
    reference: Type.String({ description: "Your reference of the campaign." }),
    currency: Type.String({ description: "The campaign's currency." }),
    roundsPlayed: Type.Integer({
      description: "Free rounds whose opening (0) debit your wallet confirmed in the period.",
    }),
    paid: Amount(
      "Payouts of the campaign's free rounds your wallet confirmed in the period: the campaign's share of the GGR report's bonusWins.",
    ),
    players: Type.Integer({ description: "Distinct players with a free round opened in the period." }),
  },
  { additionalProperties: false },
);
export type FreeRoundReportRow = Static<typeof FreeRoundReportRow>;

export const FreeRoundReportPeriod = Type.Object(
  {
    period: Type.String({ description: 'The day ("2030-03-31").' }),
    start: Type.String({ format: "date-time", description: "Start of the day (UTC)." }),
    end: Type.String({ format: "date-time", description: "End of the day (UTC), excluded." }),
    rows: Type.Array(FreeRoundReportRow, {
      description: "A row per campaign with play that day, by reference then campaign ID; never empty.",
    }),
  },
  { additionalProperties: false },
);
export type FreeRoundReportPeriod = Static<typeof FreeRoundReportPeriod>;

export const FreeRoundReportResponse = Type.Object(
  {
    timeZone: Type.String(),
    from: Type.String(),
    to: Type.String(),
    demo: DEMO_NOTE,
    periods: Type.Array(FreeRoundReportPeriod, {
      description: "The days with free-round play, in order; a day without any is left out.",
    }),
  },
  { additionalProperties: false },
);
export type FreeRoundReportResponse = Static<typeof FreeRoundReportResponse>;

export const ReconciliationRequest = Type.Object(
  {
    date: CalendarDate("The day, in your operator's time zone."),
    currency: Type.String({ minLength: 1, maxLength: 16, examples: ["USD"] }),
  },
  { additionalProperties: false, description: "Body of POST /operator/reconciliation." },
);
export type ReconciliationRequest = Static<typeof ReconciliationRequest>;

export const ReconciliationEntry = Type.Object(
  {
    transactionId: Type.String({
      description: "The transactionId of the callback, as your wallet received it.",
    }),
    kind: Type.Union([Type.Literal("debit"), Type.Literal("credit"), Type.Literal("rollback")]),
    amount: Amount("The callback's amount."),
    roundId: Type.String(),
    playerId: Type.String(),
    gameCode: Type.String(),
    confirmedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
      description: "When your wallet's answer was received; null when it never was.",
    }),
    reverses: Type.Optional(Type.String({ description: "On a rollback: the debit's transactionId." })),
    state: Type.Union(
      [
        Type.Literal("confirmed"),
        Type.Literal("pending"),
        Type.Literal("ambiguous"),
        Type.Literal("dead_letter"),
        Type.Literal("resolved_by_hand"),
      ],
      {
        description:
          "confirmed: your wallet answered OK (or ERROR_TRANSACTION_DOES_NOT_EXIST to a rollback); pending: still being sent; ambiguous: a debit whose answer never came and whose rollback is not yet confirmed; dead_letter: refused by your wallet, waiting for a person; resolved_by_hand: settled by a person outside the API.",
      },
    ),
    counted: Type.Union(
      [
        Type.Literal("bet"),
        Type.Literal("win"),
        Type.Literal("bonus_win"),
        Type.Literal("refund"),
        Type.Literal("not_applied"),
        Type.Literal("none"),
      ],
      {
        description:
          "How the totals count it: bet (a confirmed debit; a free round's is 0), win (a confirmed credit of a paid round), bonus_win (a confirmed credit of a free round: in bonusWins, not in wins or GGR), refund (a rollback of a confirmed debit, taken off the bets), not_applied (a rollback answered ERROR_TRANSACTION_DOES_NOT_EXIST or of a debit never confirmed: nothing moved in the totals), none (not confirmed: not in the totals).",
      },
    ),
    walletStatus: Type.Union([Type.String(), Type.Null()], {
      description: "The status of your wallet's last answer (OK, ERROR_TRANSACTION_DOES_NOT_EXIST...).",
    }),
    freeRound: Type.Optional(FreeRoundMark),
    resolution: Type.Optional(
      Type.Object(
        {
          resolvedAt: Type.String({ format: "date-time" }),
          resolvedBy: Type.String(),
          note: Type.String(),
          replacedBy: Type.Optional(
            Type.String({
              description:
                "On a credit your wallet did not apply: the transactionId of the new credit sent in its place (counted once it is confirmed; this one never is).",
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ReconciliationEntry = Static<typeof ReconciliationEntry>;

export const ReconciliationResponse = Type.Object(
  {
    date: Type.String(),
    timeZone: Type.String({ description: "Your operator's zone, whose day this is." }),
    start: Type.String({ format: "date-time" }),
    end: Type.String({ format: "date-time" }),
    currency: Type.String(),
    final: Type.Boolean({
      description:
        "true once the day is over (and settled a minute) and none of its callbacks is pending, ambiguous or a dead letter; until then the figures may still change, and `unsettled` lists what holds them.",
    }),
    demo: DEMO_NOTE,
    totals: Type.Object(
      {
        bets: Amount("Confirmed debits less refunds."),
        wins: Amount("Confirmed credits."),
        ggr: Amount("bets - wins."),
        bonusWins: Amount("Confirmed credits of free rounds: the bonus line beside GGR."),
        debits: Type.Integer(),
        credits: Type.Integer(),
        rollbacks: Type.Integer(),
      },
      { additionalProperties: false },
    ),
    digest: Type.String({
      description:
        "SHA-256 (hex) of the `transactions` lines `transactionId,kind,amount,confirmedAt,counted`, each ending in a newline, in order: equal digests, equal days.",
    }),
    transactions: Type.Array(ReconciliationEntry, {
      description: "Every callback your wallet confirmed that day, in the order confirmed.",
    }),
    unsettled: Type.Array(ReconciliationEntry, {
      description:
        "The day's callbacks still pending, ambiguous or dead letters: while any is listed, final is false.",
    }),
    resolvedByHand: Type.Array(ReconciliationEntry, {
      description: "The day's callbacks a person settled outside the API: not in the totals.",
    }),
  },
  { additionalProperties: false },
);
export type ReconciliationResponse = Static<typeof ReconciliationResponse>;
