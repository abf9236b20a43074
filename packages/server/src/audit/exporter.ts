import { createHash } from "node:crypto";
import { access, link, open, unlink } from "node:fs/promises";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../store/schema.ts";
import type { AuditKeyring } from "./audit-keys.ts";
import type { AuditRecorder } from "./audit-log.ts";
import {
  chainOf,
  EXPORT_FORMAT,
  type ExportStatement,
  entryText,
  exportText,
  GENESIS_DIGEST,
} from "./chain-format.ts";
import { chainHeads, linksBetween, seqRangeOfPeriod } from "./chain-repository.ts";
import type { AuditVerifier } from "./verifier.ts";

/** A refusal of `audit export` the person running it can act on. */
export class AuditExportError extends Error {
  override name = "AuditExportError";

  constructor(
    message: string,
    /** Whether the refusal is the chain's (it does not verify) rather than the request's. */
    readonly chainBroken = false,
  ) {
    super(message);
  }
}

export interface AuditExportResult {
  file: string;
  chain: string;
  records: number;
  firstSeq: number;
  lastSeq: number;
  /** Hex SHA-256 of the file written. */
  sha256: string;
  keyId: string;
}

const PAGE = 1000;

/**
 * One operator's chain over a period, as a file a regulator verifies with docs/audit.md alone: every link
 * from the first to the last record of the period (contiguous, so nothing between them can be left out),
 * the digest before the first, and a statement of what the file holds signed with the RGS's Ed25519 key.
 * A chain that does not verify is not exported: the signature would vouch for it.
 */
export class AuditExporter {
  readonly #db: Kysely<Database>;
  readonly #keyring: AuditKeyring;
  readonly #verifier: AuditVerifier;
  readonly #audit: AuditRecorder;

  constructor(deps: {
    db: Kysely<Database>;
    keyring: AuditKeyring;
    verifier: AuditVerifier;
    audit: AuditRecorder;
  }) {
    this.#db = deps.db;
    this.#keyring = deps.keyring;
    this.#verifier = deps.verifier;
    this.#audit = deps.audit;
  }

  async export(args: {
    operatorId: string;
    from: Date;
    to: Date;
    file: string;
    now: Date;
  }): Promise<AuditExportResult> {
    const { operatorId, from, to, file } = args;
    if (from.getTime() > to.getTime()) throw new AuditExportError("--from must not be after --to.");
    if (await exists(file)) throw alreadyExists(file);
    const report = await this.#verifier.verify({ operatorId });
    const broken = [
      ...report.passes.findings,
      ...report.chains.flatMap((c) => c.findings),
      ...report.pending.findings,
    ];
    if (!report.ok) {
      throw new AuditExportError(
        `The audit trail of operator ${operatorId} does not verify, so it is not exported: ${broken[0]?.message ?? "see audit verify"}. Run \`audit verify --operator ${operatorId}\`.`,
        true,
      );
    }
    const partial = `${file}.partial`;
    const handle = await open(partial, "wx").catch((error: NodeJS.ErrnoException) => {
      throw new AuditExportError(`Cannot write ${partial}: ${error.code ?? error.message}.`);
    });
    const hash = createHash("sha256");
    const write = async (text: string) => {
      hash.update(text, "utf8");
      await handle.write(text);
    };
    try {
      const statement = await this.#db
        .transaction()
        .setIsolationLevel("repeatable read")
        .execute((trx) => this.#write(trx, { ...args, chain: chainOf(operatorId) }, write));
      await handle.sync();
      await handle.close();
      await link(partial, file).catch((error: NodeJS.ErrnoException) => {
        throw error.code === "EEXIST"
          ? alreadyExists(file)
          : new AuditExportError(`Cannot write ${file}: ${error.code ?? error.message}.`);
      });
      await unlink(partial);
      const result = {
        file,
        chain: statement.chain,
        records: statement.count,
        firstSeq: statement.firstSeq,
        lastSeq: statement.lastSeq,
        sha256: hash.digest("hex"),
        keyId: statement.keyId,
      };
      await this.#audit.record({
        operatorId,
        kind: "audit.exported",
        data: { from: from.toISOString(), to: to.toISOString(), ...result },
      });
      return result;
    } catch (error) {
      await handle.close().catch(() => {});
      await unlink(partial).catch(() => {});
      throw error;
    }
  }

  async #write(
    trx: Transaction<Database>,
    args: { chain: string; operatorId: string; from: Date; to: Date; now: Date },
    write: (text: string) => Promise<void>,
  ): Promise<ExportStatement> {
    const head = (await chainHeads(trx, [args.chain])).get(args.chain) ?? { seq: 0, digest: GENESIS_DIGEST };
    const period = await seqRangeOfPeriod(trx, args.chain, args.from, args.to);
    // An empty period is stated at the end of the chain as it stands: nothing recorded in it then.
    const first = period?.first ?? head.seq + 1;
    const last = period?.last ?? head.seq;
    const previousDigest =
      first === 1
        ? GENESIS_DIGEST
        : ((await linksBetween(trx, args.chain, first - 1, first - 1))[0]?.digest ?? "");
    const key = this.#keyring.current;
    await write(
      `{\n"format": ${JSON.stringify(EXPORT_FORMAT)},\n"chain": ${JSON.stringify(args.chain)},\n"operatorId": ${JSON.stringify(args.operatorId)},\n"from": ${JSON.stringify(args.from.toISOString())},\n"to": ${JSON.stringify(args.to.toISOString())},\n"records": [`,
    );
    let lastDigest = previousDigest;
    let count = 0;
    for (let from = first; from <= last; from += PAGE) {
      const links = await linksBetween(trx, args.chain, from, Math.min(last, from + PAGE - 1));
      let text = "";
      for (const link of links) {
        const line = { seq: link.seq, digest: link.digest, entry: entryText({ ...link, chain: args.chain }) };
        text += `${count === 0 ? "" : ","}\n${JSON.stringify(line)}`;
        lastDigest = link.digest;
        count++;
      }
      await write(text);
    }
    if (count !== last - first + 1)
      throw new Error(`the chain changed while it was exported (${count} links read)`);
    const statement: ExportStatement = {
      chain: args.chain,
      from: args.from.toISOString(),
      to: args.to.toISOString(),
      exportedAt: args.now.toISOString(),
      firstSeq: first,
      lastSeq: last,
      count,
      previousDigest,
      lastDigest,
      head,
      keyId: key.keyId,
    };
    const text = exportText(statement);
    await write(
      `\n],\n"statement": ${JSON.stringify(text)},\n"signature": ${JSON.stringify(key.sign(text))},\n"keyId": ${JSON.stringify(key.keyId)},\n"publicKey": ${JSON.stringify(key.publicKeyPem)}\n}\n`,
    );
    return statement;
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

function alreadyExists(file: string): AuditExportError {
  return new AuditExportError(
    `${file} exists already; choose another --out (an export never overwrites one).`,
  );
}
