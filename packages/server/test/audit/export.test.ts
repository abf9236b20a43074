import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditShellToolsAvailable, postgresAvailable } from "../../../../test-support/services.ts";
import type { AuditChain } from "../../src/audit/audit-chain.ts";
import { AuditTrail } from "../../src/audit/audit-trail.ts";
import type { Transport } from "../../src/cli/transport.ts";
import { manualClock } from "../../src/clock.ts";
import { createSecretBox } from "../../src/crypto/secret-box.ts";
import { localOnboarding } from "../../src/operators/onboarding.ts";
import { OperatorService } from "../../src/operators/operator-service.ts";
import { PackService } from "../../src/operators/pack-service.ts";
import type { Store } from "../../src/store/database.ts";
import { runCaptured } from "../cli/support.ts";
import { storeBackends } from "../store/store-backends.ts";
import { openAuditStore, TEST_SECRET } from "./support.ts";

const DOC = new URL("../../../../docs/audit.md", import.meta.url).pathname;

/** The code block of docs/audit.md that starts with `first`, as a regulator would copy it. */
async function docBlock(language: string, first: string): Promise<string> {
  const doc = await readFile(DOC, "utf8");
  const blocks = [...doc.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, "g"))].map(
    (m) => m[1] ?? "",
  );
  const block = blocks.find((text) => text.startsWith(first));
  if (!block) throw new Error(`docs/audit.md has no ${language} block starting with ${first}`);
  return block;
}

