import { type Static, Type } from "@sinclair/typebox";

/**
 * Wire schemas of the operator API (`/operator/games`, `/operator/currencies`, `/operator/launch`,
 * `/operator/integrity`).
 * The server validates requests with them and publishes them in its OpenAPI document, so the
 * documentation and the checks cannot drift apart. Amounts are decimal strings (see money.ts).
 */

/** The API version these schemas describe (semver; see docs/versioning.md). */
export const OPERATOR_API_VERSION = "1.2.0";

export const PLAYER_ID_MAX_LENGTH = 256;

/**
 * Any Unicode text except control characters (C0, DEL, C1) and unpaired surrogates, which cannot be
 * stored as text or sent on in a JSON callback without being altered.
 */
export const PLAYER_ID_PATTERN = "^[^\\p{Cc}\\p{Cs}]+$";

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
        "The operator's identifier of the player, passed on to the authenticate callback. 1 to 256 characters, any Unicode except control characters.",
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
        'Player location: an ISO 3166-1 alpha-2 country ("CA") or an ISO 3166-2 region ("CA-ON"), upper case.',
      examples: ["CA"],
    }),
    demo: Type.Optional(
      Type.Boolean({
        description: "true: virtual balance, no wallet callbacks. false or omitted: real play.",
      }),
    ),
    betLimits: Type.Optional(BetLimitsRequest),
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
  },
  { additionalProperties: false },
);
export type LaunchResponse = Static<typeof LaunchResponse>;

export const GameEntry = Type.Object(
  {
    code: Type.String({ description: "Game code to send as gameCode.", examples: ["dice-alpha"] }),
    name: Type.String({ description: "Display name.", examples: ["Dice"] }),
    slug: Type.String({ description: "The game, shared by its RTP variations.", examples: ["dice"] }),
    rtp: Type.String({ description: "Return to player in percent, as a decimal string.", examples: ["99"] }),
    category: Type.String({
      description: "instant (one bet, one outcome), cash-out (step by step, cash out any time) or table.",
    }),
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
    kind: Type.String({ description: "fiat or crypto." }),
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
