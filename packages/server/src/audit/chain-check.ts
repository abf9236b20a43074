import { type AuditKeyring, keyIdOf, keyVersionOf, macMatches } from "./audit-keys.ts";
import {
  attestationText,
  chainDigest,
  entryText,
  GENESIS_DIGEST,
  MAC_LABELS,
  type PassSpan,
  passText,
} from "./chain-format.ts";
import type { StoredLink, StoredPass, StoredRecord } from "./chain-repository.ts";

/**
 * The rules a sealed trail obeys, checked over its rows as they stream by: no I/O here. Each broken rule is
 * a finding naming the pass, or the chain and the link, where it breaks.
 */

export type FindingKind =
  /** A seal pass is missing from the numbered sequence. */
  | "pass_missing"
  /** A pass's MAC is not the RGS's: the row was forged or its digest changed. */
  | "pass_forged"
  /** A pass's content no longer hashes to its sealed digest. */
  | "pass_changed"
  /** Links missing inside a chain: deleted rows. */
  | "link_missing"
  /** The chain ends before the last link its seal passes recorded: its last rows were deleted. */
  | "tail_missing"
  /** A link's MAC is not the RGS's: inserted with made-up seal columns, or its digest changed. */
  | "link_forged"
  /** A link's record no longer hashes to its sealed digest: changed after sealing. */
  | "record_changed"
  /** A link that no seal pass recorded, or in another pass than the one that did. */
  | "link_outside_pass"
  /** A record without a valid attestation of its writer: inserted by SQL, not by the RGS. */
  | "record_not_attested"
  /** Sealed under a key this SECRET_KEY does not derive, or under an older version than what preceded it. */
  | "key_unknown"
  | "key_regressed"
  /** A head published earlier (logs, `audit head`) is not in the database: the passes from it on are gone. */
  | "published_head_missing";

export interface Finding {
  kind: FindingKind;
  /** Null for the passes, which span every chain. */
  chain: string | null;
  seq?: number;
  recordId?: string;
  generation?: number;
  message: string;
}

/**
 * Kinds a database may hold without their writer's attestation: `callback.dead` records were inserted by
 * the ledger itself before dead letters were recorded through AuditLog (outbox/outbox.ts); newer ones are
 * attested like every other record.
 */
const UNATTESTED_KINDS: ReadonlySet<string> = new Set(["callback.dead"]);

/** Whether a record may carry no attestation: written before records (or records of its kind) were attested. */
function mayLackAttestation(record: StoredRecord, legacyThroughId: string): boolean {
  return BigInt(record.id) <= BigInt(legacyThroughId) || UNATTESTED_KINDS.has(record.kind);
}

/** A finding about the record's attestation, or undefined when it is the RGS's (or may be absent). */
export function attestationFinding(
  keyring: AuditKeyring,
  record: StoredRecord,
  legacyThroughId: string,
  where: { chain: string | null; seq?: number },
): Finding | undefined {
  if (record.attestation === null) {
    if (mayLackAttestation(record, legacyThroughId)) return undefined;
  } else if (macMatches(keyring, record.attestation, MAC_LABELS.record, attestationText(record))) {
    return undefined;
  }
  return {
    kind: "record_not_attested",
    ...where,
    recordId: record.id,
    message: `record ${record.id} (${record.kind} at ${record.at.toISOString()}) carries no valid attestation of the RGS: it was inserted or rewritten by SQL, not written by the RGS`,
  };
}

/** Findings kept per chain (and for the passes); past it they are only counted. */
const FINDINGS_KEPT = 100;

/** The first findings, and how many there were in all. */
export class Findings {
  readonly kept: Finding[] = [];
  total = 0;

  add(finding: Finding): void {
    this.total++;
    if (this.kept.length < FINDINGS_KEPT) this.kept.push(finding);
  }
}

