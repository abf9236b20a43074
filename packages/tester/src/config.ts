import { readFileSync } from "node:fs";
import { type Currency, resolveCurrency } from "@rgs/protocol/currencies";

export type ReportFormat = "json" | "junit" | "html";

export interface TesterConfig {
  /** The operator's callback base URL; callbacks go to `{walletUrl}/callback/{name}`. */
  walletUrl: string;
  secret: string;
  playerId: string;
  /** A second test player for the cross-player checks; those are skipped without it. */
  secondPlayerId?: string;
  operatorId?: string;
  /** As configured (an alias such as RMB is sent as written). */
  currency: string;
  /** Per request; a callback not answered in time counts as no answer. */
  timeoutMs: number;
  /** p95 latency per callback above this gives a warning. */
  latencyThresholdMs: number;
  /** Check ids, id prefixes ("hmac.") or category names to run; empty runs everything. */
  only: string[];
  /** Also run the free-round checks (docs/tester.md#free-rounds). */
  freeRounds?: boolean;
}

export interface CliOptions {
  config: TesterConfig;
  format?: ReportFormat;
  output?: string;
  color?: boolean;
}

export const DEFAULTS = {
  currency: "USD",
  timeoutMs: 10_000,
  latencyThresholdMs: 1_000,
} as const;

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** The settings, by their config-file key, with their flag and environment variable. */
const SETTINGS = {
  walletUrl: { flag: "--wallet-url", env: "RGS_TESTER_WALLET_URL" },
  secret: { flag: "--secret", env: "RGS_TESTER_SECRET" },
  playerId: { flag: "--player", env: "RGS_TESTER_PLAYER" },
  secondPlayerId: { flag: "--second-player", env: "RGS_TESTER_SECOND_PLAYER" },
  operatorId: { flag: "--operator-id", env: "RGS_TESTER_OPERATOR_ID" },
  currency: { flag: "--currency", env: "RGS_TESTER_CURRENCY" },
  timeoutMs: { flag: "--timeout-ms", env: "RGS_TESTER_TIMEOUT_MS" },
  latencyThresholdMs: { flag: "--latency-threshold-ms", env: "RGS_TESTER_LATENCY_THRESHOLD_MS" },
  only: { flag: "--only", env: "RGS_TESTER_ONLY" },
  format: { flag: "--format", env: "RGS_TESTER_FORMAT" },
  output: { flag: "--output", env: "RGS_TESTER_OUTPUT" },
} as const;

type SettingKey = keyof typeof SETTINGS;

const FLAG_TO_KEY = new Map<string, SettingKey>(
  (Object.keys(SETTINGS) as SettingKey[]).map((key) => [SETTINGS[key].flag, key]),
);

export const USAGE = `Usage: rgs-tester [options]

Plays the RGS against a wallet's five callbacks and reports what the wallet gets wrong.

Options (each also read from the environment variable shown, or from a JSON config file):
  --wallet-url URL             callback base URL, e.g. https://wallet.example.com/wallet/v2   RGS_TESTER_WALLET_URL
  --secret SECRET              HMAC secret shared with the RGS (prefer the variable)         RGS_TESTER_SECRET
  --player ID                  test player that exists in the wallet                        RGS_TESTER_PLAYER
  --second-player ID           second test player, same currency (cross-player checks)      RGS_TESTER_SECOND_PLAYER
  --operator-id UUID           sent as X-Operator-ID                                        RGS_TESTER_OPERATOR_ID
  --currency CODE              currency of the test players (default USD)                   RGS_TESTER_CURRENCY
  --timeout-ms N               per-request timeout (default 10000)                          RGS_TESTER_TIMEOUT_MS
  --latency-threshold-ms N     p95 latency per callback above this warns (default 1000)     RGS_TESTER_LATENCY_THRESHOLD_MS
  --only LIST                  comma-separated check ids, id prefixes or categories         RGS_TESTER_ONLY
  --free-rounds                also run the free-round checks (a 0 debit with metadata.freeRound)
  --format json|junit|html     also write a report in this format                           RGS_TESTER_FORMAT
  --output FILE                where to write it (default: standard output)                 RGS_TESTER_OUTPUT
  --config FILE                JSON file with any of: walletUrl, secret, playerId, secondPlayerId,
                               operatorId, currency, timeoutMs, latencyThresholdMs, only, format, output
  --no-color                   plain output even on a terminal
  --list                       list the checks and exit
  --help                       this text

Precedence: flags, then environment variables, then the config file.
Exit codes: 0 every Happy Path check passed and nothing failed (warnings allowed); 1 a check failed;
2 invalid options.`;

