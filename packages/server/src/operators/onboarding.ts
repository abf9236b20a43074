import type { ReconciliationResponse } from "@rgs/protocol/operator-reports";
import type { RunReport } from "@rgs/tester";
import type {
  AuditChain,
  AuditExportResult,
  PublishedHead,
  PublishedHeadView,
  VerifyReport,
} from "../audit/audit-chain.ts";
import type { AuditRecorder } from "../audit/audit-log.ts";
import { type AuditEntryView, type AuditFilterJson, type AuditTrail, instant } from "../audit/audit-trail.ts";
import { AuditExportError } from "../audit/exporter.ts";
import { PublishedHeadError } from "../audit/verifier.ts";
import { generatedPassword } from "../backoffice/passwords.ts";
import type { BackofficeUser, BackofficeUsers } from "../backoffice/users.ts";
import type { Clock } from "../clock.ts";
import type { CallbackView, DeadLetterService } from "../outbox/dead-letters.ts";
import type { GgrRollup, RebuildResult } from "../reporting/ggr-rollup.ts";
import type { Reconciliation } from "../reporting/reconciliation.ts";
import { ReportInputError } from "../reporting/report-filters.ts";
import { HistoryMoveError, type HistoryMover } from "../rounds/history-mover.ts";
import {
  type DropResult,
  type ExportResult,
  type HistoryRetention,
  HistoryRetentionError,
} from "../rounds/history-retention.ts";
import type { Operator } from "../store/operators-repository.ts";
import type { Pack } from "../store/packs-repository.ts";
import type { CertificationService } from "./certification-service.ts";
import {
  type CertificationRunView,
  type CertificationStatusView,
  type CertificationView,
  certificationStatusView,
  certificationView,
} from "./certification-view.ts";
import { OperatorError } from "./operator-error.ts";
import type { OperatorService } from "./operator-service.ts";
import type { PackService } from "./pack-service.ts";
import { type BetLimitStrings, formatBetLimit, parseBetLimitStrings } from "./validation.ts";

/**
 * The onboarding operations in JSON form (amounts as decimal strings, dates as ISO strings): what
 * the CLI runs, either on the services directly or through the running server's admin interface,
 * which serves exactly these operations at ONBOARDING_ROUTES.
 */

export interface OperatorView {
  id: string;
  name: string;
  callbackUrl: string | null;
  lobbyUrl: string | null;
  allowedCountries: string[] | null;
  frameAncestors: string[];
  timeZone: string;
  allowPrivateNetwork: boolean;
  jurisdiction: string;
  responsibleGamblingUrl: string | null;
  limitsUrl: string | null;
  freeRounds: boolean;
  betLimits: BetLimitStrings[];
  packs: string[];
  createdAt: string;
  updatedAt: string;
  /** Shown by showOperator where certifications are available. */
  certification?: CertificationStatusView;
}

export interface PackView {
  id: string;
  name: string;
  games: string[];
  operators: string[];
  createdAt: string;
}

export interface OperatorFieldsJson {
  name?: string;
  callbackUrl?: string | null;
  lobbyUrl?: string | null;
  allowedCountries?: string[] | null;
  frameAncestors?: string[];
  timeZone?: string;
  allowPrivateNetwork?: boolean;
  jurisdiction?: string;
  responsibleGamblingUrl?: string | null;
  limitsUrl?: string | null;
  freeRounds?: boolean;
  betLimits?: BetLimitStrings[];
  packs?: string[];
}

export interface RotationView {
  operatorId: string;
  secret: string;
  previousValidUntil: string;
  callbackSigningSwitchAt: string;
}

/** What a `history move` run did (see rounds/history-mover.ts). */
export interface HistoryMoveView {
  before: string;
  rounds: number;
  transactions: number;
  batches: number;
  partitionsCreated: string[];
}

/** What `history export` wrote and `history drop` removed (see rounds/history-retention.ts). */
export type HistoryExportView = ExportResult;
export type HistoryDropView = DropResult;

