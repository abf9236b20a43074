import net from "node:net";
import path from "node:path";

export interface Config {
  environment: "staging" | "production";
  port: number;
  host: string;
  /** No trailing slash. */
  publicBaseUrl: string;
  /** Absolute path. */
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL: connections each instance keeps open at most. */
  databasePoolSize: number;
  /** PostgreSQL: longest wait for a connection, new or from a busy pool, before 503 store_unavailable. */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL: group-commit transactions the ledger may have in flight at once. */
  writerLanes: number;
  /** PostgreSQL: the operator reporting queries' own connections and limits (src/reporting/query-pool.ts). */
  reporting: { connections: number; perOperator: number; statementTimeoutMs: number };
  redisUrl?: string;
  secretKey?: Buffer;
  /** Which version of the audit keys (derived from the secret key) seals new records: docs/audit.md. */
  auditKeyVersion: number;
  signatureWindowSeconds: number;
  rateLimit: { ratePerSecond: number; burst: number };
  /** Passed to Fastify's `trustProxy` as is. */
  trustProxy: boolean | number | string;
  bodyLimitBytes: number;
  launchDetailsMaxBytes: number;
  sessionTtlSeconds: number;
  secretRotationGraceSeconds: number;
  /** Positive decimal string in whole currency units. */
  demoBalance: string;
  logLevel: string;
  /** Game API budget per session token and per client IP, separate from the operator endpoints'. */
  gameRateLimit: { ratePerSecond: number; burst: number };
  /** How long a browser token replaced by POST /session/refresh keeps working. */
  sessionRefreshGraceSeconds: number;
  /** How long an instance reuses session tokens and operators' wallet settings it read (0: read every time). */
  cacheSeconds: number;
  /** Quick resends of a healthy round's credit before the outbox's backoff takes it over. */
  creditRetries: number;
  /** Total time of one wallet callback (connect to last byte). */
  callbackTimeoutMs: number;
  /** Quick resends of an ambiguous debit before it is rolled back. */
  debitRetries: number;
  /** Pause before each quick resend of an ambiguous debit. */
  debitRetryDelayMs: number;
  /** Durable delivery of credits and rollbacks. */
  outbox: {
    leaseMs: number;
    baseDelayMs: number;
    maxDelayMs: number;
    alertAfterMs: number;
    batchSize: number;
    pollMs: number;
  };
  /** An open round without player activity for this long is settled by its game's abandon step. */
  sweeperIdleSeconds: number;
  /** SIGTERM: the whole stop takes at most `graceMs`; readiness says no for `drainMs` before requests are refused. */
  shutdown: { graceMs: number; drainMs: number };
  /** How long each phase of an HTTP exchange may take, and how many connections one TCP peer may hold. */
  http: {
    /** From the first byte of a request to the end of its headers. */
    headersTimeoutMs: number;
    /** From the first byte of a request to the end of its body: bounds a stalled or trickled body. */
    requestTimeoutMs: number;
    /** How long an idle keep-alive connection is kept open between two requests. */
    keepAliveTimeoutMs: number;
    /** A connection whose client has taken no byte of its pending answer for this long is closed. */
    sendStallTimeoutMs: number;
    /** Open connections per peer address; 0 for no limit (behind a load balancer, which limits instead). */
    maxConnectionsPerPeer: number;
  };
  /** Where Prometheus reads `GET /metrics`: never on the game port unless a token guards it there. */
  metrics: {
    /** Port of the separate metrics listener; undefined: no listener. */
    port?: number;
    host: string;
    /** Bearer token a scrape must present; undefined: none asked. */
    token?: string;
  };
  /** The back office's own listener (docs/back-office.md), never on the game port. */
  backoffice: {
    /** Undefined: no back office. */
    port?: number;
    host: string;
  };
}

