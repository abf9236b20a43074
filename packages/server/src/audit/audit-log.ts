import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Clock } from "../clock.ts";
import type { Database } from "../store/schema.ts";
import { currentActor, validActor } from "./actor.ts";
import type { AuditKey } from "./audit-keys.ts";
import { asStoredJson } from "./canonical-json.ts";
import { attestationText, MAC_LABELS } from "./chain-format.ts";

/** One thing that happened: who did what, when, to which operator, and the state before and after. */
export interface AuditInput {
  /** The chain it joins: this operator's, or the platform's (null). */
  operatorId: string | null;
  /** What: `operator.updated`, `pack.assigned`, ... (lower case, digits, `.`, `_`, `-`; at most 64). */
  kind: string;
  /** Who; by default the actor of the current scope (see actor.ts), else the RGS itself. */
  actor?: string;
  /** When; by default now. */
  at?: Date;
  /** For a change: the values before and after it (stored as `data.before` and `data.after`). */
  before?: unknown;
  after?: unknown;
  /** Anything else worth keeping; never a secret. */
  data?: Record<string, unknown> | null;
}

export interface AuditEvent {
  /** Decimal string of the bigserial id: ascending in recording order. */
  id: string;
  at: Date;
  operatorId: string | null;
  kind: string;
  actor: string | null;
  data: unknown;
  /** Its place in its chain, once sealed. */
  seq: number | null;
}

const KIND = /^[a-z0-9_.-]{1,64}$/;

/**
 * Appending to the audit trail: one call from any service, inside the caller's transaction when it passes
 * one (`db`), so the record commits with the change it describes. The record is attested here, with a key
 * the database never sees, and sealed into its chain later by the sealer, after it commits: appending
 * takes no lock and waits for nothing but its own insert.
 */
export class AuditLog {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #key: AuditKey;
  readonly #listeners = new Set<() => void>();

  constructor(deps: { db: Kysely<Database>; clock: Clock; key: AuditKey }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#key = deps.key;
  }

  async record(input: AuditInput, opts: { db?: Kysely<Database> } = {}): Promise<void> {
    if (!KIND.test(input.kind)) throw new RangeError(`${JSON.stringify(input.kind)} is not an audit kind`);
    const content = {
      uid: randomUUID(),
      at: input.at ?? new Date(this.#clock.now()),
      operatorId: input.operatorId,
      kind: input.kind,
      actor: validActor(input.actor ?? currentActor()),
      data: asStoredJson({
        ...input.data,
        ...(input.before !== undefined && { before: input.before }),
        ...(input.after !== undefined && { after: input.after }),
      }),
    };
    await (opts.db ?? this.#db)
      .insertInto("audit_events")
      .values({
        uid: content.uid,
        at: content.at,
        operator_id: content.operatorId,
        kind: content.kind,
        actor: content.actor,
        data: JSON.stringify(content.data),
        attestation: this.#key.mac(MAC_LABELS.record, attestationText(content)),
      })
      .execute();
    // Inside a caller's transaction the record is not visible yet; the sealer's next pass finds it.
    for (const listener of this.#listeners) listener();
  }

  /** Called after each record (the sealer seals soon after); returns the unsubscribe. */
  onRecorded(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Newest first; `limit` defaults to 100. */
  async list(filter: { operatorId?: string; kind?: string; limit?: number } = {}): Promise<AuditEvent[]> {
    let query = this.#db
      .selectFrom("audit_events")
      .select(["id", "at", "operator_id", "kind", "actor", "data", "seq"])
      .orderBy("id", "desc")
      .limit(filter.limit ?? 100);
    if (filter.operatorId !== undefined) query = query.where("operator_id", "=", filter.operatorId);
    if (filter.kind !== undefined) query = query.where("kind", "=", filter.kind);
    const rows = await query.execute();
    return rows.map((r) => ({
      id: r.id.toString(),
      at: r.at,
      operatorId: r.operator_id,
      kind: r.kind,
      actor: r.actor,
      data: r.data,
      seq: r.seq === null ? null : Number(r.seq),
    }));
  }
}

/** What a service needs of the audit trail to append to it. */
export type AuditRecorder = Pick<AuditLog, "record">;
