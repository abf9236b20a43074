import { type Static, Type } from "@sinclair/typebox";
import { JurisdictionInfo } from "./jurisdiction-schema.ts";
import { JURISDICTION_NAMES } from "./jurisdictions.ts";

/**
 * Wire schemas of the operator API (`/operator/games`, `/operator/currencies`, `/operator/launch`,
 * `/operator/integrity`, `/operator/rounds/search`, `/operator/transactions/search`).
 * The server validates requests with them and publishes them in its OpenAPI document, so the
 * documentation and the checks cannot drift apart. Amounts are decimal strings (see money.ts).
 */

/** The API version these schemas describe (semver; see docs/versioning.md). */
export const OPERATOR_API_VERSION = "1.3.0";

export const PLAYER_ID_MAX_LENGTH = 256;

/**
 * Any Unicode text except control characters (C0, DEL, C1) and unpaired surrogates, which cannot be
 * stored as text or sent on in a JSON callback without being altered, and bidirectional overrides
 * (U+202A to U+202E, U+2066 to U+2069), which reorder how the text around them is shown.
 */
export const PLAYER_ID_PATTERN = "^[^\\p{Cc}\\p{Cs}\\u202A-\\u202E\\u2066-\\u2069]+$";

/** ISO 639-1 language, lower case ("de"). */
export const LANGUAGE_CODE_PATTERN = "^[a-z]{2}$";

/** ISO 3166-1 alpha-2 country ("CA") or ISO 3166-2 subdivision ("CA-ON"), upper case. */
export const COUNTRY_CODE_PATTERN = "^[A-Z]{2}(-[A-Z0-9]{1,3})?$";

const DecimalAmount = (description: string) =>
  Type.String({ minLength: 1, maxLength: 64, description, examples: ["10.00"] });

export const BetLimitsRequest = Type.Object(
  {
    minBet: Type.Optional(
      DecimalAmount("Smallest stake allowed in the session; at least the operator's minimum."),
    ),
    maxBet: Type.Optional(
      DecimalAmount("Largest stake allowed in the session; at most the operator's maximum."),
    ),
    maxWin: Type.Optional(DecimalAmount("Largest payout of one round; at most the operator's maximum.")),
  },
  {
    additionalProperties: false,
    description:
      "Optional per-session limits in the session currency. They may only narrow the limits configured for the operator (which themselves narrow the currency defaults).",
  },
);
export type BetLimitsRequest = Static<typeof BetLimitsRequest>;

export const LaunchRequest = Type.Object(
  {
    playerId: Type.String({
      minLength: 1,
      maxLength: PLAYER_ID_MAX_LENGTH,
      pattern: PLAYER_ID_PATTERN,
      description:
        "The operator's identifier of the player, passed on to the authenticate callback. 1 to 256 characters, any Unicode except control characters and bidirectional overrides.",
      examples: ["player-42"],
    }),
    currency: Type.String({
      minLength: 1,
      maxLength: 16,
      description:
        "Currency code from GET /operator/currencies (an alias such as RMB is accepted and replaced by its canonical code).",
      examples: ["USD"],
    }),
    gameCode: Type.String({
      minLength: 1,
      maxLength: 64,
      description: "Game code including its RTP suffix, from GET /operator/games.",
      examples: ["dice-alpha"],
    }),
    countryCode: Type.String({
      pattern: COUNTRY_CODE_PATTERN,
      description:
        'Player location: an ISO 3166-1 alpha-2 country ("CA") or an ISO 3166-2 region ("CA-ON"), upper case. It also sets the least strict jurisdiction profile allowed (GB: UKGC, CA-ON: ONTARIO, MT: MGA); send the region where a region has its own regulator (CA-ON, not CA, for a player in Ontario).',
      examples: ["CA"],
    }),
    demo: Type.Optional(
      Type.Boolean({
        description: "true: virtual balance, no wallet callbacks. false or omitted: real play.",
      }),
    ),
    betLimits: Type.Optional(BetLimitsRequest),
    languageCode: Type.Optional(
      Type.String({
        pattern: LANGUAGE_CODE_PATTERN,
        description:
          'The language of the game client: an ISO 639-1 code, lower case ("de"). It comes after a `lang` added to the launch URL and before the `languageCode` of the authenticate answer; a language the client does not speak falls back to the browser\'s, then English. "pt" shows Brazilian Portuguese and "zh" Simplified Chinese. Since 1.2.0.',
        examples: ["de"],
      }),
    ),
    jurisdiction: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 32,
        description: `The jurisdiction profile of the session: one of ${JURISDICTION_NAMES.join(", ")} (docs/jurisdictions.md). Absent: your operator's default profile, or the least strict profile the player's location allows where your default would be looser. A profile looser than the location allows (\`countryCode\` GB: UKGC; CA-ON: ONTARIO) is refused with 400 jurisdiction_not_allowed. Since 1.3.0.`,
        examples: ["UKGC"],
      }),
    ),
    realityCheckMinutes: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 10080,
        description:
          "Minutes between the session's reality checks, within the profile's bounds (400 reality_check_interval_out_of_bounds otherwise). Absent: the profile's default. Since 1.3.0.",
        examples: [30],
      }),
    ),
    details: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          description:
            "Opaque JSON object stored with the session as sent (for the operator's own reference). Its compact JSON text is size-capped.",
        },
      ),
    ),
  },
  { additionalProperties: false, description: "Body of POST /operator/launch." },
);
export type LaunchRequest = Static<typeof LaunchRequest>;

