import { createHash } from "node:crypto";
import { canonicalJson } from "./canonical-json.ts";

/**
 * What is hashed, MACed and signed, as pure functions: the one definition the sealer, the verifier, the
 * exporter and docs/audit.md share. A change here is a new format version, never an edit.
 */

/** The platform's chain; every other chain is named by its operator's ID. */
const PLATFORM_CHAIN = "platform";

/** The digest before the first link of a chain and before the first seal pass. */
export const GENESIS_DIGEST = "0".repeat(64);

export const MAC_LABELS = {
  record: "rgs-audit-record",
  link: "rgs-audit-link",
  pass: "rgs-audit-pass",
} as const;

export const HEAD_FORMAT = "rgs-audit-head/1";
export const EXPORT_FORMAT = "rgs-audit-export/1";

export function chainOf(operatorId: string | null): string {
  return operatorId ?? PLATFORM_CHAIN;
}

/** What a record says, as its writer attests it before the database gives it an id. */
export interface RecordContent {
  uid: string;
  at: Date;
  operatorId: string | null;
  kind: string;
  actor: string | null;
  /** A JSON value as stored (see asStoredJson). */
  data: unknown;
}

/** The text a writer's attestation covers. */
export function attestationText(record: RecordContent): string {
  return canonicalJson({
    actor: record.actor,
    at: record.at.toISOString(),
    data: record.data,
    kind: record.kind,
    operatorId: record.operatorId,
    uid: record.uid,
  });
}

/** The text of a link: the record with its id, its chain and its place in it. */
export function entryText(record: RecordContent & { id: string; chain: string; seq: number }): string {
  return canonicalJson({
    actor: record.actor,
    at: record.at.toISOString(),
    chain: record.chain,
    data: record.data,
    id: record.id,
    kind: record.kind,
    operatorId: record.operatorId,
    seq: record.seq,
    uid: record.uid,
  });
}

/** Lower-case hex SHA-256 of the UTF-8 bytes of `previous + "\n" + text`. */
export function chainDigest(previous: string, text: string): string {
  return createHash("sha256").update(`${previous}\n${text}`, "utf8").digest("hex");
}

/** The links one seal pass added to one chain. */
export interface PassSpan {
  chain: string;
  from: number;
  to: number;
  /** The digest of link `to`. */
  digest: string;
}

export interface PassContent {
  generation: number;
  sealedAt: Date;
  /** Records with an id up to this one were written before records were attested (none: 0). */
  legacyThroughId: string;
  spans: PassSpan[];
}

export function passText(pass: PassContent): string {
  return canonicalJson({
    generation: pass.generation,
    legacyThroughId: pass.legacyThroughId,
    sealedAt: pass.sealedAt.toISOString(),
    spans: [...pass.spans]
      .sort((a, b) => (a.chain < b.chain ? -1 : a.chain > b.chain ? 1 : 0))
      .map((span) => ({ chain: span.chain, digest: span.digest, from: span.from, to: span.to })),
  });
}

/** The chain's head as published outside the database (logs, `audit head`), signed. */
export interface HeadStatement {
  generation: number;
  digest: string;
  sealedAt: string;
  keyId: string;
}

export function headText(head: HeadStatement): string {
  return canonicalJson({ format: HEAD_FORMAT, ...head });
}

/** What an export's signature vouches for. */
export interface ExportStatement {
  chain: string;
  from: string;
  to: string;
  exportedAt: string;
  /** 0 and -1 (firstSeq > lastSeq) when no record falls in the period. */
  firstSeq: number;
  lastSeq: number;
  count: number;
  previousDigest: string;
  lastDigest: string;
  /** The chain's last link when the export was made. */
  head: { seq: number; digest: string };
  keyId: string;
}

export function exportText(statement: ExportStatement): string {
  return canonicalJson({ format: EXPORT_FORMAT, ...statement });
}
