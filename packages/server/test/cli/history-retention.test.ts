import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Transport } from "../../src/cli/transport.ts";
import { manualClock } from "../../src/clock.ts";
import { buildAdminApp } from "../../src/http/admin/admin-app.ts";
import { localOnboarding } from "../../src/operators/onboarding.ts";
import { PackService } from "../../src/operators/pack-service.ts";
import { HistoryMover } from "../../src/rounds/history-mover.ts";
import { HistoryRetention } from "../../src/rounds/history-retention.ts";
import { checkExportFile } from "../../src/verify/export-file.ts";
import { gameRequest, launchDemo, ok } from "../http/game/game-support.ts";
import { playToClose } from "../http/game/play-to-close.ts";
import { createHarness, type Harness } from "../http/support.ts";
import { runCaptured } from "./support.ts";

const MARCH = Date.UTC(2030, 2, 1);
const VERIFY_SCRIPT = new URL("../../scripts/verify-history-export.ts", import.meta.url).pathname;

/** The offline check as an auditor runs it: its own process, the file and nothing else. */
function verifyOffline(file: string): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", VERIFY_SCRIPT, file],
      { timeout: 60_000 },
      (error, stdout) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout });
      },
    );
  });
}

let h: Harness;
let dir: string;
let transport: Transport;

beforeAll(async () => {
  h = await createHarness();
  dir = await mkdtemp(join(tmpdir(), "rgs-history-cli-"));
  const clock = manualClock(MARCH);
  transport = {
    api: localOnboarding({
      operators: h.operators,
      packs: new PackService({ store: h.store, clock }),
      history: new HistoryMover({ store: h.store, clock }),
      retention: new HistoryRetention({ store: h.store, secretBox: h.secretBoxes.seeds, clock }),
      auditLog: h.store.audit,
    }),
    via: "store",
    close: async () => {},
  };
  for (const code of ["dice-alpha", "mines-alpha"]) {
    const { token } = await launchDemo(h, { gameCode: code });
    await playToClose(h, token, code);
    ok(await gameRequest(h, token, "POST", "/seed/rotate"));
  }
});
afterAll(async () => {
  await h?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const cli = (...argv: string[]) => runCaptured(["history", ...argv], transport);

describe("rgs history export and drop", () => {
  it("exports a moved month, verifies it offline and drops it on proof of the file", async () => {
    expect((await cli("move", "--before", "2030-02-01")).code).toBe(0);
    const file = join(dir, "2030-01.jsonl");
    const exported = await cli("export", "--month", "2030-01", "--out", file);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(
      new RegExp(
        `^Exported 2 rounds and \\d+ transactions of 2030-01 to ${file}\\.\\nDigest: [0-9a-f]{64}\\n$`,
      ),
    );
    expect(await checkExportFile(file)).toMatchObject({
      rounds: 2,
      matches: 2,
      differs: [],
      notVerifiable: [],
    });
    expect((await readFile(file, "utf8")).split("\n").filter(Boolean)).toHaveLength(2);
    expect(await verifyOffline(file)).toEqual({
      code: 0,
      stdout: "2 rounds: 2 match, 0 differ, 0 not verifiable.\n",
    });

    const dropped = await cli("drop", "--month", "2030-01", "--confirm-exported", file, "--json");
    expect(dropped.code).toBe(0);
    expect(JSON.parse(dropped.stdout)).toMatchObject({
      month: "2030-01",
      rounds: 2,
      droppedPartitions: ["rounds_history_2030_01", "wallet_transactions_history_2030_01"],
    });
    const recorded = await h.store.audit.list({ kind: undefined, limit: 3 });
    expect(recorded.map((event) => [event.kind, event.operatorId])).toEqual([
      ["history.dropped", null],
      ["history.exported", null],
      ["history.moved", null],
    ]);
    expect(recorded[1]?.data).toMatchObject({ month: "2030-01", rounds: 2, file });
    expect(recorded[1]?.actor).toMatch(/^cli:/);
  });

  it("refuses bad arguments with a usage error, and a missing file or month with a specific one", async () => {
    const usage: [string[], RegExp][] = [
      [["export", "--out", "x.jsonl"], /--month takes a month as YYYY-MM/],
      [["export", "--month", "2030-1", "--out", "x.jsonl"], /--month takes a month as YYYY-MM/],
      [["export", "--month", "2030-01"], /--out takes the path of the file to write/],
      [["drop", "--month", "2030-01"], /--confirm-exported takes the file `history export` wrote/],
      [["drop", "--month", "January", "--confirm-exported", "x"], /--month takes a month as YYYY-MM/],
    ];
    for (const [argv, message] of usage) {
      const run = await cli(...argv);
      expect(run.code, argv.join(" ")).toBe(2);
      expect(run.stderr).toMatch(message);
    }
    const missing = await cli("drop", "--month", "2029-11", "--confirm-exported", join(dir, "nope.jsonl"));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/There is no file .*nope\.jsonl/);
    const none = await cli("export", "--month", "2029-11", "--out", join(dir, "2029-11.jsonl"));
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/There is no history partition for 2029-11/);
    expect(none.stderr).not.toMatch(/\n\s+at /);
  });

  it("is served by a running server's admin interface, for a CLI talking to the embedded store's server", async () => {
    const token = "history-retention-admin-token-0123456789";
    const clock = manualClock(MARCH);
    const admin = await buildAdminApp({
      operators: h.operators,
      packs: new PackService({ store: h.store, clock }),
      retention: new HistoryRetention({ store: h.store, secretBox: h.secretBoxes.seeds, clock }),
      adminToken: token,
    });
    try {
      const exported = await admin.inject({
        method: "POST",
        url: "/admin/history/export",
        headers: { authorization: `Bearer ${token}` },
        payload: { month: "2029-11", out: join(dir, "served-2029-11.jsonl") },
      });
      expect(exported.json()).toMatchObject({
        detail: expect.stringMatching(/There is no history partition for 2029-11/),
      });
      const dropped = await admin.inject({
        method: "POST",
        url: "/admin/history/drop",
        headers: { authorization: `Bearer ${token}` },
        payload: { month: "2029-11", confirmExported: join(dir, "nope.jsonl") },
      });
      expect(dropped.json()).toMatchObject({
        detail: expect.stringMatching(/There is no file .*nope\.jsonl/),
      });
    } finally {
      await admin.close();
    }
  });
});
