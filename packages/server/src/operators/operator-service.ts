import { randomBytes, randomUUID } from "node:crypto";
import { GAMES, type GameInfo } from "@rgs/protocol/catalog";
import type { Clock } from "../clock.ts";
import type { SecretBox } from "../crypto/secret-box.ts";
import { DEFAULT_PACK_ID, type Store } from "../store/database.ts";
import type {
  Operator,
  OperatorCredentials,
  OperatorFields,
  OperatorLimitOverride,
} from "../store/operators-repository.ts";
import { type HostResolver, systemResolver } from "../wallet/private-network.ts";
import { OperatorError } from "./operator-error.ts";
import { refusePrivateCallback } from "./private-callback.ts";
import type { SandboxSecretKeeper } from "./sandbox-credentials.ts";
import {
  type Environment,
  formatBetLimit,
  validateAllowPrivateNetwork,
  validateBetLimits,
  validateCallbackUrl,
  validateCountries,
  validateFrameAncestors,
  validateFreeRounds,
  validateGraceSeconds,
  validateJurisdiction,
  validateLobbyUrl,
  validateName,
  validatePackList,
  validatePageUrl,
  validateSecret,
  validateTimeZone,
} from "./validation.ts";

export { OperatorError } from "./operator-error.ts";

export interface OperatorInput {
  name: string;
  callbackUrl?: string | null;
  lobbyUrl?: string | null;
  /** null or absent: no geo restriction. */
  allowedCountries?: string[] | null;
  frameAncestors?: string[];
  /** IANA zone of the operator's days in reports; UTC when absent. */
  timeZone?: string;
  /** Production may send callbacks to a non-public address (a wallet on the RGS's own network). Default false. */
  allowPrivateNetwork?: boolean;
  /** Default jurisdiction profile of its launches; `default` when absent. */
  jurisdiction?: string;
  /** The operator's responsible-gambling page and the player's limits page (http or https); absent: none. */
  responsibleGamblingUrl?: string | null;
  limitsUrl?: string | null;
  /** May run free-round campaigns; false when absent. */
  freeRounds?: boolean;
  betLimits?: OperatorLimitOverride[];
  /** Absent: the default pack only. */
  packs?: string[];
  /** Imports an existing secret instead of generating one. */
  secret?: string;
}

export type OperatorPatch = Partial<Omit<OperatorInput, "secret">>;

export interface SecretRotation {
  secret: string;
  /** The previous secret is accepted on operator requests until this moment (exclusive). */
  previousValidUntil: Date;
  /** Wallet callbacks are signed with the previous secret until this moment, with the new one from it on. */
  callbackSigningSwitchAt: Date;
}

const SANDBOX_OPERATOR_NAME = "Sandbox";

/** 32 random bytes, base64url: 43 characters that survive copy-paste, shells and URLs. */
function generateSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Operators, their secrets and their games. Secrets are stored sealed by the SecretBox and only
 * handed out in plaintext to the caller that created them and to request verification.
 */
export class OperatorService {
  readonly #store: Store;
  readonly #secretBox: SecretBox;
  readonly #clock: Clock;
  readonly #rotationGraceSeconds: number;
  readonly #environment: Environment;
  readonly #sandboxSecrets: SandboxSecretKeeper | undefined;
  readonly #resolveHost: HostResolver;

  constructor(deps: {
    store: Store;
    secretBox: SecretBox;
    clock: Clock;
    rotationGraceSeconds: number;
    /** Production refuses plain-http callback URLs (except to this machine) and the sandbox operator. Default production. */
    environment?: Environment;
    /** Staging only: told the sandbox operator's secret when it is created or rotated (sandbox-credentials.ts). */
    sandboxSecrets?: SandboxSecretKeeper;
    /** Resolves a callback URL's host name to check its addresses in production. Default: the system's. */
    resolveHost?: HostResolver;
  }) {
    this.#store = deps.store;
    this.#secretBox = deps.secretBox;
    this.#clock = deps.clock;
    this.#rotationGraceSeconds = validateGraceSeconds(deps.rotationGraceSeconds);
    this.#environment = deps.environment ?? "production";
    this.#sandboxSecrets = this.#environment === "production" ? undefined : deps.sandboxSecrets;
    this.#resolveHost = deps.resolveHost ?? systemResolver;
  }

  async create(input: OperatorInput): Promise<{ operator: Operator; secret: string }> {
    return this.#create(input, false);
  }

  async list(): Promise<Operator[]> {
    return this.#store.operators.list();
  }

  async get(id: string): Promise<Operator | undefined> {
    return this.#store.operators.find(id);
  }