/** Follows the seal passes in order; keeps what the chains are checked against. */
export class PassCheck {
  readonly findings = new Findings();
  /** Each chain's spans, in pass order, with the generation that sealed them. */
  readonly spans = new Map<string, (PassSpan & { generation: number })[]>();
  #generation = 0;
  #digest = GENESIS_DIGEST;
  #keyVersion = 0;
  #legacyThroughId: string | undefined;
  readonly #keyring: AuditKeyring;
  readonly #origin: string;

  /** `origin`: the boundary the migration found, which holds until the first pass vouches for it. */
  constructor(keyring: AuditKeyring, origin = "0") {
    this.#keyring = keyring;
    this.#origin = origin;
  }

  get generation(): number {
    return this.#generation;
  }

  get digest(): string {
    return this.#digest;
  }

  get legacyThroughId(): string {
    return this.#legacyThroughId ?? this.#origin;
  }

  add(pass: StoredPass): void {
    const expected = this.#generation + 1;
    if (pass.generation !== expected) {
      this.#find(
        "pass_missing",
        pass.generation,
        `${missing("seal pass", expected, pass.generation - 1)}: deleted`,
      );
    }
    this.#checkSeal(pass);
    // After a missing pass the previous digest is unknown; the gap is the finding.
    if (pass.generation === expected && chainDigest(this.#digest, passText(pass)) !== pass.digest) {
      this.#find(
        "pass_changed",
        pass.generation,
        `seal pass ${pass.generation} was changed after it was sealed`,
      );
    }
    this.#legacyThroughId ??= pass.legacyThroughId;
    if (pass.legacyThroughId !== this.#legacyThroughId) {
      this.#find(
        "pass_changed",
        pass.generation,
        `seal pass ${pass.generation} changed the first pass's legacy boundary`,
      );
    }
    for (const span of pass.spans) {
      const spans = this.spans.get(span.chain) ?? [];
      spans.push({ ...span, generation: pass.generation });
      this.spans.set(span.chain, spans);
    }
    this.#generation = pass.generation;
    this.#digest = pass.digest;
  }

  #checkSeal(pass: StoredPass): void {
    const keyId = keyIdOf(pass.mac);
    const version = keyVersionOf(keyId) ?? 0;
    if (!this.#keyring.byId(keyId)) {
      this.#find(
        "key_unknown",
        pass.generation,
        `seal pass ${pass.generation} was sealed under key ${JSON.stringify(keyId)}, which this SECRET_KEY does not derive`,
      );
    } else if (!macMatches(this.#keyring, pass.mac, MAC_LABELS.pass, pass.digest)) {
      this.#find(
        "pass_forged",
        pass.generation,
        `seal pass ${pass.generation} was not sealed by the RGS: inserted or changed by SQL`,
      );
    } else if (version < this.#keyVersion) {
      this.#find(
        "key_regressed",
        pass.generation,
        `seal pass ${pass.generation} was sealed under key version ${version} after version ${this.#keyVersion}`,
      );
    }
    this.#keyVersion = Math.max(this.#keyVersion, version);
  }

  #find(kind: FindingKind, generation: number, message: string): void {
    this.findings.add({ kind, chain: null, generation, message });
  }
}

/** Follows one chain's links in order, against the spans its seal passes recorded. */
export class ChainCheck {
  readonly findings = new Findings();
  readonly chain: string;
  #last: { seq: number; digest: string } = { seq: 0, digest: GENESIS_DIGEST };
  #links = 0;
  #keyVersion = 0;
  #span = 0;
  readonly #spans: (PassSpan & { generation: number })[];
  readonly #keyring: AuditKeyring;
  readonly #legacyThroughId: string;

  constructor(chain: string, deps: { keyring: AuditKeyring; passes: PassCheck }) {
    this.chain = chain;
    this.#keyring = deps.keyring;
    this.#spans = deps.passes.spans.get(chain) ?? [];
    this.#legacyThroughId = deps.passes.legacyThroughId;
  }

  get links(): number {
    return this.#links;
  }

  get head(): { seq: number; digest: string } {
    return this.#last;
  }