function run(
  command: string,
  args: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

const shellTools = await auditShellToolsAvailable();
const DAY = 86_400_000;

describe.each(storeBackends(await postgresAvailable()))("audit export on $name", (backend) => {
  const clock = manualClock(Date.UTC(2030, 0, 1, 9));
  let store: Store;
  let transport: Transport;
  let dir: string;
  let operatorA: string;
  let operatorB: string;
  let publicKey: string;
  let script: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "rgs-audit-export-"));
    let chain: AuditChain;
    ({ store, chain } = await openAuditStore(backend, clock));
    const operators = new OperatorService({
      store,
      secretBox: createSecretBox(TEST_SECRET),
      clock,
      rotationGraceSeconds: 3600,
      environment: "staging",
    });
    const packs = new PackService({ store, clock });
    transport = {
      api: localOnboarding({
        operators,
        packs,
        audit: new AuditTrail(store.db),
        auditChain: chain,
        auditLog: store.audit,
      }),
      via: "store",
      close: async () => {},
    };
    // Day 1: both operators are created; day 2: A's callback URL changes, B's name; day 3: A rotates its secret.
    operatorA = (await operators.create({ name: "Casino A" })).operator.id;
    operatorB = (await operators.create({ name: "Casino B" })).operator.id;
    clock.advance(DAY);
    await operators.update(operatorA, { callbackUrl: "https://wallet.a.example/rgs" });
    await operators.update(operatorB, { name: "Casino B2" });
    await store.audit.record({
      operatorId: operatorA,
      kind: "player_self_excluded",
      data: { playerId: "p-ü" },
    });
    clock.advance(DAY);
    await operators.rotateSecret(operatorA);
    await chain.sealer.sealPending();

    const head = await runCaptured(["audit", "head", "--json"], transport);
    expect(head.code).toBe(0);
    publicKey = (JSON.parse(head.stdout) as { publicKey: string }).publicKey;
    await writeFile(join(dir, "given-key.pem"), publicKey);
    script = join(dir, "verify-audit-export.mjs");
    await writeFile(script, await docBlock("js", "// verify-audit-export.mjs"));
  });
  afterAll(async () => {
    await store?.close();
    await backend.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  const exportTo = (file: string, from: string, to: string, operator = operatorA) =>
    runCaptured(
      [
        "audit",
        "export",
        "--operator",
        operator,
        "--from",
        from,
        "--to",
        to,
        "--out",
        join(dir, file),
        "--json",
      ],
      transport,
    );

  it("writes one operator's records of a period, which the documented Node steps verify with node:crypto alone", async () => {
    const exported = await exportTo("a.json", "2030-01-02", "2030-01-02");
    expect(exported.stderr).toBe("");
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({
      chain: operatorA,
      records: 2,
      firstSeq: 2,
      lastSeq: 3,
    });

    const file = JSON.parse(await readFile(join(dir, "a.json"), "utf8")) as {
      records: { entry: string }[];
      publicKey: string;
    };
    const entries = file.records.map((record) => JSON.parse(record.entry));
    expect(entries.map((entry) => [entry.operatorId, entry.kind])).toEqual([
      [operatorA, "operator.updated"],
      [operatorA, "player_self_excluded"],
    ]);
    expect(entries[0]).toMatchObject({
      actor: "rgs",
      data: { before: { callbackUrl: null }, after: { callbackUrl: "https://wallet.a.example/rgs" } },
    });

    const checked = await run(process.execPath, [script, "a.json", "given-key.pem"], dir);
    expect(checked.stderr).toBe("");
    expect(checked.code).toBe(0);
    expect(checked.stdout).toContain(`VERIFIED: 2 records of ${operatorA}, links 2 to 3`);
  });

  it("fails the documented steps for a changed record, a dropped record, a changed statement or another key", async () => {
    expect((await exportTo("b.json", "2030-01-01", "2030-01-31")).code).toBe(0);
    const original = await readFile(join(dir, "b.json"), "utf8");
    const file = JSON.parse(original) as { records: { entry: string }[]; statement: string };
    const tampered = async (name: string, change: (copy: typeof file) => void, key = "given-key.pem") => {
      const copy = structuredClone(file);
      change(copy);
      await writeFile(join(dir, name), JSON.stringify(copy));
      return run(process.execPath, [script, name, key], dir);
    };
    const changed = await tampered("changed.json", (copy) => {
      const record = copy.records[1] as { entry: string };
      record.entry = record.entry.replace("https://wallet.a.example/rgs", "https://evil.example/rgs");
    });
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain("NOT VERIFIED: link 2 does not hash to its digest");
    const n = file.records.length;
    const dropped = await tampered("dropped.json", (copy) => copy.records.pop());
    expect(dropped.stderr).toContain(`NOT VERIFIED: ${n - 1} records, ${n} stated`);
    const restated = await tampered("restated.json", (copy) => {
      copy.statement = copy.statement.replace(`"count":${n}`, `"count":${n - 1}`);
    });
    expect(restated.stderr).toContain("NOT VERIFIED: the signature does not match the statement");
    const { generateKeyPairSync } = await import("node:crypto");
    const other = generateKeyPairSync("ed25519").publicKey.export({ type: "spki", format: "pem" }).toString();
    await writeFile(join(dir, "other-key.pem"), other);
    const foreign = await tampered("foreign.json", () => {}, "other-key.pem");
    expect(foreign.stderr).toContain("NOT VERIFIED: the file's public key is not the one you were given");
  });

  it.runIf(shellTools)("passes the documented shell steps, which name a changed record", async () => {
    const shell = await docBlock("sh", "jq -j .publicKey export.json");
    expect((await exportTo("export.json", "2030-01-01", "2030-01-31")).code).toBe(0);
    const intact = await run("bash", ["-eo", "pipefail", "-c", shell], dir);
    expect(intact.code).toBe(0);
    expect(intact.stdout).toContain("Signature Verified Successfully");
    expect(intact.stdout).not.toContain("was changed");

    const file = JSON.parse(await readFile(join(dir, "export.json"), "utf8")) as {
      records: { entry: string }[];
    };
    const record = file.records[2] as { entry: string };
    record.entry = record.entry.replace("p-ü", "p-2");
    await writeFile(join(dir, "export.json"), JSON.stringify(file));
    expect((await run("bash", ["-o", "pipefail", "-c", shell], dir)).stdout).toContain("link 3 was changed");
  });

  it("states an empty period, signed, at the end of the chain", async () => {
    const exported = await exportTo("empty.json", "2031-01-01", "2031-01-31");
    const view = JSON.parse(exported.stdout) as { records: number; firstSeq: number; lastSeq: number };
    expect(view.records).toBe(0);
    expect(view.lastSeq).toBeGreaterThanOrEqual(4);
    expect(view.firstSeq).toBe(view.lastSeq + 1);
    const checked = await run(process.execPath, [script, "empty.json", "given-key.pem"], dir);
    expect(checked.stdout).toContain(`VERIFIED: 0 records of ${operatorA}`);
  });

  it("refuses an existing file, an unknown operator, a reversed or malformed period and a missing --out", async () => {
    expect((await exportTo("exists.json", "2030-01-01", "2030-01-02")).code).toBe(0);
    const again = await exportTo("exists.json", "2030-01-01", "2030-01-02");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("exists already");
    const unknown = await exportTo(
      "unknown.json",
      "2030-01-01",
      "2030-01-02",
      "0b7e6f1c-2d3a-4e5f-8a9b-000000000000",
    );
    expect(JSON.parse(unknown.stderr)).toMatchObject({ error: { code: "unknown_operator" } });
    const reversed = await exportTo("reversed.json", "2030-02-01", "2030-01-01");
    expect(reversed.stderr).toContain("--from must not be after --to");
    expect((await exportTo("bad.json", "last tuesday", "2030-01-01")).stderr).toContain(
      "--from must be an ISO 8601 date",
    );
    const missing = await runCaptured(
      ["audit", "export", "--operator", operatorA, "--from", "2030-01-01", "--to", "2030-01-02"],
      transport,
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--out is required");
  });

  it("refuses to export a chain that does not verify, and records each export it made", async () => {
    const exports = await store.audit.list({ operatorId: operatorA, kind: "audit.exported" });
    expect(exports.length).toBeGreaterThanOrEqual(3);
    expect(exports[0]?.data).toMatchObject({
      chain: operatorA,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    await store.db
      .updateTable("audit_events")
      .set({ data: JSON.stringify({ name: "Someone else" }) })
      .where("chain", "=", operatorB)
      .where("seq", "=", 1n)
      .execute();
    const refused = await exportTo("broken.json", "2030-01-01", "2030-01-31", operatorB);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr)).toMatchObject({ error: { code: "audit_chain_broken" } });
    expect(JSON.parse(refused.stderr).error.message).toContain("link 1");
  });
});
