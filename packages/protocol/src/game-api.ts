import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { JurisdictionInfo } from "./jurisdiction-schema.ts";

/**
 * Wire schemas of the game API: what the game client in the player's browser sends and receives. Every
 * request is authenticated by the session token (`Authorization: Bearer <token>`); amounts are decimal
 * strings in the session currency; every object refuses fields it does not define. Game-specific
 * parameters, actions and views are checked by the game itself, so they are left open here.
 */

const Text = (description: string, options: { minLength?: number; maxLength?: number } = {}) =>
  Type.String({ minLength: options.minLength ?? 1, maxLength: options.maxLength ?? 64, description });

const Amount = (description: string) =>
  Type.String({ minLength: 1, maxLength: 64, description, examples: ["1.00"] });

const Timestamp = (description: string) =>
  Type.String({ description, examples: ["2030-01-01T00:00:00.000Z"] });

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Game parameters, actions' parameters and views: objects whose shape belongs to each game. */
const GameValue = (description: string) => Type.Unknown({ description });

export const GameErrorBody = Type.Object(
  {
    status: Type.Integer({ description: "The HTTP status, repeated." }),
    title: Type.String({ description: "Short summary of the error kind." }),
    code: Type.String({ description: "Machine-readable error code; program against it." }),
    detail: Type.Optional(Type.String({ description: "What was wrong with this request, for a human." })),
    reason: Type.Optional(
      Type.String({
        description:
          "With invalid_params and invalid_action: why the game refused, machine-readable (invalid_mines, bet_not_allowed, max_win_exceeded...); each game's doc lists its reasons.",
      }),
    ),
    customUserError: Type.Optional(
      Type.String({ description: "The operator wallet's own message for the player, shown as sent." }),
    ),
    retryAfterMs: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          "With round_too_soon: milliseconds until a new round may start (Retry-After gives it in whole seconds, rounded up).",
      }),
    ),
    playedSeconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: "With reality_check_due: seconds played since the session's first launch.",
      }),
    ),
    netPosition: Type.Optional(
      Amount(
        'With reality_check_due, where the profile shows it: payouts minus stakes of the session\'s closed rounds ("-" when negative).',
      ),
    ),
  },
  { additionalProperties: false },
);
export type GameErrorBody = Static<typeof GameErrorBody>;

/** Requests without parameters take an empty JSON object, or no body at all. */
export const EmptyRequest = Type.Object({}, { additionalProperties: false, description: "No fields." });
export type EmptyRequest = Static<typeof EmptyRequest>;

export const RoundSummary = Type.Object(
  {
    id: Type.String({ description: "The round ID (the roundId of its wallet callbacks)." }),
    gameCode: Type.String({ description: "The game code with its RTP suffix." }),
    status: Type.Union(
      [Type.Literal("open"), Type.Literal("settling"), Type.Literal("closed"), Type.Literal("cancelled")],
      {
        description:
          "open: waiting for the player's next action; settling: decided, its payout or refund still being delivered to the wallet; closed: over; cancelled: the wallet never confirmed the bet, so it was not played and its stake was returned (note bet_cancelled, stake and payout 0, view null).",
      },
    ),
    stake: Amount("Total staked in the round so far."),
    payout: Amount("Total paid out in the round so far."),
    currency: Type.String({ description: "The session currency." }),
    view: GameValue(
      "What the game shows of the round now; its shape is the game's. null for a cancelled round (nothing was played).",
    ),
    note: Type.Optional(
      Type.String({ description: "Why the round ended on its own, e.g. max_win_reached or abandoned." }),
    ),
    createdAt: Timestamp("When the round started."),
    closedAt: Type.Optional(Timestamp("When the round closed.")),
  },
  { additionalProperties: false },
);
export type RoundSummary = Static<typeof RoundSummary>;

