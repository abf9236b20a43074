import type { Clock } from "../clock.ts";
import type { EventLogger } from "../observability/event-logger.ts";
import type { Store } from "../store/database.ts";
import { AuditExporter, type AuditExportResult } from "./exporter.ts";
import { AuditSealer, type SealerOptions, type SignedHead } from "./sealer.ts";
import { AuditVerifier, type PublishedHead, type VerifyReport } from "./verifier.ts";

export type { AuditExportResult } from "./exporter.ts";
export type { SignedHead } from "./sealer.ts";
export type { PublishedHead, VerifyReport } from "./verifier.ts";

/** The current head as `audit head` prints it: signed, with the public key that checks it. */
export interface PublishedHeadView extends SignedHead {
  publicKey: string;
}

/**
 * The audit trail's integrity as one façade over its small systems: the sealer (chains records after they
 * commit), the verifier (finds the first broken link) and the exporter (a regulator's signed file).
 */
export class AuditChain {
  readonly sealer: AuditSealer;
  readonly verifier: AuditVerifier;
  readonly exporter: AuditExporter;
  readonly #store: Pick<Store, "db" | "audit" | "auditKeys">;
  readonly #clock: Clock;
  #unsubscribe: (() => void) | undefined;

  constructor(deps: {
    store: Pick<Store, "db" | "audit" | "auditKeys">;
    clock: Clock;
    logger?: EventLogger;
    sealer?: Partial<SealerOptions>;
  }) {
    const { db, audit, auditKeys: keyring } = deps.store;
    this.#store = deps.store;
    this.#clock = deps.clock;
    this.sealer = new AuditSealer({
      db,
      clock: deps.clock,
      keyring,
      ...(deps.sealer && { options: deps.sealer }),
      ...(deps.logger && { logger: deps.logger }),
    });
    this.verifier = new AuditVerifier({ db, keyring });
    this.exporter = new AuditExporter({ db, keyring, verifier: this.verifier, audit });
  }

  /** Seals in the background from now on, and soon after every record this process writes. */
  start(): void {
    this.#unsubscribe ??= this.#store.audit.onRecorded(() => this.sealer.poke());
    this.sealer.start();
  }

  /** Stops sealing in the background, after sealing what is left. */
  async stop(): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    await this.sealer.stop();
  }

  async verify(opts: { operatorId?: string; publishedHead?: PublishedHead } = {}): Promise<VerifyReport> {
    return this.verifier.verify(opts);
  }

  /** Seals what is pending first, so the period's latest records are in the file. */
  async export(args: { operatorId: string; from: Date; to: Date; file: string }): Promise<AuditExportResult> {
    await this.sealer.sealPending();
    return this.exporter.export({ ...args, now: new Date(this.#clock.now()) });
  }

  /** Seals what is pending first; undefined while nothing was ever recorded. */
  async head(): Promise<PublishedHeadView | undefined> {
    await this.sealer.sealPending();
    const head = await this.sealer.head();
    return head && { ...head, publicKey: this.#store.auditKeys.byId(head.head.keyId)?.publicKeyPem ?? "" };
  }
}