export interface OnboardingApi {
  createOperator(
    args: OperatorFieldsJson & { name: string; secret?: string },
  ): Promise<{ operator: OperatorView; secret: string }>;
  listOperators(args: Record<string, never>): Promise<OperatorView[]>;
  showOperator(args: { id: string }): Promise<OperatorView>;
  updateOperator(args: OperatorFieldsJson & { id: string }): Promise<OperatorView>;
  rotateSecret(args: { id: string; graceSeconds?: number }): Promise<RotationView>;
  listPacks(args: Record<string, never>): Promise<PackView[]>;
  createPack(args: { id: string; name: string; games?: string[] }): Promise<PackView>;
  showPack(args: { id: string }): Promise<PackView>;
  addGames(args: { id: string; games: string[] }): Promise<PackView>;
  removeGames(args: { id: string; games: string[] }): Promise<PackView>;
  assignPack(args: { pack: string; operator: string }): Promise<OperatorView>;
  unassignPack(args: { pack: string; operator: string }): Promise<OperatorView>;
  listCallbacks(args: { dead?: boolean; alerts?: boolean }): Promise<CallbackView[]>;
  retryCallback(args: { id: string; by: string }): Promise<CallbackView>;
  resolveCallback(args: { id: string; note: string; by: string }): Promise<CallbackView>;
  certifyOperator(args: {
    id: string;
    playerId: string;
    secondPlayerId?: string;
    currency?: string;
    freeRounds?: boolean;
  }): Promise<CertificationRunView>;
  listCertifications(args: { id: string }): Promise<CertificationView[]>;
  certificationReport(args: { id: string; certification: string }): Promise<RunReport>;
  listAudit(args: AuditFilterJson): Promise<AuditEntryView[]>;
  verifyAudit(args: { operator?: string; head?: PublishedHead }): Promise<VerifyReport>;
  exportAudit(args: { operator: string; from: string; to: string; out: string }): Promise<AuditExportResult>;
  /** Null while nothing was ever recorded. */
  auditHead(args: Record<string, never>): Promise<PublishedHeadView | null>;
  moveHistory(args: { before: string; batchSize?: number; maxRounds?: number }): Promise<HistoryMoveView>;
  exportHistory(args: { month: string; out: string }): Promise<HistoryExportView>;
  dropHistory(args: { month: string; confirmExported: string }): Promise<HistoryDropView>;
  rebuildReports(args: Record<string, never>): Promise<RebuildResult>;
  /** One day of the operator's callbacks in its zone: the currency given, or each one played that day. */
  reconcile(args: { operator: string; date: string; currency?: string }): Promise<ReconciliationResponse[]>;
  /** A person of the back office, with a generated password shown this once. */
  createBackofficeUser(args: {
    username: string;
    role: string;
    operatorId?: string;
  }): Promise<{ user: BackofficeUser; password: string }>;
}

export type OnboardingOperation = keyof OnboardingApi;

function operatorView(operator: Operator): OperatorView {
  return {
    id: operator.id,
    name: operator.name,
    callbackUrl: operator.callbackUrl,
    lobbyUrl: operator.lobbyUrl,
    allowedCountries: operator.allowedCountries,
    frameAncestors: operator.frameAncestors,
    timeZone: operator.timeZone,
    allowPrivateNetwork: operator.allowPrivateNetwork,
    jurisdiction: operator.jurisdiction,
    responsibleGamblingUrl: operator.responsibleGamblingUrl,
    limitsUrl: operator.limitsUrl,
    freeRounds: operator.freeRounds === true,
    betLimits: operator.betLimits.map(formatBetLimit),
    packs: operator.packs,
    createdAt: operator.createdAt.toISOString(),
    updatedAt: operator.updatedAt.toISOString(),
  };
}

function packView(pack: Pack): PackView {
  return {
    id: pack.id,
    name: pack.name,
    games: pack.games,
    operators: pack.operators,
    createdAt: pack.createdAt.toISOString(),
  };
}