const VARIABLES = {
  RGS_ENV: { default: "staging", description: "`staging` or `production`." },
  PORT: { default: "8080", description: "TCP port of the HTTP server." },
  HOST: { default: "0.0.0.0", description: "Address the HTTP server listens on." },
  PUBLIC_BASE_URL: {
    default: "http://localhost:<PORT>",
    description: "Public http(s) address of this server, used in launch URLs (no query or fragment).",
  },
  DATA_DIR: {
    default: "./data",
    description: "Directory of the embedded store, its lock socket, `secret.key` and `admin.token`.",
  },
  DATABASE_URL: {
    default: "(unset)",
    description: "`postgres://` URL: use PostgreSQL instead of the embedded store (requires SECRET_KEY).",
  },
  DATABASE_POOL_SIZE: {
    default: "10",
    description:
      "PostgreSQL only: connections one instance opens at most (2 to 200). Instances x this must stay under the server's `max_connections` (or PgBouncer's pool).",
  },
  DATABASE_CONNECT_TIMEOUT_MS: {
    default: "5000",
    description:
      "PostgreSQL only: longest wait for a connection (a new one, or a free one from a busy pool) before the request is answered 503 `store_unavailable`.",
  },
  REDIS_URL: {
    default: "(unset)",
    description:
      "`redis://` or `rediss://` URL: instances share one rate-limit budget, and the signed requests already received (replays are refused on every instance), through Redis.",
  },
  SECRET_KEY: {
    default: "(generated into DATA_DIR)",
    description: "Base64 of 32 random bytes encrypting operator secrets at rest (`openssl rand -base64 32`).",
  },
  AUDIT_KEY_VERSION: {
    default: "1",
    description:
      "Version of the audit trail's keys (1 to 1000), derived from SECRET_KEY: raise it on every instance to rotate them; earlier versions still verify ([docs/audit.md](docs/audit.md)).",
  },
  SIGNATURE_WINDOW_SECONDS: {
    default: "30",
    description: "Accepted age (either direction) of `X-Timestamp` on operator requests.",
  },
  RATE_LIMIT_PER_SECOND: {
    default: "50",
    description: "Sustained requests per second per client IP and endpoint (up to 3 decimals).",
  },
  RATE_LIMIT_BURST: { default: "20", description: "Bucket size: requests a client may send at once." },
  TRUST_PROXY: {
    default: "false",
    description:
      "`false`: the socket address is the client IP; `true`: trust every `X-Forwarded-For` hop; a hop count; or a comma-separated list of proxy IPs/CIDRs.",
  },
  BODY_LIMIT_BYTES: { default: "65536", description: "Largest accepted request body." },
  LAUNCH_DETAILS_MAX_BYTES: {
    default: "4096",
    description: "Largest `details` object of a launch request (JSON bytes).",
  },
  SESSION_TTL_SECONDS: { default: "3600", description: "A game session expires after this much inactivity." },
  SECRET_ROTATION_GRACE_SECONDS: {
    default: "86400",
    description: "How long the previous operator secret stays valid after a rotation.",
  },
  DEMO_BALANCE: {
    default: "1000",
    description: "Starting virtual balance of demo sessions, in whole units.",
  },
  LOG_LEVEL: {
    default: "info",
    description: "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.",
  },
  GAME_RATE_LIMIT_PER_SECOND: {
    default: "20",
    description:
      "Game API (browser) and the game page (/play/:slug): sustained requests per second per session and per client IP (up to 3 decimals).",
  },
  GAME_RATE_LIMIT_BURST: {
    default: "40",
    description: "Game API: bucket size per session and per client IP.",
  },
  SESSION_REFRESH_GRACE_SECONDS: {
    default: "30",
    description: "How long the previous browser token keeps working after POST /session/refresh.",
  },
  WRITER_LANES: {
    default: "2",
    description:
      "PostgreSQL only: how many group-commit transactions the ledger runs at once (1 to 8; fewer lanes batch more bets per commit).",
  },
  REPORTING_CONNECTIONS: {
    default: "4",
    description:
      "PostgreSQL only: connections one instance opens for the operator's searches, reports and reconciliation (1 to 50), beside DATABASE_POOL_SIZE. The embedded store runs one reporting query at a time.",
  },
  REPORTING_PER_OPERATOR: {
    default: "2",
    description:
      "PostgreSQL only: reporting queries one operator may have in flight on an instance (1 to REPORTING_CONNECTIONS); one more is answered 429 `reporting_busy`.",
  },
  REPORTING_STATEMENT_TIMEOUT_MS: {
    default: "5000",
    description:
      "PostgreSQL only: longest a reporting statement runs before it is cancelled and answered 503 `reporting_timeout` (100 to 600000).",
  },
  CACHE_SECONDS: {
    default: "2",
    description:
      "How long an instance reuses a session token, an operator's wallet settings or the games and countries it offers that it read (0: read them every time); a token refresh, session expiry, secret rotation, callback URL change, or a game or country taken away, made elsewhere applies within this time.",
  },
  CREDIT_RETRIES: {
    default: "2",
    description:
      "Quick resends of a credit with an unclear answer while the player waits (0 to 10), before the outbox's backoff takes over.",
  },
  CALLBACK_TIMEOUT_MS: {
    default: "5000",
    description: "Time-out of one wallet callback, from connecting to reading the last byte of the answer.",
  },
  DEBIT_RETRIES: {
    default: "2",
    description: "Quick resends of a debit with an ambiguous outcome before it is rolled back (0 to 10).",
  },
  DEBIT_RETRY_DELAY_MS: {
    default: "250",
    description: "Pause before each quick resend of an ambiguous debit.",
  },
  OUTBOX_LEASE_MS: {
    default: "30000",
    description: "How long an instance holds a claimed credit or rollback before another may take it over.",
  },
  OUTBOX_BASE_DELAY_MS: {
    default: "1000",
    description: "First retry delay of a credit or rollback; doubled on each failure, with jitter.",
  },
  OUTBOX_MAX_DELAY_MS: {
    default: "300000",
    description: "Largest retry delay of a credit or rollback (the cap of the exponential backoff).",
  },
  OUTBOX_ALERT_AFTER_MS: {
    default: "900000",
    description:
      "A credit or rollback still undelivered after this long raises an alert (and keeps retrying).",
  },
  OUTBOX_BATCH_SIZE: {
    default: "50",
    description: "Credits and rollbacks claimed per polling pass.",
  },
  OUTBOX_POLL_MS: {
    default: "1000",
    description: "Interval between polling passes over due credits and rollbacks.",
  },
  SWEEPER_IDLE_SECONDS: {
    default: "3600",
    description: "An open round without player activity for this long is settled by its game's abandon rule.",
  },
  SHUTDOWN_GRACE_MS: {
    default: "25000",
    description:
      "On SIGTERM the instance stops within this time: readiness fails, new requests are answered 503 `shutting_down`, those in flight finish, the outbox's claims are handed back, then it exits. Keep it below the orchestrator's kill delay (30 s by default on Kubernetes and systemd).",
  },
  SHUTDOWN_DRAIN_MS: {
    default: "0",
    description:
      "On SIGTERM, how long `/readyz` answers 503 while requests are still served, before new ones are refused: behind a load balancer, at least its health-check interval times its fall count (HAProxy: `inter 2s fall 3`, so 6000). Less than SHUTDOWN_GRACE_MS.",
  },
  HTTP_HEADERS_TIMEOUT_MS: {
    default: "10000",
    description:
      "Time a client has to send a request's line and headers; a slower one is answered 408 and its connection closed.",
  },
  HTTP_REQUEST_TIMEOUT_MS: {
    default: "30000",
    description:
      "Time a client has to send a whole request, headers and body (a stalled or trickled body is answered 408 and closed); at least HTTP_HEADERS_TIMEOUT_MS.",
  },
  HTTP_KEEP_ALIVE_TIMEOUT_MS: {
    default: "72000",
    description:
      "How long an idle keep-alive connection stays open between requests; keep it above the idle time-out of a load balancer in front (60 s on most).",
  },
  HTTP_SEND_STALL_TIMEOUT_MS: {
    default: "30000",
    description:
      "A client that takes no byte of the answer waiting for it for this long (it stopped reading) is disconnected; time spent preparing an answer never counts.",
  },
  HTTP_MAX_CONNECTIONS_PER_PEER: {
    default: "256",
    description:
      "Open connections one client address may hold (more are answered 429 and closed); `0` for no limit. Behind a load balancer every connection comes from it: set `0` (or above its connection pool) and limit per client there.",
  },
  METRICS_PORT: {
    default: "(unset)",
    description:
      "TCP port of a separate listener serving Prometheus `GET /metrics` (and nothing else); unset: no such listener.",
  },
  METRICS_HOST: {
    default: "127.0.0.1",
    description:
      "Address the metrics listener binds to; set `0.0.0.0` for a Prometheus on another host, and keep the port off the public network.",
  },
  METRICS_TOKEN: {
    default: "(unset)",
    description:
      "Bearer token every scrape of `/metrics` must send (`Authorization: Bearer <token>`, 16 to 256 visible ASCII characters). Without METRICS_PORT, `/metrics` is then served on PORT behind it; with neither, it is not served at all.",
  },
  BACKOFFICE_PORT: {
    default: "(unset)",
    description:
      "TCP port of the web back office ([docs/back-office.md](docs/back-office.md)), a listener of its own; unset: no back office.",
  },
  BACKOFFICE_HOST: {
    default: "127.0.0.1",
    description:
      "Address the back office binds to; reach it through a VPN or an authenticating proxy, never from the players' network.",
  },
} as const satisfies Record<string, { default: string; description: string }>;

