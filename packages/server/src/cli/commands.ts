import type {
  OnboardingApi,
  OperatorFieldsJson,
  OperatorView,
  PackView,
  RotationView,
} from "../operators/onboarding.ts";
import {
  type BetLimitStrings,
  type Environment,
  parseBetLimitStrings,
  validateBetLimits,
  validateCallbackUrl,
  validateCountries,
  validateFrameAncestors,
  validateLobbyUrl,
  validateName,
  validatePackList,
  validateSecret,
} from "../operators/validation.ts";
import { AUDIT_COMMANDS } from "./audit-commands.ts";
import { CERTIFICATION_COMMANDS, formatCertificationStatus } from "./certification-commands.ts";
import { CALLBACK_COMMANDS } from "./dead-letters.ts";
import { HISTORY_COMMANDS } from "./history-commands.ts";
import { INTEGRITY_COMMANDS } from "./integrity-commands.ts";

/** Wrong command-line usage: reported with the command's usage line and exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";

  constructor(
    message: string,
    readonly command?: CommandSpec,
  ) {
    super(message);
  }
}

type OptionSpec = { type: "string" | "boolean"; multiple?: boolean };
type Values = Record<string, string | boolean | string[] | undefined>;

export interface CommandOutput {
  json: unknown;
  text: string;
  /** 0 when absent; a command whose result is a failure (a failed certification) says 1. */
  exitCode?: number;
}

/** What the checks of arguments need to know of the configuration. */
export interface PrepareContext {
  environment: Environment;
}

export interface CommandSpec {
  /** "operator create", "pack list", ... */
  name: string;
  /** Arguments and flags after the name, for the usage line. */
  args: string;
  summary: string;
  options: Record<string, OptionSpec>;
  positionals: { names: string[]; variadic?: boolean };
  /** False for a command that needs no store (nor configuration): it runs without opening one. */
  store?: false;
  /**
   * Checks the arguments before anything is opened, and returns the run. A wrong argument throws a
   * UsageError, a value the service would refuse the service's OperatorError: both exit with code 2.
   */
  prepare(
    values: Values,
    positionals: string[],
    context: PrepareContext,
  ): (api: OnboardingApi) => Promise<CommandOutput>;
}

const OPERATOR_FLAGS: Record<string, OptionSpec> = {
  name: { type: "string" },
  "callback-url": { type: "string" },
  "lobby-url": { type: "string" },
  packs: { type: "string" },
  countries: { type: "string" },
  "frame-ancestors": { type: "string", multiple: true },
  limit: { type: "string", multiple: true },
};

const OPERATOR_FLAGS_USAGE =
  "[--callback-url URL] [--lobby-url URL] [--packs a,b] [--countries CA,US,CA-ON] " +
  "[--frame-ancestors https://casino.example] [--limit CUR:min:max:maxWin ...]";

const SECRET_WARNING =
  "WARNING: this secret is shown only now and cannot be displayed again. Store it safely; if it is lost, rotate it.";