export const PlayRequest = Type.Object(
  {
    amount: Amount(
      "The stake, a decimal string with at most the currency's decimals, within the bet limits.",
    ),
    params: Type.Optional(
      GameValue('The game\'s parameters, e.g. {"condition":"over","target":"50.50"} for dice.'),
    ),
    freeRound: Type.Optional(
      Type.Boolean({
        description:
          "true: play one of the session's free rounds (`freeRounds` of GET /game/current), at its campaign's bet and parameters whatever `amount` and `params` say; the wallet is asked for 0.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type PlayRequest = Static<typeof PlayRequest>;

export const ActionRequest = Type.Object(
  {
    roundId: Text("The open round to act in.", { maxLength: 64 }),
    action: Text('The action, e.g. "reveal" or "cash_out".'),
    params: Type.Optional(GameValue('The action\'s parameters, e.g. {"tile":7}.')),
  },
  { additionalProperties: false },
);
export type ActionRequest = Static<typeof ActionRequest>;

export const RoundResult = Type.Object(
  {
    round: RoundSummary,
    balance: Nullable(
      Amount("The balance after the request; null when the wallet has not confirmed it yet."),
    ),
  },
  { additionalProperties: false },
);
export type RoundResult = Static<typeof RoundResult>;

/** The session's clock and money figures the jurisdiction's player protection rules show or enforce. */
export const PlayerProtection = Type.Object(
  {
    startedAt: Timestamp(
      "When the session was first launched (a repeated launch that reuses the live session keeps it): the session timer counts from here.",
    ),
    netPosition: Type.Optional(
      Amount(
        'Payouts minus stakes of the session\'s closed rounds, in its currency ("-" when negative). Present when the profile shows the net position or the session has reality checks.',
      ),
    ),
    realityCheckDueAt: Nullable(
      Timestamp(
        "When the next reality check falls due: the next play is then refused with reality_check_due until POST /game/reality-check. null when the session has none.",
      ),
    ),
    nextRoundAt: Nullable(
      Timestamp(
        "Before this time a new round is refused with round_too_soon (the profile's minimum round duration). null when none applies now.",
      ),
    ),
  },
  { additionalProperties: false, description: "The session's player-protection figures." },
);
export type PlayerProtection = Static<typeof PlayerProtection>;

/** The operator's responsible-gambling pages, set at onboarding. */
export const ResponsibleGamblingLinks = Type.Object(
  {
    responsibleGambling: Type.Optional(
      Type.String({ description: "The operator's responsible-gambling page (http or https)." }),
    ),
    limits: Type.Optional(
      Type.String({ description: "The page where the player sets their own limits (http or https)." }),
    ),
  },
  {
    additionalProperties: false,
    description: "The operator's responsible-gambling pages; a key is absent when the operator set none.",
  },
);
export type ResponsibleGamblingLinks = Static<typeof ResponsibleGamblingLinks>;

export const SessionInfo = Type.Object(
  {
    gameCode: Type.String({ description: "The launched game code." }),
    currency: Type.String({ description: "The session currency (CNY for a launch in RMB)." }),
    decimals: Type.Integer({ description: "Decimals of the session currency." }),
    minBet: Amount("Smallest bet of this session."),
    maxBet: Amount("Largest bet of this session."),
    maxWin: Amount("Largest payout of one round in this session."),
    rtp: Type.String({ description: 'Declared RTP of the game code, in percent ("96.5").' }),
    mode: Type.Union([Type.Literal("demo"), Type.Literal("real")]),
    languageCode: Type.Optional(
      Type.String({
        description:
          "ISO 639-1 language of the session: the launch request's `languageCode`, else the one the wallet's authenticate answer gave.",
      }),
    ),
    expiresAt: Timestamp("When the session ends if the player does nothing."),
    jurisdiction: JurisdictionInfo,
    // Always sent by this server; optional so that a client built before player protection still reads it.
    ...Type.Partial(PlayerProtection).properties,
    links: Type.Optional(ResponsibleGamblingLinks),
    lobbyUrl: Type.Optional(
      Type.String({
        description:
          "The casino's lobby the player returns to: the operator's configured lobby URL. Absent when there is none. The client takes it from here only, never from its own address.",
      }),
    ),
  },
  { additionalProperties: false, description: "What the game client needs to know about its session." },
);
export type SessionInfo = Static<typeof SessionInfo>;

/** The free rounds a session may play (docs/free-rounds.md). */
export const FreeRoundsInfo = Type.Object(
  {
    campaignId: Type.String({ description: "The campaign the next free round is taken from." }),
    roundsRemaining: Type.Integer({
      minimum: 1,
      description: "Free rounds of that campaign the player has left.",
    }),
    bet: Amount("The fixed bet of every free round; the wallet is asked for 0."),
    params: Type.Optional(GameValue("The fixed game parameters every free round is played with.")),
    endsAt: Type.String({ format: "date-time", description: "When unplayed rounds lapse." }),
  },
  { additionalProperties: false },
);
export type FreeRoundsInfo = Static<typeof FreeRoundsInfo>;

/** The open round of POST /game/current: a free round says so, to be resumed as one after a reload. */
export const CurrentRound = Type.Object(
  {
    ...RoundSummary.properties,
    freeRound: Type.Optional(
      Type.Literal(true, {
        description:
          "Present on a free round of an operator's campaign: the player staked nothing; its payout is a bonus.",
      }),
    ),
    campaignId: Type.Optional(
      Type.String({ description: "With freeRound: the campaign the round was taken from." }),
    ),
    freeRoundBet: Type.Optional(Amount("With freeRound: the campaign's fixed bet the round is played at.")),
  },
  { additionalProperties: false },
);
export type CurrentRound = Static<typeof CurrentRound>;

export const CurrentResponse = Type.Object(
  {
    session: SessionInfo,
    freeRounds: Type.Optional(
      Nullable(
        Type.Object(FreeRoundsInfo.properties, {
          additionalProperties: false,
          description:
            "The free rounds this session may play with POST /game/play and freeRound true; null when none (demo, another game or currency, a campaign bet above the session's maxBet, or none granted).",
        }),
      ),
    ),
    balance: Nullable(Amount("The player's balance now; null when the wallet could not tell.")),
    balanceUnavailable: Type.Optional(Type.String({ description: "Why the balance is null." })),
    round: Nullable(CurrentRound),
  },
  { additionalProperties: false },
);
export type CurrentResponse = Static<typeof CurrentResponse>;

/** The answer of POST /game/reality-check: the session's figures once the check is acknowledged. */
export const RealityCheckResponse = Type.Object(
  { session: PlayerProtection },
  { additionalProperties: false },
);
export type RealityCheckResponse = Static<typeof RealityCheckResponse>;

export const HistoryQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.String({ pattern: "^[0-9]{1,3}$", description: "Rounds per page, 1 to 100 (default 20)." }),
    ),
    before: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: "The `next` cursor of the previous page." }),
    ),
  },
  { additionalProperties: false },
);
export type HistoryQuery = Static<typeof HistoryQuery>;