export const BetLimits = Type.Object(
  {
    minBet: Type.String({ description: "Smallest stake, decimal string in the session currency." }),
    maxBet: Type.String({ description: "Largest stake, decimal string in the session currency." }),
    maxWin: Type.String({
      description: "Largest payout of one round, decimal string in the session currency.",
    }),
  },
  { additionalProperties: false },
);
export type BetLimits = Static<typeof BetLimits>;

export const LaunchResponse = Type.Object(
  {
    launchUrl: Type.String({
      description:
        "Address to open in the player's browser. It carries a secret session token: do not log it.",
    }),
    sessionId: Type.String({
      description: "Identifier of the game session (the same for a repeated launch).",
    }),
    expiresAt: Type.String({
      format: "date-time",
      description: "When the session expires unless the player keeps playing (ISO 8601, UTC).",
    }),
    currency: Type.String({
      description: "Canonical currency code of the session (CNY for a launch in RMB).",
    }),
    demo: Type.Boolean({ description: "Whether the session plays with a virtual balance." }),
    betLimits: BetLimits,
    jurisdiction: JurisdictionInfo,
    freeRounds: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          "Free rounds the session may play, of the campaign that ends first (docs/free-rounds.md); absent when none. Since 1.3.0.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type LaunchResponse = Static<typeof LaunchResponse>;

/**
 * A figure's range over the player-selectable configurations of a code (rows and risk, mines, difficulty, a bet
 * kind...), as decimal strings.
 */
const FigureRange = (description: string) =>
  Type.Object(
    {
      min: Type.String({ description: "Smallest over the configurations.", examples: ["1.0102"] }),
      max: Type.String({ description: "Largest over the configurations.", examples: ["9900.0000"] }),
    },
    { additionalProperties: false, description },
  );

export const GameParameter = Type.Object(
  {
    name: Type.String({ description: "The key in params.", examples: ["risk"] }),
    kind: Type.Union(
      ["choice", "integer", "decimal", "amount", "list"].map((kind) => Type.Literal(kind)),
      {
        description:
          "choice: one of values; integer, decimal: from min to max; amount: a decimal string of the currency; list: an array.",
      },
    ),
    values: Type.Optional(Type.Array(Type.String(), { description: "The allowed values of a choice." })),
    min: Type.Optional(Type.String({ description: "Smallest allowed value, or fewest items of a list." })),
    max: Type.Optional(Type.String({ description: "Largest allowed value, or most items of a list." })),
    description: Type.String({ description: "What the parameter does, for a human." }),
  },
  { additionalProperties: false },
);
export type GameParameter = Static<typeof GameParameter>;

export const GameEntry = Type.Object(
  {
    code: Type.String({ description: "Game code to send as gameCode.", examples: ["dice-alpha"] }),
    name: Type.String({ description: "Display name.", examples: ["Dice"] }),
    slug: Type.String({ description: "The game, shared by its RTP variations.", examples: ["dice"] }),
    rtp: Type.String({ description: "Return to player in percent, as a decimal string.", examples: ["99"] }),
    category: Type.String({
      description: "instant (one bet, one outcome), cash-out (step by step, cash out any time) or table.",
    }),
    maxMultiplier: FigureRange(
      "The largest payout a round can make, as a multiple of its stake (stake included), 4 decimals rounded down.",
    ),
    volatility: FigureRange("The standard deviation of the return per unit stake, 4 decimals."),
    hitFrequency: FigureRange("The percentage of rounds that pay anything, 4 decimals."),
    strategy: Type.Optional(
      Type.String({
        description:
          "For games where the player decides: the play the figures assume, e.g. optimal play or cash out after one step.",
        examples: ["cash out after one reveal"],
      }),
    ),
    parameters: Type.Array(GameParameter, {
      description: "What the player chooses for a bet (params of /game/play).",
    }),
    freeRounds: Type.Boolean({
      description:
        "Whether a free round can be offered on the game: one stake, the amount played, and no further debit during the round.",
    }),
    thumbnailUrl: Type.String({ description: "The game's icon (SVG) on this RGS, as the lobby shows it." }),
  },
  { additionalProperties: false },
);
export type GameEntry = Static<typeof GameEntry>;

export const GamesResponse = Type.Object(
  { games: Type.Array(GameEntry, { description: "Every game of the packs assigned to the operator." }) },
  { additionalProperties: false },
);
export type GamesResponse = Static<typeof GamesResponse>;

export const CurrencyEntry = Type.Object(
  {
    code: Type.String({ description: "Code to send as currency.", examples: ["USD"] }),
    name: Type.String({ description: "Display name.", examples: ["US Dollar"] }),
    decimals: Type.Integer({ description: "Fraction digits of amounts in this currency." }),
    kind: Type.String({
      description: "fiat, crypto or virtual (play money of social casinos: GC Gold Coins, SC Sweeps Coins).",
    }),
    minBet: Type.String({ description: "Default smallest stake (decimal string)." }),
    maxBet: Type.String({ description: "Default largest stake (decimal string)." }),
    maxWin: Type.String({ description: "Default largest payout of one round (decimal string)." }),
    aliases: Type.Optional(
      Type.Array(Type.String(), {
        description: "Other codes accepted for this currency in a launch (e.g. RMB).",
      }),
    ),
  },
  { additionalProperties: false },
);
export type CurrencyEntry = Static<typeof CurrencyEntry>;

export const CurrenciesResponse = Type.Object(
  { currencies: Type.Array(CurrencyEntry) },
  { additionalProperties: false },
);
export type CurrenciesResponse = Static<typeof CurrenciesResponse>;

/** Every error answer of the API, whatever the endpoint. */
export const IntegrityPart = Type.Object(
  {
    kind: Type.Union(
      [
        Type.Literal("workspace"),
        Type.Literal("package"),
        Type.Literal("lockfile"),
        Type.Literal("client"),
        Type.Literal("game"),
      ],
      {
        description:
          "workspace: root package.json and tsconfig.json; package: a package's package.json and src/; lockfile: every dependency's integrity hash; client: the built game client; game: one game's rules and paytables.",
      },
    ),
    name: Type.String({ description: "The package, game or file.", examples: ["@rgs/server", "dice"] }),
    path: Type.String({
      description: "What is digested, relative to the repository root.",
      examples: ["packages/games/src/games/dice"],
    }),
    digest: Type.Union([Type.String(), Type.Null()], {
      description:
        "Lower-case hex SHA-256 (how to reproduce it: docs/audit.md); null when the part is absent.",
    }),
    files: Type.Integer({ description: "Files digested (dependencies, for the lock file)." }),
  },
  { additionalProperties: false },
);
export type IntegrityPart = Static<typeof IntegrityPart>;

export const IntegrityResponse = Type.Object(
  {
    digest: Type.String({ description: "SHA-256 over every part's line `<digest>  <kind>:<name>`, sorted." }),
    serverVersion: Type.String({ description: "Version of the server package.", examples: ["0.1.0"] }),
    apiVersion: Type.String({ description: "Version of this API.", examples: [OPERATOR_API_VERSION] }),
    computedAt: Type.String({
      description: "When the digests were taken: at the server's start, from the files it runs.",
    }),
    parts: Type.Array(IntegrityPart),
    auditKey: Type.Object(
      {
        keyId: Type.String({ description: "Names the key in audit exports and published heads." }),
        algorithm: Type.Literal("Ed25519"),
        publicKey: Type.String({ description: "SPKI PEM: checks the signature of an audit export." }),
      },
      { additionalProperties: false, description: "The key that signs the audit trail's exports and heads." },
    ),
  },
  { additionalProperties: false },
);
export type IntegrityResponse = Static<typeof IntegrityResponse>;

/** The most rounds or transactions one page of a search answers. */
export const SEARCH_PAGE_MAX = 500;
export const SEARCH_PAGE_DEFAULT = 100;
/** The longest time range (`to` minus `from`) one search may cover. */
export const SEARCH_RANGE_MAX_DAYS = 31;

export const ROUND_STATUSES = ["initializing", "open", "settling", "closed", "void", "cancelled"] as const;
export const TRANSACTION_KINDS = ["debit", "credit", "rollback"] as const;
export const TRANSACTION_STATES = ["pending", "ok", "refused", "ambiguous", "dead"] as const;

const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );
const oneOrMany = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    [
      literals(values, description),
      Type.Array(literals(values, description), { minItems: 1, maxItems: values.length }),
    ],
    {
      description: `${description} One value or a list of them.`,
    },
  );

