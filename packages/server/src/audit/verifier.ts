import type { Kysely, Transaction } from "kysely";
import type { Database } from "../store/schema.ts";
import { type AuditKeyring, signatureMatches } from "./audit-keys.ts";
import { attestationFinding, ChainCheck, type Finding, Findings, PassCheck } from "./chain-check.ts";
import { chainOf, HEAD_FORMAT, type HeadStatement, headText } from "./chain-format.ts";
import {
  linksAfter,
  originLegacyThroughId,
  passesAfter,
  passOfGeneration,
  pendingRecords,
} from "./chain-repository.ts";

/** A head published outside the database: what `audit head` prints and each seal pass logs. */
export interface PublishedHead {
  statement: string;
  signature: string;
}

export interface ChainReport {
  chain: string;
  links: number;
  head: { seq: number; digest: string };
  /** The first findings, the first broken link first. */
  findings: Finding[];
  problems: number;
}

export interface VerifyReport {
  ok: boolean;
  passes: { count: number; digest: string; findings: Finding[]; problems: number };
  chains: ChainReport[];
  /** Records written but not sealed yet (the sealer seals them within seconds while a server runs). */
  pending: { records: number; findings: Finding[]; problems: number };
  /** Present when a published head was given: whether the database still holds it. */
  publishedHead?: { generation: number; found: boolean };
}

const PAGE = 1000;

/** Why a published head cannot be used, or undefined when it is well formed and signed by the RGS's key. */
function publishedHeadProblem(keyring: AuditKeyring, published: PublishedHead): string | undefined {
  let head: Partial<HeadStatement> & { format?: unknown };
  try {
    head = JSON.parse(published.statement) as typeof head;
  } catch {
    return "the published head's statement is not JSON";
  }
  if (head.format !== HEAD_FORMAT || typeof head.keyId !== "string" || !Number.isInteger(head.generation)) {
    return `the published head is not an ${HEAD_FORMAT} statement`;
  }
  const key = keyring.byId(head.keyId);
  if (!key)
    return `the published head was signed under key ${head.keyId}, which this SECRET_KEY does not derive`;
  if (headText(head as HeadStatement) !== published.statement)
    return "the published head's statement is not canonical";
  if (!signatureMatches(key.publicKeyPem, published.statement, published.signature)) {
    return "the published head's signature does not match its statement";
  }
  return undefined;
}

/**
 * Reads the whole trail (or one operator's chain and every seal pass) in one snapshot and checks it with
 * chain-check.ts. Memory stays bounded by a page of rows and the passes' spans.
 */
export class AuditVerifier {
  readonly #db: Kysely<Database>;
  readonly #keyring: AuditKeyring;

  constructor(deps: { db: Kysely<Database>; keyring: AuditKeyring }) {
    this.#db = deps.db;
    this.#keyring = deps.keyring;
  }

  async verify(opts: { operatorId?: string; publishedHead?: PublishedHead } = {}): Promise<VerifyReport> {
    return this.#db
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (trx) => {
        const passes = await this.#passes(trx);
        const onlyChain = opts.operatorId === undefined ? undefined : chainOf(opts.operatorId);
        const chains = await this.#chains(trx, passes, onlyChain);
        const pending = await this.#pending(trx, passes.legacyThroughId, onlyChain);
        const report: VerifyReport = {
          ok: false,
          passes: {
            count: passes.generation,
            digest: passes.digest,
            findings: passes.findings.kept,
            problems: passes.findings.total,
          },
          chains,
          pending,
        };
        if (opts.publishedHead) await this.#checkPublished(trx, opts.publishedHead, report);
        report.ok =
          report.passes.problems === 0 &&
          report.pending.problems === 0 &&
          chains.every((chain) => chain.problems === 0);
        return report;
      });
  }

  async #passes(trx: Transaction<Database>): Promise<PassCheck> {
    const check = new PassCheck(this.#keyring, await originLegacyThroughId(trx));
    for (let after = 0; ; ) {
      const page = await passesAfter(trx, after, PAGE);
      for (const pass of page) check.add(pass);
      if (page.length < PAGE) return check;
      after = page.at(-1)?.generation ?? after;
    }
  }

  async #chains(trx: Transaction<Database>, passes: PassCheck, onlyChain?: string): Promise<ChainReport[]> {
    const reports: ChainReport[] = [];
    let current: ChainCheck | undefined;
    const finish = () => {
      if (!current) return;
      current.finish();
      reports.push(reportOf(current));
    };
    for (let cursor = { chain: "", seq: 0 }; ; ) {
      const page = await linksAfter(trx, cursor, PAGE, onlyChain);
      for (const link of page) {
        if (current?.chain !== link.chain) {
          finish();
          current = new ChainCheck(link.chain, { keyring: this.#keyring, passes });
        }
        current.add(link);
      }
      const last = page.at(-1);
      if (!last) break;
      cursor = { chain: last.chain, seq: last.seq };
    }
    finish();
    // A chain its passes recorded but without a single link left: every row of it was deleted.
    const seen = new Set(reports.map((report) => report.chain));
    for (const chain of passes.spans.keys()) {
      if (seen.has(chain) || (onlyChain !== undefined && chain !== onlyChain)) continue;
      current = new ChainCheck(chain, { keyring: this.#keyring, passes });
      finish();
    }
    return reports.sort((a, b) => (a.chain < b.chain ? -1 : a.chain > b.chain ? 1 : 0));
  }

  async #pending(
    trx: Transaction<Database>,
    legacyThroughId: string,
    onlyChain?: string,
  ): Promise<VerifyReport["pending"]> {
    const findings = new Findings();
    let records = 0;
    for (let after = "0"; ; ) {
      const page = await pendingRecords(trx, PAGE, after);
      for (const record of page) {
        const chain = chainOf(record.operatorId);
        if (onlyChain !== undefined && chain !== onlyChain) continue;
        records++;
        const finding = attestationFinding(this.#keyring, record, legacyThroughId, { chain });
        if (finding) findings.add(finding);
      }
      if (page.length < PAGE) break;
      after = page.at(-1)?.id ?? after;
    }
    return { records, findings: findings.kept, problems: findings.total };
  }

  async #checkPublished(
    trx: Transaction<Database>,
    published: PublishedHead,
    report: VerifyReport,
  ): Promise<void> {
    const problem = publishedHeadProblem(this.#keyring, published);
    if (problem !== undefined) throw new PublishedHeadError(problem);
    const head = JSON.parse(published.statement) as HeadStatement;
    const pass = await passOfGeneration(trx, head.generation);
    const found = pass?.digest === head.digest;
    report.publishedHead = { generation: head.generation, found };
    if (!found) {
      report.passes.problems++;
      report.passes.findings.push({
        kind: "published_head_missing",
        chain: null,
        generation: head.generation,
        message: `the head published for seal pass ${head.generation} (sealed at ${head.sealedAt}) is ${pass ? "not the one in the database: the trail was rewritten from it on" : "missing: the passes from it on, and the records they sealed, were deleted"}`,
      });
    }
  }
}

/** A published head that is not one: malformed, or not signed by this RGS's key. */
export class PublishedHeadError extends Error {
  override name = "PublishedHeadError";
}

function reportOf(check: ChainCheck): ChainReport {
  return {
    chain: check.chain,
    links: check.links,
    head: check.head,
    findings: check.findings.kept,
    problems: check.findings.total,
  };
}