type VariableName = keyof typeof VARIABLES;

/** Every environment variable the server reads. An empty value counts as unset. */
export const CONFIG_VARIABLES: readonly { name: string; default: string; description: string }[] =
  Object.entries(VARIABLES).map(([name, v]) => ({ name, default: v.default, description: v.description }));

export function configTableMarkdown(): string {
  const rows = CONFIG_VARIABLES.map((v) => `| \`${v.name}\` | \`${v.default}\` | ${v.description} |`);
  return ["| Variable | Default | Description |", "|---|---|---|", ...rows].join("\n");
}

class Invalid {
  constructor(readonly problem: string) {}
}
const invalid = (problem: string) => new Invalid(problem);

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];

export function loadConfig(
  env: Record<string, string | undefined>,
): { ok: true; config: Config } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const raw = (name: VariableName): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  };
  const defaults: Partial<Record<VariableName, string>> = {};
  const value = (name: VariableName): string => raw(name) ?? defaults[name] ?? VARIABLES[name].default;
  /** Parses the variable (or its default); an Invalid result is recorded as "NAME must ..., got 'value'". */
  const parse = <T>(
    name: VariableName,
    parseFn: (v: string) => T | Invalid,
    fallback: T,
    secret = false,
  ): T => {
    const v = value(name);
    const result = parseFn(v);
    if (!(result instanceof Invalid)) return result;
    errors.push(`${name} ${result.problem}${secret ? "" : `, got '${v}'`}`);
    return fallback;
  };
  const positiveInt = (name: VariableName) =>
    parse(
      name,
      (v) =>
        /^[0-9]+$/.test(v) && Number.isSafeInteger(+v) && +v > 0 ? +v : invalid("must be a positive integer"),
      1,
    );

  const environment = parse(
    "RGS_ENV",
    (v) => (v === "staging" || v === "production" ? v : invalid("must be 'staging' or 'production'")),
    "staging" as const,
  );
  const port = parse(
    "PORT",
    (v) =>
      /^[0-9]+$/.test(v) && +v >= 1 && +v <= 65535 ? +v : invalid("must be an integer between 1 and 65535"),
    8080,
  );
  const host = parse(
    "HOST",
    (v) => (/^\S+$/.test(v) ? v : invalid("must be a host name or IP address")),
    "0.0.0.0",
  );
  defaults.PUBLIC_BASE_URL = `http://localhost:${port}`;
  const publicBaseUrl = parse("PUBLIC_BASE_URL", parseBaseUrl, "");
  const dataDir = path.resolve(value("DATA_DIR"));
  const databaseUrl = raw("DATABASE_URL") && parse("DATABASE_URL", parseDatabaseUrl, undefined, true);
  const redisUrl = raw("REDIS_URL") && parse("REDIS_URL", parseRedisUrl, undefined, true);
  const secretKey = raw("SECRET_KEY") && parse("SECRET_KEY", parseSecretKey, undefined, true);
  if (raw("DATABASE_URL") && !raw("SECRET_KEY")) {
    errors.push(
      "SECRET_KEY is required when DATABASE_URL is set: every instance must share it to read operator secrets (generate one with `openssl rand -base64 32`)",
    );
  }
  const auditKeyVersion = parse(
    "AUDIT_KEY_VERSION",
    (v) =>
      /^[0-9]{1,4}$/.test(v) && +v >= 1 && +v <= 1000 ? +v : invalid("must be an integer from 1 to 1000"),
    1,
  );
  const signatureWindowSeconds = positiveInt("SIGNATURE_WINDOW_SECONDS");
  const rate = (name: VariableName) =>
    parse(
      name,
      (v) =>
        /^[0-9]+(\.[0-9]{1,3})?$/.test(v) && +v > 0
          ? +v
          : invalid("must be a positive number with at most 3 decimals"),
      1,
    );
  const ratePerSecond = rate("RATE_LIMIT_PER_SECOND");
  const burst = positiveInt("RATE_LIMIT_BURST");
  const trustProxy = parse("TRUST_PROXY", parseTrustProxy, false);
  const bodyLimitBytes = positiveInt("BODY_LIMIT_BYTES");
  const launchDetailsMaxBytes = positiveInt("LAUNCH_DETAILS_MAX_BYTES");
  const sessionTtlSeconds = positiveInt("SESSION_TTL_SECONDS");
  const secretRotationGraceSeconds = positiveInt("SECRET_ROTATION_GRACE_SECONDS");
  const demoBalance = parse(
    "DEMO_BALANCE",
    (v) =>
      /^(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(v) && /[1-9]/.test(v)
        ? v
        : invalid("must be a positive decimal number like 1000 or 250.50"),
    "1000",
  );
  const gameRateLimit = {
    ratePerSecond: rate("GAME_RATE_LIMIT_PER_SECOND"),
    burst: positiveInt("GAME_RATE_LIMIT_BURST"),
  };
  const sessionRefreshGraceSeconds = positiveInt("SESSION_REFRESH_GRACE_SECONDS");
  const databasePoolSize = parse(
    "DATABASE_POOL_SIZE",
    (v) => (/^[0-9]+$/.test(v) && +v >= 2 && +v <= 200 ? +v : invalid("must be an integer from 2 to 200")),
    10,
  );
  const databaseConnectTimeoutMs = parse(
    "DATABASE_CONNECT_TIMEOUT_MS",
    (v) =>
      /^[0-9]+$/.test(v) && +v >= 100 && +v <= 600_000
        ? +v
        : invalid("must be an integer from 100 to 600000 (milliseconds)"),
    5000,
  );
  const writerLanes = parse(
    "WRITER_LANES",
    (v) => (/^[1-8]$/.test(v) ? +v : invalid("must be an integer from 1 to 8")),
    2,
  );
  const reporting = reportingLimits(parse, errors);
  const cacheSeconds = parse(
    "CACHE_SECONDS",
    (v) => (/^[0-9]+$/.test(v) && +v <= 60 ? +v : invalid("must be an integer from 0 to 60 (seconds)")),
    0,
  );
  const creditRetries = parse(
    "CREDIT_RETRIES",
    (v) => (/^[0-9]+$/.test(v) && +v <= 10 ? +v : invalid("must be an integer from 0 to 10")),
    0,
  );
  const callbackTimeoutMs = positiveInt("CALLBACK_TIMEOUT_MS");
  const debitRetries = parse(
    "DEBIT_RETRIES",
    (v) => (/^[0-9]+$/.test(v) && +v <= 10 ? +v : invalid("must be an integer from 0 to 10")),
    0,
  );
  const debitRetryDelayMs = parse(
    "DEBIT_RETRY_DELAY_MS",
    (v) =>
      /^[0-9]+$/.test(v) && +v <= 60_000 ? +v : invalid("must be an integer from 0 to 60000 (milliseconds)"),
    0,
  );
  const outbox = {
    leaseMs: positiveInt("OUTBOX_LEASE_MS"),
    baseDelayMs: positiveInt("OUTBOX_BASE_DELAY_MS"),
    maxDelayMs: positiveInt("OUTBOX_MAX_DELAY_MS"),
    alertAfterMs: positiveInt("OUTBOX_ALERT_AFTER_MS"),
    batchSize: positiveInt("OUTBOX_BATCH_SIZE"),
    pollMs: positiveInt("OUTBOX_POLL_MS"),
  };
  if (outbox.maxDelayMs < outbox.baseDelayMs) {
    errors.push(
      `OUTBOX_MAX_DELAY_MS (${outbox.maxDelayMs}) must be at least OUTBOX_BASE_DELAY_MS (${outbox.baseDelayMs})`,
    );
  }
  if (outbox.leaseMs <= callbackTimeoutMs) {
    errors.push(
      `OUTBOX_LEASE_MS (${outbox.leaseMs}) must be longer than CALLBACK_TIMEOUT_MS (${callbackTimeoutMs}), or a claim could expire while its callback is still in flight`,
    );
  }
  const sweeperIdleSeconds = positiveInt("SWEEPER_IDLE_SECONDS");
  const shutdown = {
    graceMs: positiveInt("SHUTDOWN_GRACE_MS"),
    drainMs: parse(
      "SHUTDOWN_DRAIN_MS",
      (v) =>
        /^[0-9]+$/.test(v) && Number.isSafeInteger(+v)
          ? +v
          : invalid("must be a whole number of milliseconds"),
      0,
    ),
  };
  if (shutdown.drainMs >= shutdown.graceMs) {
    errors.push(
      `SHUTDOWN_DRAIN_MS (${shutdown.drainMs}) must be less than SHUTDOWN_GRACE_MS (${shutdown.graceMs}): the requests in flight need time to finish after the drain`,
    );
  }
  const http = {
    headersTimeoutMs: positiveInt("HTTP_HEADERS_TIMEOUT_MS"),
    requestTimeoutMs: positiveInt("HTTP_REQUEST_TIMEOUT_MS"),
    keepAliveTimeoutMs: positiveInt("HTTP_KEEP_ALIVE_TIMEOUT_MS"),
    sendStallTimeoutMs: positiveInt("HTTP_SEND_STALL_TIMEOUT_MS"),
    maxConnectionsPerPeer: parse(
      "HTTP_MAX_CONNECTIONS_PER_PEER",
      (v) =>
        /^[0-9]+$/.test(v) && Number.isSafeInteger(+v)
          ? +v
          : invalid("must be a non-negative integer (0: no limit)"),
      0,
    ),
  };
  if (http.requestTimeoutMs < http.headersTimeoutMs) {
    errors.push(
      `HTTP_REQUEST_TIMEOUT_MS (${http.requestTimeoutMs}) must be at least HTTP_HEADERS_TIMEOUT_MS (${http.headersTimeoutMs}): the whole request includes its headers`,
    );
  }
  const metricsPort =
    raw("METRICS_PORT") === undefined
      ? undefined
      : parse(
          "METRICS_PORT",
          (v) =>
            /^[0-9]+$/.test(v) && +v >= 1 && +v <= 65535
              ? +v
              : invalid("must be an integer between 1 and 65535"),
          undefined,
        );
  if (metricsPort !== undefined && metricsPort === port) {
    errors.push(`METRICS_PORT (${metricsPort}) must differ from PORT: metrics are kept off the game port`);
  }
  const metricsHost = parse(
    "METRICS_HOST",
    (v) => (/^\S+$/.test(v) ? v : invalid("must be a host name or IP address")),
    "127.0.0.1",
  );
  const metricsToken =
    raw("METRICS_TOKEN") === undefined
      ? undefined
      : parse(
          "METRICS_TOKEN",
          (v) =>
            /^[\x21-\x7e]{16,256}$/.test(v) ? v : invalid("must be 16 to 256 visible ASCII characters"),
          undefined,
          true,
        );
  const backoffice = backofficeListener(parse, errors, {
    set: raw("BACKOFFICE_PORT") !== undefined,
    port,
    metricsPort,
  });
  const logLevel = parse(
    "LOG_LEVEL",
    (v) => (LOG_LEVELS.includes(v) ? v : invalid(`must be one of ${LOG_LEVELS.join(", ")}`)),
    "info",
  );

  if (errors.length > 0) return { ok: false, errors };
  const config: Config = {
    environment,
    port,
    host,
    publicBaseUrl,
    dataDir,
    auditKeyVersion,
    signatureWindowSeconds,
    rateLimit: { ratePerSecond, burst },
    trustProxy,
    bodyLimitBytes,
    launchDetailsMaxBytes,
    sessionTtlSeconds,
    secretRotationGraceSeconds,
    demoBalance,
    logLevel,
    gameRateLimit,
    sessionRefreshGraceSeconds,
    cacheSeconds,
    creditRetries,
    databasePoolSize,
    databaseConnectTimeoutMs,
    writerLanes,
    reporting,
    callbackTimeoutMs,
    debitRetries,
    debitRetryDelayMs,
    outbox,
    sweeperIdleSeconds,
    shutdown,
    http,
    metrics: {
      host: metricsHost,
      ...(metricsPort !== undefined && { port: metricsPort }),
      ...(metricsToken !== undefined && { token: metricsToken }),
    },
    backoffice,
  };
  if (databaseUrl) config.databaseUrl = databaseUrl;
  if (redisUrl) config.redisUrl = redisUrl;
  if (secretKey) config.secretKey = secretKey;
  return { ok: true, config };
}