const SearchTime = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: 40,
    description: `${description} RFC 3339 date and time with a zone (Z or ±hh:mm).`,
    examples: ["2030-01-01T00:00:00Z"],
  });
const SearchCursor = Type.String({
  minLength: 1,
  maxLength: 1024,
  description:
    "The `next` of the previous page, with the same filters: it continues that search. A cursor is signed and belongs to one operator and one set of filters.",
});
const SearchLimit = Type.Integer({
  minimum: 1,
  maximum: SEARCH_PAGE_MAX,
  description: `Items per page, 1 to ${SEARCH_PAGE_MAX} (default ${SEARCH_PAGE_DEFAULT}).`,
});
const SearchPlayer = Type.String({
  minLength: 1,
  maxLength: PLAYER_ID_MAX_LENGTH,
  pattern: PLAYER_ID_PATTERN,
  description: "Your identifier of the player, as sent at launch.",
});
const SearchUuid = (description: string) =>
  Type.String({
    minLength: 36,
    maxLength: 36,
    description,
    examples: ["0b9d2f4e-6c1a-4f7e-9a55-3d2c1b0a9f8e"],
  });

export const RoundSearchRequest = Type.Object(
  {
    playerId: Type.Optional(SearchPlayer),
    roundId: Type.Optional(SearchUuid("The round's ID (as in its transactions' roundId).")),
    transactionId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 256,
        description: "The ID of one of the round's wallet transactions.",
      }),
    ),
    gameCode: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: "A game code of GET /operator/games." }),
    ),
    currency: Type.Optional(
      Type.String({ minLength: 1, maxLength: 16, description: "ISO 4217 or a listed crypto code." }),
    ),
    status: Type.Optional(oneOrMany(ROUND_STATUSES, "Round status.")),
    from: Type.Optional(SearchTime("Rounds started at or after this time.")),
    to: Type.Optional(SearchTime("Rounds started before this time.")),
    limit: Type.Optional(SearchLimit),
    cursor: Type.Optional(SearchCursor),
  },
  {
    additionalProperties: false,
    description: `Filters combine with AND. \`from\` and \`to\` are required unless \`roundId\` or \`transactionId\` is given, and may be at most ${SEARCH_RANGE_MAX_DAYS} days apart.`,
  },
);
export type RoundSearchRequest = Static<typeof RoundSearchRequest>;