export interface ParsedArgs {
  values: Partial<Record<SettingKey, string>>;
  configFile?: string;
  help: boolean;
  list: boolean;
  noColor: boolean;
  freeRounds: boolean;
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const parsed: ParsedArgs = { values: {}, help: false, list: false, noColor: false, freeRounds: false };
  const problems: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--help" || arg === "-h") {
      parsed.help = true;
      continue;
    }
    if (arg === "--list") {
      parsed.list = true;
      continue;
    }
    if (arg === "--no-color") {
      parsed.noColor = true;
      continue;
    }
    if (arg === "--free-rounds") {
      parsed.freeRounds = true;
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const key = FLAG_TO_KEY.get(name);
    if (key === undefined && name !== "--config") {
      problems.push(`unknown option ${JSON.stringify(arg)} (see --help)`);
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) {
      value = arg.slice(eq + 1);
    } else {
      value = argv[i + 1];
      i++;
    }
    if (value === undefined) {
      problems.push(`${name} needs a value`);
      continue;
    }
    if (key === undefined) parsed.configFile = value;
    else parsed.values[key] = value;
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return parsed;
}

type Env = Readonly<Record<string, string | undefined>>;

function readConfigFile(path: string, problems: string[]): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    problems.push(`cannot read the config file ${JSON.stringify(path)}: ${(error as Error).message}`);
    return {};
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    problems.push(`the config file ${JSON.stringify(path)} is not valid JSON`);
    return {};
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problems.push(`the config file ${JSON.stringify(path)} must hold one JSON object`);
    return {};
  }
  const known = new Set<string>(Object.keys(SETTINGS));
  for (const key of Object.keys(value)) {
    if (!known.has(key)) {
      problems.push(
        `the config file has an unknown key ${JSON.stringify(key)}; known keys: ${[...known].join(", ")}`,
      );
    }
  }
  return value as Record<string, unknown>;
}

function fileValue(file: Record<string, unknown>, key: SettingKey, problems: string[]): string | undefined {
  const value = file[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" && (key === "timeoutMs" || key === "latencyThresholdMs")) {
    return String(value);
  }
  if (Array.isArray(value) && key === "only" && value.every((item) => typeof item === "string")) {
    return value.join(",");
  }
  problems.push(`config file key ${key} must be a string${key.endsWith("Ms") ? " or a number" : ""}`);
  return undefined;
}

/** Where a setting came from, for error messages that tell the user what to fix. */
function origin(key: SettingKey, source: "flag" | "env" | "file"): string {
  if (source === "flag") return SETTINGS[key].flag;
  if (source === "env") return SETTINGS[key].env;
  return `config file key ${key}`;
}

function positiveInteger(raw: string, where: string, max: number, problems: string[]): number {
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > max) {
    problems.push(`${where} must be a whole number from 1 to ${max}, got ${JSON.stringify(raw)}`);
    return 1;
  }
  return Number(raw);
}