  add(link: StoredLink): void {
    this.#links++;
    const expected = this.#last.seq + 1;
    const contiguous = link.seq === expected;
    if (!contiguous) {
      this.#find(
        "link_missing",
        link,
        `${missing("link", expected, link.seq - 1)} before link ${link.seq}: deleted`,
      );
    }
    const sealed = this.#checkSeal(link);
    const intact = !sealed || !contiguous || this.#checkDigest(link);
    if (sealed && intact) this.#checkPass(link);
    if (intact) {
      const attestation = attestationFinding(this.#keyring, link, this.#legacyThroughId, {
        chain: this.chain,
        seq: link.seq,
      });
      if (attestation) this.findings.add(attestation);
    }
    this.#last = { seq: link.seq, digest: link.digest };
  }

  /** After the last link: the chain must reach the last link its passes recorded. */
  finish(): void {
    const recorded = this.#spans.at(-1);
    if (recorded && recorded.to > this.#last.seq) {
      this.findings.add({
        kind: "tail_missing",
        chain: this.chain,
        seq: this.#last.seq + 1,
        generation: recorded.generation,
        message: `${missing("link", this.#last.seq + 1, recorded.to)} at the end of the chain (seal pass ${recorded.generation} recorded it up to link ${recorded.to}): its last rows were deleted`,
      });
    }
  }

  /** Whether the link's MAC is the RGS's under a key not older than its predecessor's. */
  #checkSeal(link: StoredLink): boolean {
    const keyId = keyIdOf(link.mac);
    const version = keyVersionOf(keyId) ?? 0;
    if (!this.#keyring.byId(keyId)) {
      this.#find(
        "key_unknown",
        link,
        `link ${link.seq} was sealed under key ${JSON.stringify(keyId)}, which this SECRET_KEY does not derive`,
      );
      return false;
    }
    if (!macMatches(this.#keyring, link.mac, MAC_LABELS.link, link.digest)) {
      this.#find(
        "link_forged",
        link,
        `link ${link.seq} was not sealed by the RGS: inserted with made-up seal columns, or its digest changed by SQL`,
      );
      return false;
    }
    if (version < this.#keyVersion) {
      this.#find(
        "key_regressed",
        link,
        `link ${link.seq} was sealed under key version ${version} after version ${this.#keyVersion}`,
      );
    }
    this.#keyVersion = Math.max(this.#keyVersion, version);
    return true;
  }

  #checkDigest(link: StoredLink): boolean {
    if (chainDigest(this.#last.digest, entryText({ ...link, chain: this.chain })) === link.digest)
      return true;
    this.#find(
      "record_changed",
      link,
      `link ${link.seq} (record ${link.id}) was changed after it was sealed: it no longer hashes to its sealed digest`,
    );
    return false;
  }

  #checkPass(link: StoredLink): void {
    // Links come in order, so the span that may hold this one is never behind the last one's.
    while ((this.#spans[this.#span]?.to ?? Number.POSITIVE_INFINITY) < link.seq) this.#span++;
    const span = this.#spans[this.#span];
    if (!span || span.from > link.seq || span.generation !== link.generation) {
      this.#find(
        "link_outside_pass",
        link,
        `link ${link.seq} (record ${link.id}) is not where its seal pass recorded it: inserted by SQL`,
      );
    } else if (span.to === link.seq && span.digest !== link.digest) {
      this.#find(
        "record_changed",
        link,
        `link ${link.seq} (record ${link.id}) differs from what seal pass ${span.generation} recorded`,
      );
    }
  }

  #find(kind: FindingKind, link: StoredLink, message: string): void {
    this.findings.add({
      kind,
      chain: this.chain,
      seq: link.seq,
      recordId: link.id,
      generation: link.generation,
      message,
    });
  }
}

/** "link 5 is missing", "links 5 to 7 are missing". */
function missing(what: string, from: number, to: number): string {
  return from === to ? `${what} ${from} is missing` : `${what}s ${from} to ${to} are missing`;
}