export const HistoryRound = Type.Object(
  {
    ...RoundSummary.properties,
    replayUrl: Type.String({
      description:
        "The round's replay link: opens it read-only, without a session, with its fairness data (docs/game-client.md, Replay links).",
    }),
    freeRound: Type.Optional(
      Type.Literal(true, {
        description:
          "Present on a free round of an operator's campaign: the player staked nothing and its payout was a bonus.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type HistoryRound = Static<typeof HistoryRound>;

export const HistoryResponse = Type.Object(
  {
    rounds: Type.Array(HistoryRound, {
      description: "Finished rounds of the player in this game, newest first.",
    }),
    next: Type.Optional(Type.String({ description: "Cursor of the next (older) page, absent on the last." })),
  },
  { additionalProperties: false },
);
export type HistoryResponse = Static<typeof HistoryResponse>;

export const RoundIdParams = Type.Object(
  { id: Text("The round ID.", { maxLength: 64 }) },
  { additionalProperties: false },
);
export type RoundIdParams = Static<typeof RoundIdParams>;

const ReplayStep = Type.Object(
  {
    type: Type.Optional(
      Type.Union([Type.Literal("act"), Type.Literal("tick"), Type.Literal("abandon")], {
        description: "act (default): a player action; tick: time passing; abandon: settled by the server.",
      }),
    ),
    action: Type.Optional(Text("The action of an act step.")),
    params: Type.Optional(GameValue("The action's parameters.")),
    at: Type.Optional(Timestamp("Server time of the step (time-driven games).")),
    debits: Type.Optional(
      Type.Array(Type.String(), { description: "The transactionIds of the stakes the step took, if any." }),
    ),
    debitRefused: Type.Optional(
      Type.Boolean({
        description:
          "The wallet refused (or did not confirm) the step's stake: the game put the round back as it was, drawing nothing.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const Fairness = Type.Object(
  {
    serverSeedHash: Type.String({ description: "SHA-256 (hex) of the server seed, shown before the round." }),
    clientSeed: Type.String(),
    nonce: Type.Integer({ minimum: 0 }),
    serverSeed: Type.Optional(
      Type.String({ description: "Present once the seed pair is retired (rotated)." }),
    ),
  },
  { additionalProperties: false },
);

export const RoundDetails = Type.Object(
  {
    ...RoundSummary.properties,
    params: GameValue("The round's parameters."),
    actions: Type.Array(ReplayStep, { description: "The accepted steps, in order, with their server time." }),
    fairness: Fairness,
    reveal: Type.Optional(GameValue("The whole game state, once the round is closed.")),
  },
  { additionalProperties: false },
);
export type RoundDetails = Static<typeof RoundDetails>;

export const ReplayParams = Type.Object(
  { token: Type.String({ maxLength: 64, description: "The token of the round's replay link." }) },
  { additionalProperties: false },
);
export type ReplayParams = Static<typeof ReplayParams>;

const ReplayedRound = Type.Object(
  {
    status: Type.Literal("closed"),
    round: RoundDetails,
    maxWin: Amount("The largest payout its session allowed, which the game's own code needs to replay it."),
  },
  { additionalProperties: false },
);

const CancelledRound = Type.Object(
  {
    status: Type.Literal("cancelled"),
    round: Type.Object(
      {
        id: RoundSummary.properties.id,
        gameCode: RoundSummary.properties.gameCode,
        stake: Amount("What the bet would have staked; it was returned or never taken."),
        currency: RoundSummary.properties.currency,
        note: RoundSummary.properties.note,
        createdAt: RoundSummary.properties.createdAt,
        closedAt: RoundSummary.properties.closedAt,
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const ReplayResponse = Type.Union([ReplayedRound, CancelledRound], {
  description:
    "A finished round as its replay link shows it, without its player: closed with its outcome and fairness data (the server seed once its pair is retired), or cancelled without any outcome.",
});
export type ReplayResponse = Static<typeof ReplayResponse>;

const ActiveSeeds = Type.Object(
  {
    serverSeedHash: Type.String({ description: "Commitment to the active server seed." }),
    clientSeed: Type.String({ description: "The player's seed, mixed into every draw." }),
    nonce: Type.Integer({ minimum: 0, description: "The nonce the next round will use." }),
  },
  { additionalProperties: false },
);

export const RevealedPair = Type.Object(
  {
    id: Type.String({ description: "The seed pair ID." }),
    serverSeed: Type.String(),
    serverSeedHash: Type.String(),
    clientSeed: Type.String(),
    nonces: Type.Integer({ minimum: 0, description: "Rounds played with the pair: nonces 0 to nonces - 1." }),
    createdAt: Timestamp("When the pair was created."),
    retiredAt: Timestamp("When the pair was retired."),
  },
  { additionalProperties: false },
);
export type RevealedPair = Static<typeof RevealedPair>;

export const SeedsResponse = Type.Object(
  {
    active: ActiveSeeds,
    next: Type.Object(
      { serverSeedHash: Type.String({ description: "Commitment to the server seed of the next pair." }) },
      { additionalProperties: false },
    ),
    revealed: Type.Optional(RevealedPair),
  },
  { additionalProperties: false },
);
export type SeedsResponse = Static<typeof SeedsResponse>;

export const ClientSeedRequest = Type.Object(
  {
    clientSeed: Type.String({
      minLength: 1,
      maxLength: 64,
      description: "1 to 64 printable ASCII characters without spaces; applies from the next round.",
    }),
  },
  { additionalProperties: false },
);
export type ClientSeedRequest = Static<typeof ClientSeedRequest>;

export const RevealRequest = Type.Object(
  { seedPairId: Text("A retired seed pair of the player.", { maxLength: 64 }) },
  { additionalProperties: false },
);
export type RevealRequest = Static<typeof RevealRequest>;

export const VerifyRequest = Type.Object(
  {
    roundId: Type.Optional(
      Text("A finished round of the session's player: recomputed from its revealed seeds.", {
        maxLength: 64,
      }),
    ),
    serverSeed: Type.Optional(Text("The revealed server seed.", { maxLength: 256 })),
    clientSeed: Type.Optional(Text("The client seed.", { maxLength: 64 })),
    nonce: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: "The round's nonce." }),
    ),
    gameCode: Type.Optional(Text("The game code with its RTP suffix.")),
    params: Type.Optional(GameValue("The round's parameters.")),
    amount: Type.Optional(Amount("The opening stake (default 1.00).")),
    currency: Type.Optional(Text("The currency of the stake (default USD).", { maxLength: 16 })),
    maxWin: Type.Optional(Amount("The session's maximum win, for cash-out games (default: none).")),
    startedAt: Type.Optional(Timestamp("When the round started (time-driven games).")),
    actions: Type.Optional(
      Type.Array(ReplayStep, { maxItems: 500, description: "The round's steps, in order." }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "Either roundId (needs the session token), or serverSeed, clientSeed, nonce and gameCode with the round's params and actions (needs nothing).",
  },
);
export type VerifyRequest = Static<typeof VerifyRequest>;

const WalletOperation = Type.Object(
  {
    kind: Type.Union([Type.Literal("debit"), Type.Literal("credit")]),
    amount: Amount("The amount."),
    closesRound: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const VerifyResponse = Type.Object(
  {
    gameCode: Type.String(),
    serverSeedHash: Type.String({ description: "SHA-256 of the server seed: compare with the commitment." }),
    clientSeed: Type.String(),
    nonce: Type.Integer(),
    currency: Type.String(),
    stake: Amount("Total staked."),
    payout: Amount("Total paid out."),
    closed: Type.Boolean({ description: "Whether the replayed steps end the round." }),
    steps: Type.Array(
      Type.Object(
        {
          view: GameValue("What the game showed after the step."),
          operations: Type.Array(WalletOperation),
          note: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    reveal: Type.Optional(GameValue("The whole game state, when the replay ends the round.")),
    matches: Type.Optional(
      Type.Boolean({ description: "For a roundId: whether the recomputed round equals the one recorded." }),
    ),
    cancelled: Type.Optional(
      Type.Literal(true, {
        description:
          "For a roundId: the round was cancelled before it was played (the wallet never confirmed its bet). Its nonce was consumed but nothing was played, so there is no outcome to recompute: steps is empty and matches absent.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type VerifyResponse = Static<typeof VerifyResponse>;

export const RefreshResponse = Type.Object(
  {
    sessionToken: Type.String({ description: "The new token: use it from now on." }),
    expiresAt: Timestamp("When the session ends without further activity."),
    previousTokenValidUntil: Timestamp("The token used for this request keeps working until then."),
  },
  { additionalProperties: false },
);
export type RefreshResponse = Static<typeof RefreshResponse>;