type Parse = <T>(name: VariableName, parseFn: (v: string) => T | Invalid, fallback: T) => T;

const integerFrom =
  (min: number, max: number, unit = "") =>
  (v: string): number | Invalid =>
    /^[0-9]{1,9}$/.test(v) && +v >= min && +v <= max
      ? +v
      : invalid(`must be an integer from ${min} to ${max}${unit}`);

function reportingLimits(parse: Parse, errors: string[]): Config["reporting"] {
  const connections = parse("REPORTING_CONNECTIONS", integerFrom(1, 50), 4);
  const perOperator = parse("REPORTING_PER_OPERATOR", integerFrom(1, 50), 2);
  const statementTimeoutMs = parse(
    "REPORTING_STATEMENT_TIMEOUT_MS",
    integerFrom(100, 600_000, " (milliseconds)"),
    5000,
  );
  if (perOperator > connections) {
    errors.push(
      `REPORTING_PER_OPERATOR (${perOperator}) must be at most REPORTING_CONNECTIONS (${connections}): one operator cannot use more connections than there are`,
    );
  }
  return { connections, perOperator, statementTimeoutMs };
}

const portFrom = (v: string): number | Invalid =>
  /^[0-9]+$/.test(v) && +v >= 1 && +v <= 65535 ? +v : invalid("must be an integer between 1 and 65535");