function checkWalletUrl(raw: string, where: string, problems: string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(
      `${where} must be an absolute http(s) URL such as https://wallet.example.com/wallet/v2, got ${JSON.stringify(raw)}`,
    );
    return raw;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    problems.push(`${where} must use http or https, got ${JSON.stringify(url.protocol)}`);
  }
  if (url.search !== "" || url.hash !== "") {
    problems.push(`${where} must not carry a query string or fragment: the signature covers the path only`);
  }
  if (url.username !== "" || url.password !== "") {
    problems.push(`${where} must not carry credentials`);
  }
  if (url.pathname.endsWith("/callback") || url.pathname.includes("/callback/")) {
    problems.push(
      `${where} is the callback base URL, without /callback/...: the tester appends /callback/{name} itself`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

function checkId(raw: string, where: string, problems: string[]): string {
  if (raw.trim() === "" || raw !== raw.trim()) {
    problems.push(`${where} must be a non-empty id without surrounding spaces, got ${JSON.stringify(raw)}`);
  } else if (raw.length > 256) {
    problems.push(`${where} is longer than 256 characters`);
  }
  return raw;
}

/**
 * Builds the configuration from flags, environment variables and an optional JSON config file, in that
 * order of precedence. Every problem is reported at once, each naming the flag, variable or key to fix.
 */
export function resolveOptions(args: ParsedArgs, env: Env): CliOptions {
  const problems: string[] = [];
  const configPath = args.configFile ?? env.RGS_TESTER_CONFIG;
  const file = configPath === undefined ? {} : readConfigFile(configPath, problems);

  const lookup = (key: SettingKey): { value: string; where: string } | undefined => {
    const flag = args.values[key];
    if (flag !== undefined) return { value: flag, where: origin(key, "flag") };
    const fromEnv = env[SETTINGS[key].env];
    if (fromEnv !== undefined && fromEnv !== "") return { value: fromEnv, where: origin(key, "env") };
    const fromFile = fileValue(file, key, problems);
    if (fromFile !== undefined) return { value: fromFile, where: origin(key, "file") };
    return undefined;
  };
  const required = (key: SettingKey, what: string) => {
    const found = lookup(key);
    if (found === undefined || found.value === "") {
      problems.push(
        `${what} is required: ${SETTINGS[key].flag}, ${SETTINGS[key].env} or config file key ${key}`,
      );
      return undefined;
    }
    return found;
  };

  const wallet = required("walletUrl", "the wallet base URL");
  const secret = required("secret", "the HMAC secret");
  const player = required("playerId", "the test player ID");
  const second = lookup("secondPlayerId");
  const operator = lookup("operatorId");
  const currencyFound = lookup("currency");
  const currency = currencyFound?.value ?? DEFAULTS.currency;
  if (resolveCurrency(currency) === undefined) {
    problems.push(
      `${currencyFound?.where ?? "currency"}: unknown currency code ${JSON.stringify(currency)} (codes are upper case, e.g. USD, EUR, BTC)`,
    );
  }
  const timeout = lookup("timeoutMs");
  const latency = lookup("latencyThresholdMs");
  const only = lookup("only");
  const format = lookup("format");
  const output = lookup("output");

  if (format !== undefined && !["json", "junit", "html"].includes(format.value)) {
    problems.push(`${format.where} must be json, junit or html, got ${JSON.stringify(format.value)}`);
  }
  if (output !== undefined && format === undefined) {
    problems.push(`${output.where} needs a report format: add --format json, junit or html`);
  }

  const config: TesterConfig = {
    walletUrl: wallet === undefined ? "" : checkWalletUrl(wallet.value, wallet.where, problems),
    secret: secret?.value ?? "",
    playerId: player === undefined ? "" : checkId(player.value, player.where, problems),
    currency,
    timeoutMs:
      timeout === undefined
        ? DEFAULTS.timeoutMs
        : positiveInteger(timeout.value, timeout.where, 600_000, problems),
    latencyThresholdMs:
      latency === undefined
        ? DEFAULTS.latencyThresholdMs
        : positiveInteger(latency.value, latency.where, 600_000, problems),
    only:
      only === undefined
        ? []
        : only.value
            .split(",")
            .map((item) => item.trim())
            .filter((item) => item !== ""),
  };
  if (second !== undefined && second.value !== "") {
    config.secondPlayerId = checkId(second.value, second.where, problems);
    if (config.secondPlayerId === config.playerId) {
      problems.push(`${second.where} must name a different player than the test player`);
    }
  }
  if (operator !== undefined && operator.value !== "") {
    config.operatorId = checkId(operator.value, operator.where, problems);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const options: CliOptions = { config };
  if (format !== undefined) options.format = format.value as ReportFormat;
  if (output !== undefined) options.output = output.value;
  return options;
}

export function currencyOf(config: TesterConfig): Currency {
  const currency = resolveCurrency(config.currency);
  if (currency === undefined) throw new ConfigError([`unknown currency ${config.currency}`]);
  return currency;
}