const Amount = (description: string) => Type.String({ description, examples: ["10.00"] });
const Time = (description: string) => Type.String({ description, examples: ["2030-01-01T12:00:00.000Z"] });
const NullableTime = (description: string) => Type.Union([Time(description), Type.Null()], { description });

/** Marks a round, a transaction or a line that belongs to a free round of one of your campaigns. */
export const FreeRoundMark = Type.Object(
  {
    campaignId: Type.String({ format: "uuid", description: "The campaign (POST /operator/campaigns)." }),
    grantId: Type.String({ format: "uuid", description: "The player's grant whose round it took." }),
  },
  {
    additionalProperties: false,
    description:
      "Present when the round was a free round of one of your campaigns: it staked nothing and its payout is a bonus win.",
  },
);
export type FreeRoundMark = Static<typeof FreeRoundMark>;

export const SearchTransaction = Type.Object(
  {
    transactionId: Type.String({ description: "The ID sent to your wallet." }),
    roundId: Type.String(),
    kind: literals(TRANSACTION_KINDS, "debit, credit or rollback."),
    amount: Amount("In the round's currency."),
    state: literals(
      TRANSACTION_STATES,
      "pending: not yet answered with a definite outcome; ok: accepted; refused: refused by your wallet; ambiguous: no definite answer, rolled back; dead: given up after retries (a dead letter).",
    ),
    attempts: Type.Integer({ description: "Requests sent to your wallet for it." }),
    lastStatus: Type.Union([Type.String(), Type.Null()], {
      description: "The status of your wallet's last answer (OK, ERROR_...), or null when none was read.",
    }),
    createdAt: Time("When the transaction was written, before its first request."),
    confirmedAt: NullableTime("When your wallet's final answer was recorded; null while pending."),
  },
  { additionalProperties: false },
);
export type SearchTransaction = Static<typeof SearchTransaction>;