function backofficeListener(
  parse: Parse,
  errors: string[],
  given: { set: boolean; port: number; metricsPort: number | undefined },
): Config["backoffice"] {
  const port = given.set ? parse<number | undefined>("BACKOFFICE_PORT", portFrom, undefined) : undefined;
  if (port !== undefined && port === given.port) {
    errors.push(
      `BACKOFFICE_PORT (${port}) must differ from PORT: the back office is kept off the game's origin`,
    );
  }
  if (port !== undefined && port === given.metricsPort) {
    errors.push(`BACKOFFICE_PORT (${port}) must differ from METRICS_PORT`);
  }
  const host = parse(
    "BACKOFFICE_HOST",
    (v) => (/^\S+$/.test(v) ? v : invalid("must be a host name or IP address")),
    "127.0.0.1",
  );
  return { host, ...(port !== undefined && { port }) };
}

function parseBaseUrl(v: string): string | Invalid {
  const problem = invalid("must be an absolute http(s) URL without query, fragment or credentials");
  if (!URL.canParse(v) || v.includes("?") || v.includes("#")) return problem;
  const url = new URL(v);
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) return problem;
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

function parseDatabaseUrl(v: string): string | Invalid {
  const protocol = URL.canParse(v) ? new URL(v).protocol : "";
  return protocol === "postgres:" || protocol === "postgresql:"
    ? v
    : invalid("must be a postgres:// or postgresql:// URL");
}

