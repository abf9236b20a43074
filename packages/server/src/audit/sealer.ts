import type { Kysely } from "kysely";
import { PollLoop } from "../background/poll-loop.ts";
import type { Clock, Timers } from "../clock.ts";
import { type EventLogger, silentLogger } from "../observability/event-logger.ts";
import type { Database } from "../store/schema.ts";
import { type AuditKeyring, keyIdOf } from "./audit-keys.ts";
import { attestationFinding } from "./chain-check.ts";
import {
  chainDigest,
  chainOf,
  entryText,
  GENESIS_DIGEST,
  type HeadStatement,
  headText,
  MAC_LABELS,
  type PassSpan,
  passText,
} from "./chain-format.ts";
import {
  chainHeads,
  insertPass,
  lastPass,
  lockSealing,
  type NewLink,
  originLegacyThroughId,
  pendingRecords,
  type StoredPass,
  type StoredRecord,
  sealLinks,
} from "./chain-repository.ts";

export interface SealerOptions {
  /** Time between passes when nothing asks for one sooner. */
  intervalMs: number;
  /** Records sealed per pass (one transaction); a pass that fills it is followed by another at once. */
  batchSize: number;
}

const DEFAULT_SEALER_OPTIONS: SealerOptions = { intervalMs: 2_000, batchSize: 200 };

/** The chain's head after a pass, signed for publication outside the database. */
export interface SignedHead {
  head: HeadStatement;
  /** The exact text signed: `headText(head)`. */
  statement: string;
  signature: string;
}

/**
 * Seals committed records into their chains, oldest id first, in numbered passes. A pass takes the sealing
 * lock (one pass at a time across every instance), extends each chain from its last link, and records what
 * it added in a MACed pass row chained to the previous pass; it then publishes the new head to the log,
 * signed. Records are written without it, so nothing that appends ever waits for sealing.
 */
export class AuditSealer {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #keyring: AuditKeyring;
  readonly #options: SealerOptions;
  readonly #log: EventLogger;
  readonly #loop: PollLoop;

  constructor(deps: {
    db: Kysely<Database>;
    clock: Clock;
    keyring: AuditKeyring;
    options?: Partial<SealerOptions>;
    logger?: EventLogger;
    timers?: Timers;
  }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#keyring = deps.keyring;
    this.#options = { ...DEFAULT_SEALER_OPTIONS, ...deps.options };
    this.#log = deps.logger ?? silentLogger;
    this.#loop = new PollLoop({
      pass: async () => {
        await this.sealPending();
        return undefined;
      },
      intervalMs: this.#options.intervalMs,
      failureMessage: "audit: sealing failed; retrying",
      logger: this.#log,
      ...(deps.timers && { timers: deps.timers }),
    });
  }

  /** Seals everything committed so far; the number of records sealed. */
  async sealPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const sealed = await this.sealPass();
      total += sealed?.records ?? 0;
      if (!sealed || sealed.records < this.#options.batchSize) return total;
    }
  }

  /** One pass; undefined when there was nothing to seal. */
  async sealPass(): Promise<{ records: number; head: SignedHead } | undefined> {
    // Idle, a pass is this one indexed read: no transaction, no lock.
    if ((await pendingRecords(this.#db, 1)).length === 0) return undefined;
    const sealed = await this.#db.transaction().execute(async (trx) => {
      await lockSealing(trx);
      const records = await pendingRecords(trx, this.#options.batchSize);
      if (records.length === 0) return undefined;
      const previous = await lastPass(trx);
      const pass = await this.#plan(trx, records, previous);
      const placed = await sealLinks(trx, pass.generation, pass.links);
      if (placed !== pass.links.length) {
        throw new Error(`audit sealing placed ${placed} of ${pass.links.length} records: another sealer ran`);
      }
      await insertPass(trx, pass.row);
      return { pass, records };
    });
    if (!sealed) return undefined;
    this.#warnUnattested(sealed.records, sealed.pass.row.legacyThroughId, sealed.pass.links);
    const head = this.#signedHead(sealed.pass.row);
    // The head, published: `audit verify --head` takes this line as it is.
    this.#log.info(
      {
        audit: {
          records: sealed.records.length,
          generation: head.head.generation,
          head: { statement: head.statement, signature: head.signature },
        },
      },
      "audit: records sealed",
    );
    return { records: sealed.records.length, head };
  }

  /** The signed head of the last pass, for publication; undefined before the first pass. */
  async head(): Promise<SignedHead | undefined> {
    const pass = await lastPass(this.#db);
    return pass && this.#signedHead(pass);
  }

  async #plan(
    trx: Parameters<typeof chainHeads>[0],
    records: StoredRecord[],
    previous: StoredPass | undefined,
  ): Promise<{ generation: number; links: NewLink[]; row: StoredPass }> {
    const chains = [...new Set(records.map((record) => chainOf(record.operatorId)))];
    const heads = await chainHeads(trx, chains);
    const key = this.#keyring.sealingAfter(previous && keyIdOf(previous.mac));
    const spans = new Map<string, PassSpan>();
    const links: NewLink[] = [];
    for (const record of records) {
      const chain = chainOf(record.operatorId);
      const head = heads.get(chain) ?? { seq: 0, digest: GENESIS_DIGEST };
      const seq = head.seq + 1;
      const digest = chainDigest(head.digest, entryText({ ...record, chain, seq }));
      links.push({ id: record.id, chain, seq, digest, mac: key.mac(MAC_LABELS.link, digest) });
      heads.set(chain, { seq, digest });
      const span = spans.get(chain);
      spans.set(chain, { chain, from: span?.from ?? seq, to: seq, digest });
    }
    const generation = (previous?.generation ?? 0) + 1;
    const content = {
      generation,
      sealedAt: new Date(this.#clock.now()),
      legacyThroughId: previous?.legacyThroughId ?? (await originLegacyThroughId(trx)),
      spans: [...spans.values()],
    };
    const digest = chainDigest(previous?.digest ?? GENESIS_DIGEST, passText(content));
    return { generation, links, row: { ...content, digest, mac: key.mac(MAC_LABELS.pass, digest) } };
  }

  #signedHead(pass: StoredPass): SignedHead {
    const key = this.#keyring.sealingAfter(keyIdOf(pass.mac));
    const head: HeadStatement = {
      generation: pass.generation,
      digest: pass.digest,
      sealedAt: pass.sealedAt.toISOString(),
      keyId: key.keyId,
    };
    const statement = headText(head);
    return { head, statement, signature: key.sign(statement) };
  }

  /** A record the RGS did not write is sealed like any other (the chain shows what was there), and said at once. */
  #warnUnattested(records: StoredRecord[], legacyThroughId: string, links: NewLink[]): void {
    records.forEach((record, index) => {
      const finding = attestationFinding(this.#keyring, record, legacyThroughId, {
        chain: links[index]?.chain ?? null,
        ...(links[index] && { seq: links[index].seq }),
      });
      if (finding) this.#log.error({ audit: finding }, "audit: a record not written by the RGS was sealed");
    });
  }

  start(): void {
    this.#loop.start();
  }

  /** Asks for a pass soon (after a record was written), without waiting for it. */
  poke(): void {
    this.#loop.poke();
  }

  /** Stops polling, waits for a pass under way, and seals what is left. */
  async stop(): Promise<void> {
    await this.#loop.stop();
    await this.sealPending().catch((error: unknown) =>
      this.#log.error({ err: error }, "audit: sealing at shutdown failed"),
    );
  }
}