/** The operations run on the services of this process. */
export function localOnboarding(services: {
  operators: OperatorService;
  packs: PackService;
  callbacks?: DeadLetterService;
  certifications?: CertificationService;
  audit?: AuditTrail;
  /** Sealing, verifying and exporting the audit trail. */
  auditChain?: AuditChain;
  /** Where the history's moves, exports and drops are recorded. */
  auditLog?: AuditRecorder;
  history?: HistoryMover;
  retention?: HistoryRetention;
  /** The GGR roll-up and the reconciliation, with the clock that says whether a day is over. */
  reports?: { rollup: GgrRollup; reconciliation: Reconciliation; clock: Clock };
  /** The people of the back office. */
  backofficeUsers?: BackofficeUsers;
}): OnboardingApi {
  const { operators, packs } = services;
  const record = async <T extends object>(kind: string, result: T): Promise<T> => {
    await services.auditLog?.record({
      operatorId: null,
      kind,
      data: { ...(result as Record<string, unknown>) },
    });
    return result;
  };
  const chain = () => {
    if (!services.auditChain) {
      throw new OperatorError(
        "invalid_request",
        "This process was started without the audit trail's chains.",
      );
    }
    return services.auditChain;
  };
  const retained = async <T>(run: (retention: HistoryRetention) => Promise<T>): Promise<T> => {
    if (!services.retention) {
      throw new OperatorError(
        "invalid_request",
        "This process does not export or drop history: run the command where it opens the database itself (with DATABASE_URL, or with the server stopped for a DATA_DIR store).",
      );
    }
    try {
      return await run(services.retention);
    } catch (error) {
      if (error instanceof HistoryRetentionError) throw new OperatorError("invalid_request", error.message);
      throw error;
    }
  };
  const reports = () => {
    if (!services.reports) {
      throw new OperatorError("invalid_request", "This process was started without the reports.");
    }
    return services.reports;
  };
  const certifications = () => {
    if (!services.certifications) {
      throw new OperatorError("invalid_request", "This process was started without certifications.");
    }
    return services.certifications;
  };
  const callbacks = () => {
    if (!services.callbacks) {
      throw new OperatorError(
        "invalid_request",
        "This process was started without the wallet callback outbox.",
      );
    }
    return services.callbacks;
  };
  const operatorFields = (args: OperatorFieldsJson) => ({
    ...(args.name !== undefined && { name: args.name }),
    ...(args.callbackUrl !== undefined && { callbackUrl: args.callbackUrl }),
    ...(args.lobbyUrl !== undefined && { lobbyUrl: args.lobbyUrl }),
    ...(args.allowedCountries !== undefined && { allowedCountries: args.allowedCountries }),
    ...(args.frameAncestors !== undefined && { frameAncestors: args.frameAncestors }),
    ...(args.timeZone !== undefined && { timeZone: args.timeZone }),
    ...(args.allowPrivateNetwork !== undefined && { allowPrivateNetwork: args.allowPrivateNetwork }),
    ...(args.jurisdiction !== undefined && { jurisdiction: args.jurisdiction }),
    ...(args.responsibleGamblingUrl !== undefined && { responsibleGamblingUrl: args.responsibleGamblingUrl }),
    ...(args.limitsUrl !== undefined && { limitsUrl: args.limitsUrl }),
    ...(args.freeRounds !== undefined && { freeRounds: args.freeRounds }),
    ...(args.betLimits !== undefined && { betLimits: parseBetLimitStrings(args.betLimits) }),
    ...(args.packs !== undefined && { packs: args.packs }),
  });
  const operatorOf = async (id: unknown) => {
    const operator = typeof id === "string" ? await operators.get(id) : undefined;
    if (!operator)
      throw new OperatorError("unknown_operator", `No operator has the ID ${JSON.stringify(id)}.`);
    return operator;
  };
  const packOf = async (id: unknown) => {
    const pack = typeof id === "string" ? await packs.get(id) : undefined;
    if (!pack) throw new OperatorError("unknown_pack", `No such pack: ${JSON.stringify(id)}.`);
    return pack;
  };
  return {
    async createOperator(args) {
      const { operator, secret } = await operators.create({
        ...operatorFields(args),
        name: args.name,
        ...(args.secret !== undefined && { secret: args.secret }),
      });
      return { operator: operatorView(operator), secret };
    },
    listOperators: async () => (await operators.list()).map(operatorView),
    async showOperator(args) {
      const operator = await operatorOf(args.id);
      const view = operatorView(operator);
      if (services.certifications) {
        view.certification = certificationStatusView(await services.certifications.status(operator));
      }
      return view;
    },
    updateOperator: async (args) =>
      operatorView(await operators.update((await operatorOf(args.id)).id, operatorFields(args))),
    async rotateSecret(args) {
      const { id } = await operatorOf(args.id);
      const rotation = await operators.rotateSecret(id, {
        ...(args.graceSeconds !== undefined && { graceSeconds: args.graceSeconds }),
      });
      return {
        operatorId: id,
        secret: rotation.secret,
        previousValidUntil: rotation.previousValidUntil.toISOString(),
        callbackSigningSwitchAt: rotation.callbackSigningSwitchAt.toISOString(),
      };
    },
    listPacks: async () => (await packs.list()).map(packView),
    createPack: async (args) =>
      packView(
        await packs.create({
          id: args.id,
          name: args.name,
          ...(args.games !== undefined && { games: args.games }),
        }),
      ),
    showPack: async (args) => packView(await packOf(args.id)),
    addGames: async (args) => packView(await packs.addGames(args.id, args.games)),
    removeGames: async (args) => packView(await packs.removeGames(args.id, args.games)),
    assignPack: async (args) => operatorView(await packs.assign(args.pack, args.operator)),
    unassignPack: async (args) => operatorView(await packs.unassign(args.pack, args.operator)),
    createBackofficeUser: async (args) => {
      if (!services.backofficeUsers) {
        throw new OperatorError("invalid_request", "This process was started without the back office.");
      }
      const password = generatedPassword();
      const user = await services.backofficeUsers.create({ ...args, password });
      return { user, password };
    },
    listCallbacks: (args) => callbacks().list({ dead: args.dead === true, alerts: args.alerts === true }),
    retryCallback: (args) => callbacks().retry({ transactionId: args.id, by: args.by }),
    resolveCallback: (args) => callbacks().resolve({ transactionId: args.id, note: args.note, by: args.by }),
    async certifyOperator(args) {
      const { certification, report } = await certifications().certify({
        operatorId: args.id,
        playerId: args.playerId,
        ...(args.secondPlayerId !== undefined && { secondPlayerId: args.secondPlayerId }),
        ...(args.currency !== undefined && { currency: args.currency }),
        ...(args.freeRounds === true && { freeRounds: true }),
      });
      return { ...certificationView(certification), report };
    },
    listCertifications: async (args) => (await certifications().list(args.id)).map(certificationView),
    certificationReport: (args) => certifications().report(args.id, String(args.certification)),
    listAudit: (args) => {
      if (!services.audit) {
        throw new OperatorError("invalid_request", "This process was started without the audit trail.");
      }
      return services.audit.list(args);
    },
    async verifyAudit(args) {
      const operatorId = args.operator === undefined ? undefined : (await operatorOf(args.operator)).id;
      try {
        return await chain().verify({
          ...(operatorId !== undefined && { operatorId }),
          ...(args.head !== undefined && { publishedHead: publishedHeadOf(args.head) }),
        });
      } catch (error) {
        if (error instanceof PublishedHeadError) throw new OperatorError("invalid_request", error.message);
        throw error;
      }
    },
    async exportAudit(args) {
      const { id } = await operatorOf(args.operator);
      const period = periodOf(args.from, args.to);
      if (typeof args.out !== "string" || !args.out.startsWith("/")) {
        throw new OperatorError("invalid_request", "--out takes the absolute path of the file to write.");
      }
      try {
        return await chain().export({ operatorId: id, ...period, file: args.out });
      } catch (error) {
        if (error instanceof AuditExportError) {
          throw new OperatorError(
            error.chainBroken ? "audit_chain_broken" : "invalid_request",
            error.message,
          );
        }
        throw error;
      }
    },
    auditHead: async () => (await chain().head()) ?? null,
    async moveHistory(args) {
      if (!services.history) {
        throw new OperatorError("invalid_request", "This process was started without the history mover.");
      }
      const before = new Date(typeof args.before === "string" ? args.before : Number.NaN);
      try {
        const moved = await services.history.move({
          before,
          ...(args.batchSize !== undefined && { batchSize: args.batchSize }),
          ...(args.maxRounds !== undefined && { maxRounds: args.maxRounds }),
        });
        return await record("history.moved", { before: before.toISOString(), ...moved });
      } catch (error) {
        if (error instanceof HistoryMoveError) throw new OperatorError("invalid_request", error.message);
        throw error;
      }
    },
    exportHistory: (args) =>
      retained(async (retention) =>
        record("history.exported", await retention.exportMonth(args.month, args.out)),
      ),
    dropHistory: (args) =>
      retained(async (retention) =>
        record("history.dropped", await retention.dropMonth(args.month, args.confirmExported)),
      ),
    rebuildReports: async () => record("reports.rebuilt", await reports().rollup.rebuild()),
    async reconcile(args) {
      const operator = await operatorOf(args.operator);
      const { reconciliation, clock } = reports();
      try {
        const currencies =
          args.currency === undefined
            ? await reconciliation.currenciesOf(operator, args.date)
            : [args.currency];
        const days = [];
        for (const currency of currencies) {
          days.push(await reconciliation.day(operator, { date: args.date, currency }, clock.now()));
        }
        return days;
      } catch (error) {
        if (error instanceof ReportInputError) throw new OperatorError("invalid_request", error.message);
        throw error;
      }
    },
  };
}

