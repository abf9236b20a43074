import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, type Config, configTableMarkdown, loadConfig } from "../src/config.ts";

const KEY = Buffer.alloc(32, 7).toString("base64");

function ok(env: Record<string, string | undefined>): Config {
  const result = loadConfig(env);
  if (!result.ok) throw new Error(`unexpected errors: ${result.errors.join("; ")}`);
  return result.config;
}

function errorsOf(env: Record<string, string | undefined>): string[] {
  const result = loadConfig(env);
  if (result.ok) throw new Error("expected configuration errors");
  return result.errors;
}

describe("loadConfig defaults", () => {
  it("gives a working staging configuration from an empty environment", () => {
    const config = ok({});
    expect(config).toEqual({
      environment: "staging",
      port: 8080,
      host: "0.0.0.0",
      publicBaseUrl: "http://localhost:8080",
      dataDir: path.resolve("data"),
      auditKeyVersion: 1,
      signatureWindowSeconds: 30,
      rateLimit: { ratePerSecond: 50, burst: 20 },
      trustProxy: false,
      bodyLimitBytes: 65536,
      launchDetailsMaxBytes: 4096,
      sessionTtlSeconds: 3600,
      secretRotationGraceSeconds: 86400,
      demoBalance: "1000",
      logLevel: "info",
      gameRateLimit: { ratePerSecond: 20, burst: 40 },
      sessionRefreshGraceSeconds: 30,
      callbackTimeoutMs: 5000,
      debitRetries: 2,
      debitRetryDelayMs: 250,
      outbox: {
        leaseMs: 30000,
        baseDelayMs: 1000,
        maxDelayMs: 300000,
        alertAfterMs: 900000,
        batchSize: 50,
        pollMs: 1000,
      },
      sweeperIdleSeconds: 3600,
      shutdown: { graceMs: 25000, drainMs: 0 },
      databasePoolSize: 10,
      databaseConnectTimeoutMs: 5000,
      writerLanes: 2,
      reporting: { connections: 4, perOperator: 2, statementTimeoutMs: 5000 },
      cacheSeconds: 2,
      creditRetries: 2,
      http: {
        headersTimeoutMs: 10000,
        requestTimeoutMs: 30000,
        keepAliveTimeoutMs: 72000,
        sendStallTimeoutMs: 30000,
        maxConnectionsPerPeer: 256,
      },
      metrics: { host: "127.0.0.1" },
      backoffice: { host: "127.0.0.1" },
    });
  });

  it("treats empty and blank values as unset", () => {
    expect(ok({ PORT: "", LOG_LEVEL: "  ", REDIS_URL: "" })).toMatchObject({ port: 8080, logLevel: "info" });
    expect(ok({ REDIS_URL: "" }).redisUrl).toBeUndefined();
  });

  it("derives the default public URL from PORT", () => {
    expect(ok({ PORT: "9000" }).publicBaseUrl).toBe("http://localhost:9000");
  });
});

