import type { OperatorFieldsJson, OperatorView, PackView, RotationView } from "../operators/onboarding.ts";
import {
  type BetLimitStrings,
  type Environment,
  parseBetLimitStrings,
  validateBetLimits,
  validateCallbackUrl,
  validateCountries,
  validateFrameAncestors,
  validateJurisdiction,
  validateLobbyUrl,
  validateName,
  validatePackList,
  validatePageUrl,
  validateSecret,
  validateTimeZone,
} from "../operators/validation.ts";
import { AUDIT_COMMANDS } from "./audit-commands.ts";
import { BACKOFFICE_COMMANDS } from "./backoffice-commands.ts";
import { CERTIFICATION_COMMANDS, formatCertificationStatus } from "./certification-commands.ts";
import { type CommandSpec, type OptionSpec, UsageError, type Values } from "./command-spec.ts";
import { CALLBACK_COMMANDS } from "./dead-letters.ts";
import { HISTORY_COMMANDS } from "./history-commands.ts";
import { INTEGRITY_COMMANDS } from "./integrity-commands.ts";
import { REPORT_COMMANDS } from "./report-commands.ts";

const OPERATOR_FLAGS: Record<string, OptionSpec> = {
  name: { type: "string" },
  "callback-url": { type: "string" },
  "lobby-url": { type: "string" },
  packs: { type: "string" },
  countries: { type: "string" },
  "frame-ancestors": { type: "string", multiple: true },
  "time-zone": { type: "string" },
  "private-network": { type: "string" },
  "free-rounds": { type: "string" },
  jurisdiction: { type: "string" },
  "responsible-gambling-url": { type: "string" },
  "limits-url": { type: "string" },
  limit: { type: "string", multiple: true },
};

const OPERATOR_FLAGS_USAGE =
  "[--callback-url URL] [--lobby-url URL] [--packs a,b] [--countries CA,US,CA-ON] " +
  "[--frame-ancestors https://casino.example] [--time-zone Europe/Berlin] [--private-network allow|deny] [--free-rounds on|off] " +
  "[--jurisdiction UKGC] [--responsible-gambling-url URL] [--limits-url URL] " +
  "[--limit CUR:min:max:maxWin ...]";

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
  if (fields.timeZone !== undefined) validateTimeZone(fields.timeZone);
  if (fields.jurisdiction !== undefined) validateJurisdiction(fields.jurisdiction);
  if (fields.responsibleGamblingUrl !== undefined)
    validatePageUrl(fields.responsibleGamblingUrl, "responsibleGambling");
  if (fields.limitsUrl !== undefined) validatePageUrl(fields.limitsUrl, "limits");
  if (fields.betLimits !== undefined) validateBetLimits(parseBetLimitStrings(fields.betLimits));
  if (fields.packs !== undefined) validatePackList(fields.packs);
}

/**
 * Operator fields from flags, checked. On update an empty value clears: --callback-url "", --lobby-url "",
 * --responsible-gambling-url "" and --limits-url "" to none, --countries "" to no geo restriction, --frame-ancestors "" and --packs "" to
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
  const responsibleGamblingUrl = str(values, "responsible-gambling-url");
  if (responsibleGamblingUrl !== undefined)
    fields.responsibleGamblingUrl = responsibleGamblingUrl === "" ? null : responsibleGamblingUrl;
  const limitsUrl = str(values, "limits-url");
  if (limitsUrl !== undefined) fields.limitsUrl = limitsUrl === "" ? null : limitsUrl;
  const countries = str(values, "countries");
  if (countries !== undefined)
    fields.allowedCountries = countries.trim() === "" ? null : commaList(countries);
  const ancestors = strings(values, "frame-ancestors");
  if (ancestors !== undefined) fields.frameAncestors = ancestors.flatMap(commaList);
  const timeZone = str(values, "time-zone");
  if (timeZone !== undefined) fields.timeZone = timeZone.trim();
  const privateNetwork = str(values, "private-network");
  if (privateNetwork !== undefined) fields.allowPrivateNetwork = parsePrivateNetwork(privateNetwork);
  const jurisdiction = str(values, "jurisdiction");
  if (jurisdiction !== undefined) fields.jurisdiction = jurisdiction.trim();
  const freeRounds = str(values, "free-rounds");
  if (freeRounds !== undefined) fields.freeRounds = parseSwitch("--free-rounds", freeRounds);
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

function parseSwitch(flag: string, value: string): boolean {
  if (value === "on") return true;
  if (value === "off") return false;
  throw new UsageError(`${flag} takes on or off, got '${value}'`);
}

function parsePrivateNetwork(value: string): boolean {
  if (value === "allow") return true;
  if (value === "deny") return false;
  throw new UsageError(`--private-network takes allow or deny, got '${value}'`);
}

function none(values: readonly string[] | null, empty: string): string {
  return values === null || values.length === 0 ? empty : values.join(", ");
}

function formatOperator(operator: OperatorView): string {
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
    `  time zone:          ${operator.timeZone} (its days in reports and reconciliation)`,
    `  private network:    ${operator.allowPrivateNetwork ? "allowed (callbacks may go to non-public addresses)" : "denied (production sends callbacks to public addresses only)"}`,
    `  jurisdiction:       ${operator.jurisdiction} (profile of launches that name none)`,
    `  safer gambling:     ${operator.responsibleGamblingUrl ?? "(none)"}`,
    `  limits page:        ${operator.limitsUrl ?? "(none)"}`,
    `  free rounds:        ${operator.freeRounds ? "on (may run free-round campaigns)" : "off"}`,
    `  bet limits:         ${limits}`,
    `  packs:              ${none(operator.packs, "(none: no games)")}`,
    `  created:            ${operator.createdAt}`,
    `  updated:            ${operator.updatedAt}`,
    ...(operator.certification ? formatCertificationStatus(operator.id, operator.certification) : []),
  ].join("\n");
}

function formatPack(pack: PackView): string {
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
  ...REPORT_COMMANDS,
  ...BACKOFFICE_COMMANDS,
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