/** A published head as the admin interface receives it: checked for shape here, for its signature by the verifier. */
function publishedHeadOf(head: unknown): PublishedHead {
  const { statement, signature } = (head ?? {}) as Partial<PublishedHead>;
  if (typeof statement !== "string" || typeof signature !== "string") {
    throw new OperatorError(
      "invalid_request",
      "A published head is the JSON `audit head` prints (or a seal pass logs): an object with statement and signature.",
    );
  }
  return { statement, signature };
}

/** --from and --to: ISO 8601; a --to without a time of day takes the whole day (UTC). */
function periodOf(from: unknown, to: unknown): { from: Date; to: Date } {
  const start = requiredInstant("from", from);
  let end = requiredInstant("to", to);
  if (typeof to === "string" && /^\d{4}-\d{2}-\d{2}$/.test(to))
    end = new Date(end.getTime() + 86_400_000 - 1);
  if (start.getTime() > end.getTime())
    throw new OperatorError("invalid_request", "--from must not be after --to.");
  return { from: start, to: end };
}

function requiredInstant(name: string, value: unknown): Date {
  const date = typeof value === "string" ? instant(name, value) : undefined;
  if (!date) throw new OperatorError("invalid_request", `--${name} takes an ISO 8601 date or instant.`);
  return date;
}