describe("loadConfig values", () => {
  it("reads every variable", () => {
    const config = ok({
      RGS_ENV: "production",
      PORT: "443",
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: "https://games.example.com/rgs/",
      DATA_DIR: "/var/lib/rgs",
      DATABASE_URL: "postgres://rgs:pw@db:5432/rgs",
      REDIS_URL: "rediss://cache:6380",
      SECRET_KEY: KEY,
      SIGNATURE_WINDOW_SECONDS: "60",
      RATE_LIMIT_PER_SECOND: "2.5",
      RATE_LIMIT_BURST: "5",
      TRUST_PROXY: "2",
      BODY_LIMIT_BYTES: "1024",
      LAUNCH_DETAILS_MAX_BYTES: "512",
      SESSION_TTL_SECONDS: "600",
      AUDIT_KEY_VERSION: "3",
      SECRET_ROTATION_GRACE_SECONDS: "3600",
      DEMO_BALANCE: "250.50",
      LOG_LEVEL: "warn",
      GAME_RATE_LIMIT_PER_SECOND: "7.5",
      GAME_RATE_LIMIT_BURST: "15",
      SESSION_REFRESH_GRACE_SECONDS: "10",
      CALLBACK_TIMEOUT_MS: "3000",
      DEBIT_RETRIES: "0",
      WRITER_LANES: "3",
      REPORTING_CONNECTIONS: "8",
      REPORTING_PER_OPERATOR: "3",
      REPORTING_STATEMENT_TIMEOUT_MS: "2500",
      DATABASE_POOL_SIZE: "24",
      DATABASE_CONNECT_TIMEOUT_MS: "1500",
      DEBIT_RETRY_DELAY_MS: "0",
      OUTBOX_LEASE_MS: "20000",
      OUTBOX_BASE_DELAY_MS: "500",
      OUTBOX_MAX_DELAY_MS: "60000",
      OUTBOX_ALERT_AFTER_MS: "120000",
      OUTBOX_BATCH_SIZE: "10",
      OUTBOX_POLL_MS: "250",
      SWEEPER_IDLE_SECONDS: "900",
      SHUTDOWN_GRACE_MS: "20000",
      SHUTDOWN_DRAIN_MS: "2500",
      HTTP_HEADERS_TIMEOUT_MS: "2000",
      HTTP_REQUEST_TIMEOUT_MS: "5000",
      HTTP_KEEP_ALIVE_TIMEOUT_MS: "65000",
      HTTP_SEND_STALL_TIMEOUT_MS: "60000",
      HTTP_MAX_CONNECTIONS_PER_PEER: "0",
      METRICS_PORT: "9464",
      METRICS_HOST: "10.0.0.5",
      METRICS_TOKEN: "prometheus-scrape-token",
      BACKOFFICE_PORT: "9470",
      BACKOFFICE_HOST: "10.0.0.6",
    });
    expect(config).toEqual({
      environment: "production",
      port: 443,
      host: "127.0.0.1",
      publicBaseUrl: "https://games.example.com/rgs",
      dataDir: "/var/lib/rgs",
      databaseUrl: "postgres://rgs:pw@db:5432/rgs",
      redisUrl: "rediss://cache:6380",
      secretKey: Buffer.alloc(32, 7),
      auditKeyVersion: 3,
      signatureWindowSeconds: 60,
      rateLimit: { ratePerSecond: 2.5, burst: 5 },
      trustProxy: 2,
      bodyLimitBytes: 1024,
      launchDetailsMaxBytes: 512,
      sessionTtlSeconds: 600,
      secretRotationGraceSeconds: 3600,
      demoBalance: "250.50",
      logLevel: "warn",
      gameRateLimit: { ratePerSecond: 7.5, burst: 15 },
      sessionRefreshGraceSeconds: 10,
      callbackTimeoutMs: 3000,
      debitRetries: 0,
      debitRetryDelayMs: 0,
      outbox: {
        leaseMs: 20000,
        baseDelayMs: 500,
        maxDelayMs: 60000,
        alertAfterMs: 120000,
        batchSize: 10,
        pollMs: 250,
      },
      sweeperIdleSeconds: 900,
      shutdown: { graceMs: 20000, drainMs: 2500 },
      databasePoolSize: 24,
      databaseConnectTimeoutMs: 1500,
      writerLanes: 3,
      reporting: { connections: 8, perOperator: 3, statementTimeoutMs: 2500 },
      cacheSeconds: 2,
      creditRetries: 2,
      http: {
        headersTimeoutMs: 2000,
        requestTimeoutMs: 5000,
        keepAliveTimeoutMs: 65000,
        sendStallTimeoutMs: 60000,
        maxConnectionsPerPeer: 0,
      },
      metrics: { port: 9464, host: "10.0.0.5", token: "prometheus-scrape-token" },
      backoffice: { port: 9470, host: "10.0.0.6" },
    });
  });

  it("removes every trailing slash of PUBLIC_BASE_URL", () => {
    expect(ok({ PUBLIC_BASE_URL: "https://rgs.example.com/" }).publicBaseUrl).toBe("https://rgs.example.com");
    expect(ok({ PUBLIC_BASE_URL: "http://h:81//" }).publicBaseUrl).toBe("http://h:81");
  });

  it("accepts base64url SECRET_KEY", () => {
    const bytes = Buffer.alloc(32, 0xfb);
    expect(ok({ SECRET_KEY: bytes.toString("base64url") }).secretKey).toEqual(bytes);
  });

  it.each([
    ["false", false],
    ["true", true],
    ["0", 0],
    ["1", 1],
    ["10.0.0.0/8", "10.0.0.0/8"],
    ["loopback, 192.168.1.7 ,fd00::/8", "loopback,192.168.1.7,fd00::/8"],
  ])("parses TRUST_PROXY=%s", (value, expected) => {
    expect(ok({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });
});

describe("loadConfig errors", () => {
  it.each([
    ["RGS_ENV", "dev", "RGS_ENV must be 'staging' or 'production', got 'dev'"],
    ["PORT", "abc", "PORT must be an integer between 1 and 65535, got 'abc'"],
    ["BACKOFFICE_PORT", "0", "BACKOFFICE_PORT must be an integer between 1 and 65535, got '0'"],
    [
      "BACKOFFICE_PORT",
      "8080",
      "BACKOFFICE_PORT (8080) must differ from PORT: the back office is kept off the game's origin",
    ],
    ["BACKOFFICE_HOST", "my host", "BACKOFFICE_HOST must be a host name or IP address, got 'my host'"],
    ["PORT", "0", "PORT must be an integer between 1 and 65535, got '0'"],
    ["PORT", "65536", "PORT must be an integer between 1 and 65535, got '65536'"],
    ["PORT", "80.5", "PORT must be an integer between 1 and 65535, got '80.5'"],
    ["HOST", "my host", "HOST must be a host name or IP address, got 'my host'"],
    [
      "PUBLIC_BASE_URL",
      "ftp://example.com",
      "PUBLIC_BASE_URL must be an absolute http(s) URL without query, fragment or credentials, got 'ftp://example.com'",
    ],
    [
      "PUBLIC_BASE_URL",
      "https://example.com/?a=1",
      "PUBLIC_BASE_URL must be an absolute http(s) URL without query, fragment or credentials, got 'https://example.com/?a=1'",
    ],
    [
      "PUBLIC_BASE_URL",
      "https://example.com/#top",
      "PUBLIC_BASE_URL must be an absolute http(s) URL without query, fragment or credentials, got 'https://example.com/#top'",
    ],
    [
      "PUBLIC_BASE_URL",
      "https://user:pw@example.com",
      "PUBLIC_BASE_URL must be an absolute http(s) URL without query, fragment or credentials, got 'https://user:pw@example.com'",
    ],
    [
      "PUBLIC_BASE_URL",
      "example.com",
      "PUBLIC_BASE_URL must be an absolute http(s) URL without query, fragment or credentials, got 'example.com'",
    ],
    ["REDIS_URL", "http://cache:6379", "REDIS_URL must be a redis:// or rediss:// URL"],
    ["SIGNATURE_WINDOW_SECONDS", "0", "SIGNATURE_WINDOW_SECONDS must be a positive integer, got '0'"],
    ["SIGNATURE_WINDOW_SECONDS", "-5", "SIGNATURE_WINDOW_SECONDS must be a positive integer, got '-5'"],
    [
      "RATE_LIMIT_PER_SECOND",
      "0",
      "RATE_LIMIT_PER_SECOND must be a positive number with at most 3 decimals, got '0'",
    ],
    [
      "RATE_LIMIT_PER_SECOND",
      "0.0001",
      "RATE_LIMIT_PER_SECOND must be a positive number with at most 3 decimals, got '0.0001'",
    ],
    ["RATE_LIMIT_BURST", "1.5", "RATE_LIMIT_BURST must be a positive integer, got '1.5'"],
    [
      "TRUST_PROXY",
      "yes",
      "TRUST_PROXY must be 'true', 'false', a hop count, or a comma-separated list of proxy IPs/CIDR ranges, got 'yes'",
    ],
    [
      "TRUST_PROXY",
      "10.0.0.0/33",
      "TRUST_PROXY must be 'true', 'false', a hop count, or a comma-separated list of proxy IPs/CIDR ranges, got '10.0.0.0/33'",
    ],
    ["BODY_LIMIT_BYTES", "64k", "BODY_LIMIT_BYTES must be a positive integer, got '64k'"],
    ["LAUNCH_DETAILS_MAX_BYTES", "1e3", "LAUNCH_DETAILS_MAX_BYTES must be a positive integer, got '1e3'"],
    ["SESSION_TTL_SECONDS", "0x10", "SESSION_TTL_SECONDS must be a positive integer, got '0x10'"],
    [
      "SECRET_ROTATION_GRACE_SECONDS",
      "99999999999999999999",
      "SECRET_ROTATION_GRACE_SECONDS must be a positive integer, got '99999999999999999999'",
    ],
    ["DEMO_BALANCE", "-1", "DEMO_BALANCE must be a positive decimal number like 1000 or 250.50, got '-1'"],
    [
      "DEMO_BALANCE",
      "0.00",
      "DEMO_BALANCE must be a positive decimal number like 1000 or 250.50, got '0.00'",
    ],
    [
      "DEMO_BALANCE",
      "1,000",
      "DEMO_BALANCE must be a positive decimal number like 1000 or 250.50, got '1,000'",
    ],
    [
      "LOG_LEVEL",
      "verbose",
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'verbose'",
    ],
    [
      "GAME_RATE_LIMIT_PER_SECOND",
      "fast",
      "GAME_RATE_LIMIT_PER_SECOND must be a positive number with at most 3 decimals, got 'fast'",
    ],
    ["GAME_RATE_LIMIT_BURST", "0", "GAME_RATE_LIMIT_BURST must be a positive integer, got '0'"],
    [
      "SESSION_REFRESH_GRACE_SECONDS",
      "-30",
      "SESSION_REFRESH_GRACE_SECONDS must be a positive integer, got '-30'",
    ],
    ["DEBIT_RETRIES", "11", "DEBIT_RETRIES must be an integer from 0 to 10, got '11'"],
    ["DEBIT_RETRIES", "two", "DEBIT_RETRIES must be an integer from 0 to 10, got 'two'"],
    [
      "DEBIT_RETRY_DELAY_MS",
      "60001",
      "DEBIT_RETRY_DELAY_MS must be an integer from 0 to 60000 (milliseconds), got '60001'",
    ],
    ["DATABASE_POOL_SIZE", "1", "DATABASE_POOL_SIZE must be an integer from 2 to 200, got '1'"],
    [
      "DATABASE_CONNECT_TIMEOUT_MS",
      "5s",
      "DATABASE_CONNECT_TIMEOUT_MS must be an integer from 100 to 600000 (milliseconds), got '5s'",
    ],
    ["OUTBOX_BATCH_SIZE", "0", "OUTBOX_BATCH_SIZE must be a positive integer, got '0'"],
    ["AUDIT_KEY_VERSION", "0", "AUDIT_KEY_VERSION must be an integer from 1 to 1000, got '0'"],
    ["AUDIT_KEY_VERSION", "1001", "AUDIT_KEY_VERSION must be an integer from 1 to 1000, got '1001'"],
    ["OUTBOX_POLL_MS", "1s", "OUTBOX_POLL_MS must be a positive integer, got '1s'"],
    ["SWEEPER_IDLE_SECONDS", "0", "SWEEPER_IDLE_SECONDS must be a positive integer, got '0'"],
    ["SHUTDOWN_GRACE_MS", "0", "SHUTDOWN_GRACE_MS must be a positive integer, got '0'"],
    ["SHUTDOWN_DRAIN_MS", "-1", "SHUTDOWN_DRAIN_MS must be a whole number of milliseconds, got '-1'"],
    [
      "SHUTDOWN_DRAIN_MS",
      "25000",
      "SHUTDOWN_DRAIN_MS (25000) must be less than SHUTDOWN_GRACE_MS (25000): the requests in flight need time to finish after the drain",
    ],
    ["HTTP_HEADERS_TIMEOUT_MS", "0", "HTTP_HEADERS_TIMEOUT_MS must be a positive integer, got '0'"],
    ["HTTP_KEEP_ALIVE_TIMEOUT_MS", "5s", "HTTP_KEEP_ALIVE_TIMEOUT_MS must be a positive integer, got '5s'"],
    [
      "HTTP_MAX_CONNECTIONS_PER_PEER",
      "-1",
      "HTTP_MAX_CONNECTIONS_PER_PEER must be a non-negative integer (0: no limit), got '-1'",
    ],
    [
      "HTTP_REQUEST_TIMEOUT_MS",
      "5000",
      "HTTP_REQUEST_TIMEOUT_MS (5000) must be at least HTTP_HEADERS_TIMEOUT_MS (10000): the whole request includes its headers",
    ],
  ])("%s=%s is refused", (name, value, message) => {
    expect(errorsOf({ [name]: value })).toEqual([message]);
  });

  it("refuses a DATABASE_URL of another kind without echoing it", () => {
    const errors = errorsOf({ DATABASE_URL: "mysql://root:hunter2@db/rgs", SECRET_KEY: KEY });
    expect(errors).toEqual(["DATABASE_URL must be a postgres:// or postgresql:// URL"]);
  });

  it("refuses a SECRET_KEY of the wrong length or alphabet without echoing it", () => {
    const short = Buffer.alloc(16, 1).toString("base64");
    expect(errorsOf({ SECRET_KEY: short })).toEqual([
      "SECRET_KEY must be the base64 encoding of exactly 32 bytes (generate one with `openssl rand -base64 32`); it decodes to 16 bytes",
    ]);
    const [notBase64] = errorsOf({ SECRET_KEY: "not base64 at all!" });
    expect(notBase64).toContain("it is not base64");
    expect(notBase64).not.toContain("at all");
  });

  it("requires SECRET_KEY with DATABASE_URL", () => {
    expect(errorsOf({ DATABASE_URL: "postgresql://db/rgs" })).toEqual([
      expect.stringContaining("SECRET_KEY is required when DATABASE_URL is set"),
    ]);
  });

  it("refuses an outbox backoff cap below its first delay", () => {
    expect(errorsOf({ OUTBOX_BASE_DELAY_MS: "5000", OUTBOX_MAX_DELAY_MS: "1000" })).toEqual([
      "OUTBOX_MAX_DELAY_MS (1000) must be at least OUTBOX_BASE_DELAY_MS (5000)",
    ]);
  });

  it("refuses an outbox lease that a callback in flight could outlive", () => {
    expect(errorsOf({ CALLBACK_TIMEOUT_MS: "30000", OUTBOX_LEASE_MS: "30000" })).toEqual([
      expect.stringContaining("OUTBOX_LEASE_MS (30000) must be longer than CALLBACK_TIMEOUT_MS (30000)"),
    ]);
  });

  it.each([
    ["REPORTING_CONNECTIONS", "0", "REPORTING_CONNECTIONS must be an integer from 1 to 50, got '0'"],
    ["REPORTING_CONNECTIONS", "51", "REPORTING_CONNECTIONS must be an integer from 1 to 50, got '51'"],
    ["REPORTING_PER_OPERATOR", "two", "REPORTING_PER_OPERATOR must be an integer from 1 to 50, got 'two'"],
    [
      "REPORTING_STATEMENT_TIMEOUT_MS",
      "50",
      "REPORTING_STATEMENT_TIMEOUT_MS must be an integer from 100 to 600000 (milliseconds), got '50'",
    ],
  ])("refuses %s=%s", (name, value, message) => {
    expect(errorsOf({ [name]: value })).toEqual([message]);
  });

  it("refuses more reporting queries per operator than reporting connections", () => {
    expect(errorsOf({ REPORTING_CONNECTIONS: "2", REPORTING_PER_OPERATOR: "3" })).toEqual([
      expect.stringContaining("REPORTING_PER_OPERATOR (3) must be at most REPORTING_CONNECTIONS (2)"),
    ]);
  });

  it("reports every bad variable at once", () => {
    expect(errorsOf({ PORT: "x", RGS_ENV: "prod", LOG_LEVEL: "loud" })).toHaveLength(3);
  });
});

describe("CONFIG_VARIABLES", () => {
  it("documents every variable that loadConfig reads", () => {
    const read = new Set<string>();
    const spy = new Proxy({} as Record<string, string | undefined>, {
      get: (_target, name) => {
        if (typeof name === "string") read.add(name);
        return undefined;
      },
    });
    loadConfig(spy);
    expect(CONFIG_VARIABLES.map((v) => v.name).sort()).toEqual([...read].sort());
  });

  it("renders a markdown table with one row per variable", () => {
    const lines = configTableMarkdown().split("\n");
    expect(lines[0]).toBe("| Variable | Default | Description |");
    expect(lines).toHaveLength(CONFIG_VARIABLES.length + 2);
    expect(lines).toContain(
      "| `RATE_LIMIT_BURST` | `20` | Bucket size: requests a client may send at once. |",
    );
  });
});