  async update(id: string, patch: OperatorPatch): Promise<Operator> {
    const before = await this.#store.operators.find(id);
    if (!before) throw unknownOperator(id);
    const fields = await this.#validateFields(patch);
    await this.#refusePrivateCallback(fields, before);
    const updated = await this.#store.operators.update(id, fields, this.#now());
    if (!updated) throw unknownOperator(id);
    const changed = Object.keys(fields);
    await this.#store.audit.record({
      operatorId: id,
      kind: "operator.updated",
      data: { fields: changed },
      before: auditedSettings(before, changed),
      after: auditedSettings(updated, changed),
    });
    return updated;
  }

  /**
   * A new current secret. The previous one stays accepted, and keeps signing wallet callbacks, for
   * the grace period; a secret older than the previous one is dropped at once. A zero grace period
   * revokes the previous secret immediately.
   */
  async rotateSecret(id: string, opts: { graceSeconds?: number } = {}): Promise<SecretRotation> {
    const graceSeconds =
      opts.graceSeconds === undefined ? this.#rotationGraceSeconds : validateGraceSeconds(opts.graceSeconds);
    const secret = generateSecret();
    const now = this.#now();
    const graceEnd = new Date(now.getTime() + graceSeconds * 1000);
    const rotated = await this.#store.operators.rotateSecret(id, this.#secretBox.seal(secret), now, graceEnd);
    if (!rotated) throw unknownOperator(id);
    await this.#store.audit.record({
      operatorId: id,
      kind: "operator.secret_rotated",
      data: { previousValidUntil: graceEnd.toISOString() },
    });
    if (this.#sandboxSecrets && (await this.#store.operators.findSandbox())?.id === id) {
      await this.#sandboxSecrets.rotated(id, secret, graceEnd, now);
    }
    return { secret, previousValidUntil: graceEnd, callbackSigningSwitchAt: graceEnd };
  }

  /** The plaintext secrets in force now; undefined for an unknown operator. */
  async credentials(id: string): Promise<OperatorCredentials | undefined> {
    const now = this.#now();
    const live = await this.#store.operators.liveSecrets(id, now);
    const [current] = live;
    if (!current) return undefined;
    const signing = live
      .filter((s) => s.signsCallbacksFrom.getTime() <= now.getTime())
      .sort((a, b) => b.signsCallbacksFrom.getTime() - a.signsCallbacksFrom.getTime())[0];
    // Only a clock set back before the rotation leaves no secret eligible: keep the oldest one signing.
    const callback = signing ?? live[live.length - 1] ?? current;
    return {
      operatorId: id,
      acceptedSecrets: live.map((s) => this.#secretBox.open(s.sealedSecret)),
      callbackSecret: this.#secretBox.open(callback.sealedSecret),
    };
  }

  /** The games of all the operator's packs, in catalog order. */
  async games(operatorId: string): Promise<GameInfo[]> {
    const operator = await this.#store.operators.find(operatorId);
    if (!operator) throw unknownOperator(operatorId);
    const codes = await this.#store.packs.gamesOf(operator.packs);
    return GAMES.filter((game) => codes.has(game.code));
  }

  /**
   * The operator a staging server offers for exploring the API: created once, with every game, no
   * callback URL and no lobby. `secret` is present only when it was created by this call.
   */
  async ensureSandboxOperator(): Promise<{ created: boolean; operator: Operator; secret?: string }> {
    if (this.#environment === "production") {
      throw new OperatorError("sandbox_not_allowed", "Production has no sandbox operator.");
    }
    const existing = await this.#store.operators.findSandbox();
    if (existing) return { created: false, operator: existing };
    let created: { operator: Operator; secret: string };
    try {
      created = await this.#create({ name: SANDBOX_OPERATOR_NAME }, true);
    } catch (error) {
      // Another instance created it at the same moment (unique index on the sandbox flag).
      const raced = await this.#store.operators.findSandbox();
      if (raced) return { created: false, operator: raced };
      throw error;
    }
    await this.#sandboxSecrets?.created(created.operator.id, created.secret);
    return { created: true, ...created };
  }

  async #create(input: OperatorInput, sandbox: boolean): Promise<{ operator: Operator; secret: string }> {
    if (typeof input !== "object" || input === null) {
      throw new OperatorError("invalid_request", "The operator must be an object.");
    }
    const fields = await this.#validateFields(input);
    await this.#refusePrivateCallback(fields);
    const secret = input.secret === undefined ? generateSecret() : validateSecret(input.secret);
    const operator = await this.#store.operators.create({
      id: randomUUID(),
      name: fields.name ?? validateName(input.name),
      callbackUrl: fields.callbackUrl ?? null,
      lobbyUrl: fields.lobbyUrl ?? null,
      allowedCountries: fields.allowedCountries ?? null,
      frameAncestors: fields.frameAncestors ?? [],
      timeZone: fields.timeZone ?? "UTC",
      allowPrivateNetwork: fields.allowPrivateNetwork ?? false,
      jurisdiction: fields.jurisdiction ?? "default",
      responsibleGamblingUrl: fields.responsibleGamblingUrl ?? null,
      limitsUrl: fields.limitsUrl ?? null,
      freeRounds: fields.freeRounds ?? false,
      betLimits: fields.betLimits ?? [],
      packs: fields.packs ?? [DEFAULT_PACK_ID],
      sealedSecret: this.#secretBox.seal(secret),
      sandbox,
      now: this.#now(),
    });
    await this.#store.audit.record({
      operatorId: operator.id,
      kind: "operator.created",
      data: { name: operator.name, imported: input.secret !== undefined, sandbox },
      after: auditedSettings(operator),
    });
    return { operator, secret };
  }

  /** Validates the fields present in `input`; absent fields stay absent. */
  async #validateFields(input: OperatorPatch): Promise<Partial<OperatorFields>> {
    const fields: Partial<OperatorFields> = {};
    if (input.name !== undefined) fields.name = validateName(input.name);
    if (input.callbackUrl !== undefined)
      fields.callbackUrl = validateCallbackUrl(input.callbackUrl, this.#environment);
    if (input.lobbyUrl !== undefined) fields.lobbyUrl = validateLobbyUrl(input.lobbyUrl);
    if (input.allowedCountries !== undefined)
      fields.allowedCountries = validateCountries(input.allowedCountries);
    if (input.frameAncestors !== undefined)
      fields.frameAncestors = validateFrameAncestors(input.frameAncestors);
    if (input.timeZone !== undefined) fields.timeZone = validateTimeZone(input.timeZone);
    if (input.allowPrivateNetwork !== undefined)
      fields.allowPrivateNetwork = validateAllowPrivateNetwork(input.allowPrivateNetwork);
    if (input.jurisdiction !== undefined) fields.jurisdiction = validateJurisdiction(input.jurisdiction);
    if (input.responsibleGamblingUrl !== undefined)
      fields.responsibleGamblingUrl = validatePageUrl(input.responsibleGamblingUrl, "responsibleGambling");
    if (input.limitsUrl !== undefined) fields.limitsUrl = validatePageUrl(input.limitsUrl, "limits");
    if (input.freeRounds !== undefined) fields.freeRounds = validateFreeRounds(input.freeRounds);
    if (input.betLimits !== undefined) fields.betLimits = validateBetLimits(input.betLimits);
    if (input.packs !== undefined) {
      const packs = validatePackList(input.packs);
      const existing = await this.#store.packs.existing(packs);
      const missing = packs.filter((p) => !existing.includes(p));
      if (missing.length > 0) throw new OperatorError("unknown_pack", `No such pack: ${missing.join(", ")}.`);
      fields.packs = packs;
    }
    return fields;
  }

  /**
   * Production refuses a callback URL that is or resolves to a non-public address unless the operator
   * allows a private network; checked whenever either setting changes (each call checks again).
   */
  async #refusePrivateCallback(fields: Partial<OperatorFields>, before?: Operator): Promise<void> {
    if (this.#environment !== "production") return;
    if (fields.callbackUrl === undefined && fields.allowPrivateNetwork === undefined) return;
    const callbackUrl = fields.callbackUrl === undefined ? before?.callbackUrl : fields.callbackUrl;
    const allowed = fields.allowPrivateNetwork ?? before?.allowPrivateNetwork ?? false;
    if (callbackUrl === null || callbackUrl === undefined || allowed) return;
    await refusePrivateCallback(callbackUrl, this.#resolveHost);
  }

  #now(): Date {
    return new Date(this.#clock.now());
  }
}

/**
 * An operator's settings as the audit trail keeps them (all of them, or the named ones): every field of the
 * operator but its identity and timestamps, so a setting added later is audited without a change here.
 * Amounts are decimal strings; secrets are not fields of an operator.
 */
function auditedSettings(operator: Operator, fields?: string[]): Record<string, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...settings } = operator;
  const audited: Record<string, unknown> = { ...settings, betLimits: operator.betLimits.map(formatBetLimit) };
  return fields === undefined ? audited : Object.fromEntries(fields.map((field) => [field, audited[field]]));
}

function unknownOperator(id: string): OperatorError {
  return new OperatorError("unknown_operator", `No operator has the ID ${JSON.stringify(id.slice(0, 80))}.`);
}
