import { isJurisdictionName, type JurisdictionName } from "@rgs/protocol/jurisdictions";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, OperatorsTable } from "./schema.ts";

export interface OperatorLimitOverride {
  currency: string;
  minBet: bigint;
  maxBet: bigint;
  maxWin: bigint;
}

export interface Operator {
  id: string;
  name: string;
  callbackUrl: string | null;
  lobbyUrl: string | null;
  /** Null means no geo restriction; entries are "CA" or "CA-ON". */
  allowedCountries: string[] | null;
  /** Origins allowed to embed the game client. */
  frameAncestors: string[];
  /** IANA time zone of the operator's own days (reports, reconciliation); UTC by default. */
  timeZone: string;
  /** Production may send its wallet callbacks to a non-public address (its wallet is on our network). */
  allowPrivateNetwork: boolean;
  /** The jurisdiction profile of its launches that name none (docs/jurisdictions.md). */
  jurisdiction: JurisdictionName;
  /** The operator's responsible-gambling page and the player's limits page, linked from the game's menu. */
  responsibleGamblingUrl: string | null;
  limitsUrl: string | null;
  /** It may run free-round campaigns (docs/free-rounds.md); absent: no. */
  freeRounds?: boolean;
  /** Narrow the currency defaults, one entry per currency at most. */
  betLimits: OperatorLimitOverride[];
  packs: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** Plaintext secrets of an operator as of one moment. */
export interface OperatorCredentials {
  operatorId: string;
  /** The current secret first, then the previous one while its grace period lasts. */
  acceptedSecrets: string[];
  /** The secret that signs wallet callbacks now. */
  callbackSecret: string;
}

export interface StoredSecret {
  sealedSecret: string;
  createdAt: Date;
  validUntil: Date | null;
  signsCallbacksFrom: Date;
}

export interface OperatorFields {
  name: string;
  callbackUrl: string | null;
  lobbyUrl: string | null;
  allowedCountries: string[] | null;
  frameAncestors: string[];
  timeZone: string;
  allowPrivateNetwork: boolean;
  /** Absent on creation: `default`. */
  jurisdiction?: JurisdictionName;
  /** Absent on creation: none. */
  responsibleGamblingUrl?: string | null;
  limitsUrl?: string | null;
  /** Absent on creation: false. */
  freeRounds?: boolean;
  betLimits: OperatorLimitOverride[];
  packs: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be an operator ID at all: other strings are unknown without asking the database. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

type Db = Kysely<Database> | Transaction<Database>;

export class OperatorRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async create(
    record: Omit<OperatorFields, "allowPrivateNetwork"> & {
      id: string;
      sealedSecret: string;
      /** Default false: callbacks go to public addresses only in production. */
      allowPrivateNetwork?: boolean;
      sandbox?: boolean;
      now: Date;
    },
  ): Promise<Operator> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .insertInto("operators")
        .values({
          id: record.id,
          name: record.name,
          callback_url: record.callbackUrl,
          lobby_url: record.lobbyUrl,
          allowed_countries: jsonOrNull(record.allowedCountries),
          frame_ancestors: JSON.stringify(record.frameAncestors),
          time_zone: record.timeZone,
          allow_private_network: record.allowPrivateNetwork ?? false,
          jurisdiction: record.jurisdiction ?? "default",
          responsible_gambling_url: record.responsibleGamblingUrl ?? null,
          limits_url: record.limitsUrl ?? null,
          free_rounds: record.freeRounds ?? false,
          sandbox: record.sandbox ?? false,
          created_at: record.now,
          updated_at: record.now,
        })
        .execute();
      await trx
        .insertInto("operator_secrets")
        .values({
          operator_id: record.id,
          sealed_secret: record.sealedSecret,
          created_at: record.now,
          valid_until: null,
          signs_callbacks_from: record.now,
        })
        .execute();
      await replaceLimits(trx, record.id, record.betLimits);
      await replacePacks(trx, record.id, record.packs);
    });
    const created = await this.find(record.id);
    if (!created) throw new Error(`operator ${record.id} vanished after its creation`);
    return created;
  }

  async find(id: string): Promise<Operator | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.#db.selectFrom("operators").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return undefined;
    return (await this.#hydrate([row]))[0];
  }

  async findSandbox(): Promise<Operator | undefined> {
    const row = await this.#db
      .selectFrom("operators")
      .selectAll()
      .where("sandbox", "=", true)
      .executeTakeFirst();
    if (!row) return undefined;
    return (await this.#hydrate([row]))[0];
  }

  async list(): Promise<Operator[]> {
    const rows = await this.#db
      .selectFrom("operators")
      .selectAll()
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return this.#hydrate(rows);
  }

  /** Replaces the given fields; undefined when the operator does not exist. */
  async update(id: string, patch: Partial<OperatorFields>, now: Date): Promise<Operator | undefined> {
    if (!isUuid(id)) return undefined;
    const found = await this.#db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("operators")
        .set({
          updated_at: now,
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.callbackUrl !== undefined && { callback_url: patch.callbackUrl }),
          ...(patch.lobbyUrl !== undefined && { lobby_url: patch.lobbyUrl }),
          ...(patch.allowedCountries !== undefined && {
            allowed_countries: jsonOrNull(patch.allowedCountries),
          }),
          ...(patch.frameAncestors !== undefined && {
            frame_ancestors: JSON.stringify(patch.frameAncestors),
          }),
          ...(patch.timeZone !== undefined && { time_zone: patch.timeZone }),
          ...(patch.allowPrivateNetwork !== undefined && {
            allow_private_network: patch.allowPrivateNetwork,
          }),
          ...(patch.jurisdiction !== undefined && { jurisdiction: patch.jurisdiction }),
          ...(patch.responsibleGamblingUrl !== undefined && {
            responsible_gambling_url: patch.responsibleGamblingUrl,
          }),
          ...(patch.limitsUrl !== undefined && { limits_url: patch.limitsUrl }),
          ...(patch.freeRounds !== undefined && { free_rounds: patch.freeRounds }),
        })
        .where("id", "=", id)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      if (patch.betLimits !== undefined) await replaceLimits(trx, id, patch.betLimits);
      if (patch.packs !== undefined) await replacePacks(trx, id, patch.packs);
      return true;
    });
    return found ? this.find(id) : undefined;
  }

  /** The secrets still accepted at `now`, the current one first. */
  async liveSecrets(id: string, now: Date): Promise<StoredSecret[]> {
    if (!isUuid(id)) return [];
    const rows = await this.#db
      .selectFrom("operator_secrets")
      .select(["sealed_secret", "created_at", "valid_until", "signs_callbacks_from"])
      .where("operator_id", "=", id)
      .where((eb) => eb.or([eb("valid_until", "is", null), eb("valid_until", ">", now)]))
      .orderBy("id", "desc")
      .execute();
    return rows.map((r) => ({
      sealedSecret: r.sealed_secret,
      createdAt: r.created_at,
      validUntil: r.valid_until,
      signsCallbacksFrom: r.signs_callbacks_from,
    }));
  }

  /**
   * Makes `sealedSecret` the current secret. The replaced one stays valid and keeps signing
   * callbacks until `graceEnd`; any older secret is dropped at once. False for an unknown operator.
   */
  async rotateSecret(id: string, sealedSecret: string, now: Date, graceEnd: Date): Promise<boolean> {
    if (!isUuid(id)) return false;
    return this.#db.transaction().execute(async (trx) => {
      // Locking the operator row serialises concurrent rotations of one operator.
      const locked = await trx
        .selectFrom("operators")
        .select("id")
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst();
      if (!locked) return false;
      await trx
        .deleteFrom("operator_secrets")
        .where("operator_id", "=", id)
        .where("valid_until", "is not", null)
        .execute();
      await trx
        .updateTable("operator_secrets")
        .set((eb) => ({
          valid_until: graceEnd,
          signs_callbacks_from: eb.fn<Date>("least", [eb.ref("signs_callbacks_from"), eb.val(now)]),
        }))
        .where("operator_id", "=", id)
        .where("valid_until", "is", null)
        .execute();
      await trx
        .insertInto("operator_secrets")
        .values({
          operator_id: id,
          sealed_secret: sealedSecret,
          created_at: now,
          valid_until: null,
          signs_callbacks_from: graceEnd,
        })
        .execute();
      await trx.updateTable("operators").set({ updated_at: now }).where("id", "=", id).execute();
      return true;
    });
  }

  async #hydrate(rows: Selectable<OperatorsTable>[]): Promise<Operator[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const limits = await this.#db
      .selectFrom("operator_bet_limits")
      .selectAll()
      .where("operator_id", "in", ids)
      .orderBy("currency")
      .execute();
    const packs = await this.#db
      .selectFrom("operator_packs")
      .selectAll()
      .where("operator_id", "in", ids)
      .orderBy("pack_id")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      callbackUrl: row.callback_url,
      lobbyUrl: row.lobby_url,
      allowedCountries: row.allowed_countries,
      frameAncestors: row.frame_ancestors,
      timeZone: row.time_zone,
      allowPrivateNetwork: row.allow_private_network,
      jurisdiction: storedJurisdiction(row.jurisdiction),
      responsibleGamblingUrl: row.responsible_gambling_url,
      limitsUrl: row.limits_url,
      freeRounds: row.free_rounds,
      betLimits: limits
        .filter((l) => l.operator_id === row.id)
        .map((l) => ({ currency: l.currency, minBet: l.min_bet, maxBet: l.max_bet, maxWin: l.max_win })),
      packs: packs.filter((p) => p.operator_id === row.id).map((p) => p.pack_id),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }
}