function commaList(value: string): string[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

function parseLimit(value: string): BetLimitStrings {
  const parts = value.split(":");
  const [currency, minBet, maxBet, maxWin] = parts;
  if (parts.length !== 4 || !currency || !minBet || !maxBet || !maxWin) {
    throw new UsageError(
      `--limit takes CURRENCY:minBet:maxBet:maxWin (e.g. USD:0.50:500:50000), got '${value}'`,
    );
  }
  return { currency, minBet, maxBet, maxWin };
}

function str(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

function strings(values: Values, name: string): string[] | undefined {
  const value = values[name];
  return Array.isArray(value) ? value : undefined;
}

/** The checks the operator service applies, run on the flags' values before anything is opened. */
function checkOperatorFields(fields: OperatorFieldsJson, environment: Environment): void {
  if (fields.name !== undefined) validateName(fields.name);
  if (fields.callbackUrl !== undefined) validateCallbackUrl(fields.callbackUrl, environment);
  if (fields.lobbyUrl !== undefined) validateLobbyUrl(fields.lobbyUrl);
  if (fields.allowedCountries !== undefined) validateCountries(fields.allowedCountries);
  if (fields.frameAncestors !== undefined) validateFrameAncestors(fields.frameAncestors);
  if (fields.betLimits !== undefined) validateBetLimits(parseBetLimitStrings(fields.betLimits));
  if (fields.packs !== undefined) validatePackList(fields.packs);
}

/**
 * Operator fields from flags, checked. On update an empty value clears: --callback-url "" and
 * --lobby-url "" to none, --countries "" to no geo restriction, --frame-ancestors "" and --packs "" to
 * empty lists.
 */
function operatorFields(values: Values, environment: Environment): OperatorFieldsJson {
  const fields = flagFields(values);
  checkOperatorFields(fields, environment);
  return fields;
}

function flagFields(values: Values): OperatorFieldsJson {
  const fields: OperatorFieldsJson = {};
  const name = str(values, "name");
  if (name !== undefined) fields.name = name;
  const callbackUrl = str(values, "callback-url");
  if (callbackUrl !== undefined) fields.callbackUrl = callbackUrl === "" ? null : callbackUrl;
  const lobbyUrl = str(values, "lobby-url");
  if (lobbyUrl !== undefined) fields.lobbyUrl = lobbyUrl === "" ? null : lobbyUrl;
  const countries = str(values, "countries");
  if (countries !== undefined)
    fields.allowedCountries = countries.trim() === "" ? null : commaList(countries);
  const ancestors = strings(values, "frame-ancestors");
  if (ancestors !== undefined) fields.frameAncestors = ancestors.flatMap(commaList);
  const packs = str(values, "packs");
  if (packs !== undefined) fields.packs = commaList(packs);
  const limits = strings(values, "limit");
  if (limits !== undefined) fields.betLimits = limits.map(parseLimit);
  if (values["clear-limits"] === true) {
    if (limits !== undefined) throw new UsageError("--clear-limits cannot be combined with --limit");
    fields.betLimits = [];
  }
  return fields;
}

function none(values: readonly string[] | null, empty: string): string {
  return values === null || values.length === 0 ? empty : values.join(", ");
}

export function formatOperator(operator: OperatorView): string {
  const limits =
    operator.betLimits.length === 0
      ? "currency defaults"
      : operator.betLimits
          .map((l) => `${l.currency} min ${l.minBet} / max ${l.maxBet} / max win ${l.maxWin}`)
          .join("; ");
  return [
    `Operator ${operator.id}`,
    `  name:               ${operator.name}`,
    `  callback URL:       ${operator.callbackUrl ?? "(none: real play unavailable)"}`,
    `  lobby URL:          ${operator.lobbyUrl ?? "(none)"}`,
    `  allowed countries:  ${none(operator.allowedCountries, "(any)")}`,
    `  frame ancestors:    ${none(operator.frameAncestors, "(none)")}`,
    `  bet limits:         ${limits}`,
    `  packs:              ${none(operator.packs, "(none: no games)")}`,
    `  created:            ${operator.createdAt}`,
    `  updated:            ${operator.updatedAt}`,
    ...(operator.certification ? formatCertificationStatus(operator.id, operator.certification) : []),
  ].join("\n");
}

export function formatPack(pack: PackView): string {
  return [
    `Pack ${pack.id}`,
    `  name:       ${pack.name}`,
    `  games (${pack.games.length}): ${none(pack.games, "(none)")}`,
    `  operators:  ${none(pack.operators, "(none)")}`,
  ].join("\n");
}

function formatRotation(rotation: RotationView): string {
  return [
    `New secret of operator ${rotation.operatorId}:`,
    "",
    `  ${rotation.secret}`,
    "",
    SECRET_WARNING,
    "",
    `The previous secret is still accepted on operator requests until ${rotation.previousValidUntil}.`,
    `Wallet callbacks are signed with the previous secret until ${rotation.callbackSigningSwitchAt}, and with the new one from then on:`,
    "configure the wallet to accept both secrets before that moment.",
  ].join("\n");
}

export const COMMANDS: CommandSpec[] = [
  {
    name: "operator create",
    args: `--name NAME ${OPERATOR_FLAGS_USAGE} [--secret SECRET]`,
    summary: "Create an operator; prints its ID and its secret (shown only once).",
    options: { ...OPERATOR_FLAGS, secret: { type: "string" } },
    positionals: { names: [] },
    prepare(values, _positionals, { environment }) {
      const name = str(values, "name");
      if (name === undefined) throw new UsageError("--name is required");
      const secret = str(values, "secret");
      if (secret !== undefined) validateSecret(secret);
      const fields = operatorFields(values, environment);
      return async (api) => {
        const created = await api.createOperator({
          ...fields,
          name,
          ...(secret !== undefined && { secret }),
        });
        return {
          json: { ...created, warning: SECRET_WARNING },
          text: [
            formatOperator(created.operator),
            "",
            `Operator ID: ${created.operator.id}`,
            `Secret:      ${created.secret}`,
            "",
            SECRET_WARNING,
          ].join("\n"),
        };
      };
    },
  },
  {
    name: "operator list",
    args: "",
    summary: "List the operators.",
    options: {},
    positionals: { names: [] },
    prepare: () => async (api) => {
      const operators = await api.listOperators({});
      const lines = operators.map((o) => `${o.id}  ${o.name}  [${none(o.packs, "no packs")}]`);
      return { json: operators, text: lines.length > 0 ? lines.join("\n") : "No operators." };
    },
  },
  {
    name: "operator show",
    args: "<operator-id>",
    summary: "Show an operator (never its secret).",
    options: {},
    positionals: { names: ["operator-id"] },
    prepare:
      (_values, [id = ""]) =>
      async (api) => {
        const operator = await api.showOperator({ id });
        return { json: operator, text: formatOperator(operator) };
      },
  },
  {
    name: "operator update",
    args: `<operator-id> [--name NAME] ${OPERATOR_FLAGS_USAGE} [--clear-limits]`,
    summary:
      'Change an operator. Lists replace the current ones; an empty value clears (--countries "" = no geo restriction).',
    options: { ...OPERATOR_FLAGS, "clear-limits": { type: "boolean" } },
    positionals: { names: ["operator-id"] },
    prepare(values, [id = ""], { environment }) {
      const fields = operatorFields(values, environment);
      if (Object.keys(fields).length === 0) throw new UsageError("nothing to update: give at least one flag");
      return async (api) => {
        const operator = await api.updateOperator({ ...fields, id });
        return { json: operator, text: formatOperator(operator) };
      };
    },
  },
  {
    name: "operator rotate-secret",
    args: "<operator-id> [--grace-seconds N]",
    summary: "Issue a new secret; the previous one keeps working for the grace period (0 revokes it now).",
    options: { "grace-seconds": { type: "string" } },
    positionals: { names: ["operator-id"] },
    prepare(values, [id = ""]) {
      const grace = str(values, "grace-seconds");
      if (grace !== undefined && !/^[0-9]{1,10}$/.test(grace)) {
        throw new UsageError(`--grace-seconds takes a whole number of seconds, got '${grace}'`);
      }
      return async (api) => {
        const rotation = await api.rotateSecret({
          id,
          ...(grace !== undefined && { graceSeconds: Number(grace) }),
        });
        return { json: { ...rotation, warning: SECRET_WARNING }, text: formatRotation(rotation) };
      };
    },
  },
  {
    name: "pack list",
    args: "",
    summary: "List the packs.",
    options: {},
    positionals: { names: [] },
    prepare: () => async (api) => {
      const packs = await api.listPacks({});
      const lines = packs.map(
        (p) => `${p.id}  ${p.name}  (${p.games.length} games, ${p.operators.length} operators)`,
      );
      return { json: packs, text: lines.join("\n") };
    },
  },
  {
    name: "pack create",
    args: "<pack-id> --name NAME [--games a,b]",
    summary: "Create a pack of games.",
    options: { name: { type: "string" }, games: { type: "string" } },
    positionals: { names: ["pack-id"] },
    prepare(values, [id = ""]) {
      const name = str(values, "name");
      if (name === undefined) throw new UsageError("--name is required");
      const games = str(values, "games");
      return async (api) => {
        const pack = await api.createPack({
          id,
          name,
          ...(games !== undefined && { games: commaList(games) }),
        });
        return { json: pack, text: formatPack(pack) };
      };
    },
  },
  {
    name: "pack show",
    args: "<pack-id>",
    summary: "Show a pack, its games and its operators.",
    options: {},
    positionals: { names: ["pack-id"] },
    prepare:
      (_values, [id = ""]) =>
      async (api) => {
        const pack = await api.showPack({ id });
        return { json: pack, text: formatPack(pack) };
      },
  },
  {
    name: "pack add-games",
    args: "<pack-id> <game-code...>",
    summary: "Add games to a pack.",
    options: {},
    positionals: { names: ["pack-id", "game-code"], variadic: true },
    prepare:
      (_values, [id = "", ...codes]) =>
      async (api) => {
        const pack = await api.addGames({ id, games: codes.flatMap(commaList) });
        return { json: pack, text: formatPack(pack) };
      },
  },
  {
    name: "pack remove-games",
    args: "<pack-id> <game-code...>",
    summary: "Remove games from a pack.",
    options: {},
    positionals: { names: ["pack-id", "game-code"], variadic: true },
    prepare:
      (_values, [id = "", ...codes]) =>
      async (api) => {
        const pack = await api.removeGames({ id, games: codes.flatMap(commaList) });
        return { json: pack, text: formatPack(pack) };
      },
  },
  {
    name: "pack assign",
    args: "<pack-id> <operator-id>",
    summary: "Give an operator the games of a pack.",
    options: {},
    positionals: { names: ["pack-id", "operator-id"] },
    prepare:
      (_values, [pack = "", operator = ""]) =>
      async (api) => {
        const updated = await api.assignPack({ pack, operator });
        return { json: updated, text: formatOperator(updated) };
      },
  },
  {
    name: "pack unassign",
    args: "<pack-id> <operator-id>",
    summary: "Take a pack away from an operator.",
    options: {},
    positionals: { names: ["pack-id", "operator-id"] },
    prepare:
      (_values, [pack = "", operator = ""]) =>
      async (api) => {
        const updated = await api.unassignPack({ pack, operator });
        return { json: updated, text: formatOperator(updated) };
      },
  },
  ...CERTIFICATION_COMMANDS,
  ...CALLBACK_COMMANDS,
  ...AUDIT_COMMANDS,
  ...HISTORY_COMMANDS,
  ...INTEGRITY_COMMANDS,
];

export function usageOf(command: CommandSpec): string {
  return `rgs ${command.name}${command.args ? ` ${command.args}` : ""} [--json] [--timings]`;
}

/** The first word of the commands named by two: "operator", "pack", "audit", ... */
export function commandGroups(): string[] {
  return [...new Set(COMMANDS.filter((c) => c.name.includes(" ")).map((c) => c.name.split(" ")[0] ?? ""))];
}

function listed(commands: CommandSpec[]): string[] {
  return commands.flatMap((c) => [`  ${c.name}${c.args ? ` ${c.args}` : ""}`, `      ${c.summary}`]);
}

const FOOTER = [
  "--json prints machine-readable output (errors as JSON on stderr).",
  "--timings says where a command's time went (printed anyway to a terminal when it took a second or more).",
  "The store is the one the server uses: DATABASE_URL (with SECRET_KEY) when set, else DATA_DIR.",
  "While the server runs on DATA_DIR, commands go through its admin interface in milliseconds; without it a",
  "command opens the embedded store itself, which takes a second or two (PGlite starts PostgreSQL in WebAssembly).",
  "Help, usage errors and invalid values are answered without opening anything.",
  "Exit codes: 0 done, 1 refused or failed, 2 bad arguments or invalid values.",
];

export function helpText(): string {
  return [
    "Usage: npm run rgs -- <command> [arguments] [--json] [--timings]",
    "",
    "Commands:",
    ...listed(COMMANDS),
    "  help [GROUP]",
    `      Show this help, or the commands of one group (${commandGroups().join(", ")}).`,
    "",
    ...FOOTER,
  ].join("\n");
}

/** The help of one group: `rgs operator`, `rgs operator --help`, `rgs help operator`. */
export function groupHelpText(group: string): string {
  return [
    `Usage: npm run rgs -- ${group} <command> [arguments] [--json] [--timings]`,
    "",
    `Commands of ${group}:`,
    ...listed(COMMANDS.filter((c) => c.name.startsWith(`${group} `))),
    "",
    "`npm run rgs -- help` lists every command.",
    "Exit codes: 0 done, 1 refused or failed, 2 bad arguments or invalid values.",
  ].join("\n");
}

/** The help of one command: `rgs operator create --help`. */
export function commandHelpText(command: CommandSpec): string {
  return [`Usage: npm run rgs -- ${usageOf(command).replace(/^rgs /, "")}`, "", command.summary].join("\n");
}