export const SearchRound = Type.Object(
  {
    roundId: Type.String(),
    playerId: Type.String(),
    gameCode: Type.String(),
    currency: Type.String(),
    status: literals(ROUND_STATUSES, "The round's status."),
    stake: Amount("Total debited."),
    payout: Amount("Total credited."),
    startedAt: Time("When the round started."),
    lastActionAt: Time("The round's last action."),
    closedAt: NullableTime("When the round was finished; null while it is not."),
    fairness: Type.Object(
      {
        serverSeedHash: Type.String({ description: "SHA-256 of the server seed, shown before play." }),
        serverSeed: Type.Optional(
          Type.String({ description: "The server seed, once its pair is retired (revealed)." }),
        ),
        clientSeed: Type.String(),
        nonce: Type.Integer(),
      },
      { additionalProperties: false },
    ),
    replayUrl: Type.Optional(
      Type.String({
        description: "Opens the finished round read-only, without a session: paste it in a ticket.",
      }),
    ),
    transactions: Type.Array(SearchTransaction, { description: "In the order they were written." }),
    freeRound: Type.Optional(FreeRoundMark),
  },
  { additionalProperties: false },
);
export type SearchRound = Static<typeof SearchRound>;

const DemoExcluded = Type.Literal(true, {
  description: "Demo (virtual money) rounds are never part of a search.",
});
const SearchNext = Type.Optional(
  Type.String({ description: "Present when there may be more: send it as `cursor` with the same filters." }),
);
const SearchAsOf = Time(
  "The search's upper bound in time, fixed by its first page: later rounds or confirmations belong to a new search, so pages never shift while bets go on.",
);

export const RoundSearchResponse = Type.Object(
  {
    rounds: Type.Array(SearchRound, { description: "Newest start first." }),
    next: SearchNext,
    asOf: SearchAsOf,
    demoExcluded: DemoExcluded,
  },
  { additionalProperties: false },
);
export type RoundSearchResponse = Static<typeof RoundSearchResponse>;

export const TransactionSearchRequest = Type.Object(
  {
    from: Type.Optional(SearchTime("Transactions confirmed at or after this time.")),
    to: Type.Optional(SearchTime("Transactions confirmed before this time.")),
    kind: Type.Optional(oneOrMany(TRANSACTION_KINDS, "Transaction kind.")),
    state: Type.Optional(oneOrMany(TRANSACTION_STATES, "Transaction state.")),
    playerId: Type.Optional(SearchPlayer),
    roundId: Type.Optional(SearchUuid("The transactions of this round.")),
    limit: Type.Optional(SearchLimit),
    cursor: Type.Optional(SearchCursor),
  },
  {
    additionalProperties: false,
    description: `Filters combine with AND. \`from\` and \`to\` (the time your wallet's answer was recorded) are required unless \`roundId\` is given, and may be at most ${SEARCH_RANGE_MAX_DAYS} days apart. With \`roundId\` and no range, the round's transactions still pending are included.`,
  },
);
export type TransactionSearchRequest = Static<typeof TransactionSearchRequest>;

export const SearchTransactionEntry = Type.Object(
  {
    ...SearchTransaction.properties,
    playerId: Type.String(),
    gameCode: Type.String(),
    currency: Type.String(),
    freeRound: Type.Optional(FreeRoundMark),
  },
  { additionalProperties: false },
);
export type SearchTransactionEntry = Static<typeof SearchTransactionEntry>;

export const TransactionSearchResponse = Type.Object(
  {
    transactions: Type.Array(SearchTransactionEntry, { description: "Newest confirmation first." }),
    next: SearchNext,
    asOf: SearchAsOf,
    demoExcluded: DemoExcluded,
  },
  { additionalProperties: false },
);
export type TransactionSearchResponse = Static<typeof TransactionSearchResponse>;

export const ErrorBody = Type.Object(
  {
    status: Type.Integer({ description: "The HTTP status, repeated." }),
    title: Type.String({ description: "Short human-readable summary of the error code." }),
    code: Type.String({ description: "Stable machine-readable error code." }),
    detail: Type.Optional(Type.String({ description: "What exactly was wrong with this request." })),
  },
  { additionalProperties: false },
);
export type ErrorBody = Static<typeof ErrorBody>;