/**
 * A stored profile name. Profiles are only ever added, so an unknown name means damaged data: guessing could
 * apply looser rules than the market's, so reading it fails instead.
 */
export function storedJurisdiction(name: string): JurisdictionName {
  if (!isJurisdictionName(name)) throw new Error(`operator stored with unknown jurisdiction profile ${name}`);
  return name;
}

function jsonOrNull(value: string[] | null): string | null {
  return value === null ? null : JSON.stringify(value);
}

async function replaceLimits(trx: Db, operatorId: string, limits: OperatorLimitOverride[]): Promise<void> {
  await trx.deleteFrom("operator_bet_limits").where("operator_id", "=", operatorId).execute();
  if (limits.length === 0) return;
  await trx
    .insertInto("operator_bet_limits")
    .values(
      limits.map((l) => ({
        operator_id: operatorId,
        currency: l.currency,
        min_bet: l.minBet,
        max_bet: l.maxBet,
        max_win: l.maxWin,
      })),
    )
    .execute();
}

async function replacePacks(trx: Db, operatorId: string, packs: string[]): Promise<void> {
  await trx.deleteFrom("operator_packs").where("operator_id", "=", operatorId).execute();
  if (packs.length === 0) return;
  await trx
    .insertInto("operator_packs")
    .values(packs.map((packId) => ({ operator_id: operatorId, pack_id: packId })))
    .execute();
}