function parseRedisUrl(v: string): string | Invalid {
  const protocol = URL.canParse(v) ? new URL(v).protocol : "";
  return protocol === "redis:" || protocol === "rediss:" ? v : invalid("must be a redis:// or rediss:// URL");
}

function parseSecretKey(v: string): Buffer | Invalid {
  const problem =
    "must be the base64 encoding of exactly 32 bytes (generate one with `openssl rand -base64 32`)";
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(v)) return invalid(`${problem}; it is not base64`);
  const key = Buffer.from(v, "base64");
  return key.length === 32 ? key : invalid(`${problem}; it decodes to ${key.length} bytes`);
}

/**
 * `false`/`true`, a hop count (trust that many proxies in front of the server), or a comma-separated
 * list of trusted proxy addresses: IPs, CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`.
 */
function parseTrustProxy(v: string): boolean | number | string | Invalid {
  if (v === "false") return false;
  if (v === "true") return true;
  if (/^[0-9]+$/.test(v)) return Number(v);
  const entries = v.split(",").map((e) => e.trim());
  const valid = entries.every((entry) => {
    if (PROXY_NAMES.includes(entry)) return true;
    const [ip = "", prefix, extra] = entry.split("/");
    const family = net.isIP(ip);
    if (family === 0 || extra !== undefined) return false;
    if (prefix === undefined) return true;
    return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  });
  return valid
    ? entries.join(",")
    : invalid("must be 'true', 'false', a hop count, or a comma-separated list of proxy IPs/CIDR ranges");
}
