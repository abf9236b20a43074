import { resolveCurrency } from "@rgs/protocol/currencies";
import { parseAmount } from "@rgs/protocol/money";
import { DEFAULT_SIGNATURE_WINDOW_SECONDS } from "@rgs/protocol/signing";

export interface SeedPlayer {
  id: string;
  /** Canonical code ("CNY" when configured as "RMB"). */
  currency: string;
  balance: bigint;
}

export interface WalletConfig {
  port: number;
  host: string;
  /** Accepted signing secrets, current first; several during a rotation. */
  secrets: string[];
  /** When set, callbacks must carry exactly this X-Operator-ID. */
  operatorId: string | undefined;
  /** Path prefix of the five callbacks: "" or "/wallet/v2" (no trailing slash). */
  basePath: string;
  signatureWindowSeconds: number;
  /** PGlite data directory; in memory when unset and no database URL is given. */
  dataDir: string | undefined;
  /** PostgreSQL connection string; takes precedence over PGlite. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema holding the wallet's tables (default: the connection's search_path). */
  databaseSchema: string | undefined;
  players: SeedPlayer[];
  /** When set, admin endpoints need `Authorization: Bearer <token>`; otherwise loopback clients only. */
  adminToken: string | undefined;
  /** Test facility: enables the fault-injection admin endpoint. */
  faults: boolean;
  /** Sent as `customUserError` with ERROR_NOT_ENOUGH_MONEY when set. */
  notEnoughMoneyMessage: string | undefined;
}

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

export const DEFAULT_PORT = 9090;
export const DEFAULT_HOST = "127.0.0.1";

const BASE_PATH = /^(\/[A-Za-z0-9._~-]+)*$/;
const PLAYER_ID = /^[^\s:,]{1,256}$/;

type Env = Readonly<Record<string, string | undefined>>;

function present(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === "" ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]) {
  const raw = present(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    problems.push(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
    return fallback;
  }
  return value;
}

function readSecrets(env: Env, problems: string[]): string[] {
  const secrets: string[] = [];
  const single = present(env, "WALLET_SECRET");
  if (single !== undefined) secrets.push(single);
  const list = present(env, "WALLET_SECRETS");
  if (list !== undefined) {
    for (const part of list.split(",")) {
      const secret = part.trim();
      if (secret !== "" && !secrets.includes(secret)) secrets.push(secret);
    }
  }
  if (secrets.length === 0) {
    problems.push(
      "WALLET_SECRET (one secret) or WALLET_SECRETS (comma-separated, current first) is required: the HMAC secret shared with the RGS",
    );
  }
  return secrets;
}

function readBasePath(env: Env, problems: string[]): string {
  const raw = present(env, "WALLET_BASE_PATH");
  if (raw === undefined) return "";
  const path = raw.trim().replace(/\/+$/, "");
  if (!BASE_PATH.test(path)) {
    problems.push(
      `WALLET_BASE_PATH must be a path such as /wallet/v2 (segments of letters, digits, "._~-"), got ${JSON.stringify(raw)}`,
    );
    return "";
  }
  if (path === "/admin" || path.startsWith("/admin/")) {
    problems.push("WALLET_BASE_PATH must not start with /admin, where the admin endpoints live");
  }
  return path;
}

/** WALLET_PLAYERS="alice:USD:1000.00,bob:EUR:50.00": id, currency code, opening balance. */
export function parsePlayers(raw: string | undefined, problems: string[]): SeedPlayer[] {
  if (raw === undefined || raw.trim() === "") return [];
  const players: SeedPlayer[] = [];
  for (const item of raw.split(",")) {
    const text = item.trim();
    if (text === "") continue;
    const parts = text.split(":");
    const [id = "", code = "", amount = ""] = parts;
    const where = `WALLET_PLAYERS entry ${JSON.stringify(text)}`;
    if (parts.length !== 3) {
      problems.push(`${where} must be id:CURRENCY:balance, e.g. alice:USD:1000.00`);
      continue;
    }
    if (!PLAYER_ID.test(id)) {
      problems.push(`${where}: the player id must be 1 to 256 characters without spaces, ":" or ","`);
      continue;
    }
    const currency = resolveCurrency(code);
    if (currency === undefined) {
      problems.push(`${where}: unknown currency code ${JSON.stringify(code)}`);
      continue;
    }
    const balance = parseAmount(amount, currency.decimals);
    if (!balance.ok) {
      problems.push(`${where}: ${balance.detail}`);
      continue;
    }
    if (players.some((p) => p.id === id)) {
      problems.push(`${where}: player ${JSON.stringify(id)} is listed twice`);
      continue;
    }
    players.push({ id, currency: currency.code, balance: balance.minor });
  }
  return players;
}

function readFlag(env: Env, name: string, problems: string[]): boolean {
  const raw = present(env, name);
  if (raw === undefined) return false;
  const value = raw.trim().toLowerCase();
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  problems.push(`${name} must be 1 or 0 (true or false), got ${JSON.stringify(raw)}`);
  return false;
}

/** Reads the configuration from environment variables; every problem is reported at once. */
export function loadConfig(env: Env = process.env): WalletConfig {
  const problems: string[] = [];
  const config: WalletConfig = {
    port: integer(env, "WALLET_PORT", DEFAULT_PORT, 0, 65535, problems),
    host: present(env, "WALLET_HOST")?.trim() ?? DEFAULT_HOST,
    secrets: readSecrets(env, problems),
    operatorId: present(env, "WALLET_OPERATOR_ID")?.trim(),
    basePath: readBasePath(env, problems),
    signatureWindowSeconds: integer(
      env,
      "WALLET_SIGNATURE_WINDOW_SECONDS",
      DEFAULT_SIGNATURE_WINDOW_SECONDS,
      1,
      3600,
      problems,
    ),
    dataDir: present(env, "WALLET_DATA_DIR")?.trim(),
    databaseUrl: present(env, "WALLET_DATABASE_URL")?.trim(),
    databaseSchema: present(env, "WALLET_DATABASE_SCHEMA")?.trim(),
    players: parsePlayers(env.WALLET_PLAYERS, problems),
    adminToken: present(env, "WALLET_ADMIN_TOKEN"),
    faults: readFlag(env, "WALLET_FAULTS", problems),
    notEnoughMoneyMessage: present(env, "WALLET_NOT_ENOUGH_MONEY_MESSAGE"),
  };
  if (config.databaseUrl !== undefined && config.dataDir !== undefined) {
    problems.push("set WALLET_DATABASE_URL (PostgreSQL) or WALLET_DATA_DIR (PGlite), not both");
  }
  if (config.databaseSchema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(config.databaseSchema)) {
    problems.push(
      `WALLET_DATABASE_SCHEMA must be a lower-case SQL identifier, got ${JSON.stringify(config.databaseSchema)}`,
    );
  }
  if (config.databaseSchema !== undefined && config.databaseUrl === undefined) {
    problems.push("WALLET_DATABASE_SCHEMA needs WALLET_DATABASE_URL");
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
