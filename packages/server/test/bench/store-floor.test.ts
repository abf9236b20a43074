import { describe, expect, it } from "vitest";
import { CHAIN, EMBEDDED } from "../../bench/cpu-targets.ts";
import { ACTIVITIES, activityOf, type Frame } from "../../bench/floor-profile.ts";
import { floorBudgets, floorName } from "../../bench/store-floor.ts";

const PG = "PostgreSQL";
const row = (name: string, store: string, players: number, serverMs: number, postgresMs: number | null) => ({
  name,
  store,
  players,
  serverMs,
  postgresMs,
  perSecond: 100,
});

describe("the store floor against a bet's targets", () => {
  const rows = [
    row(CHAIN, "in-memory wallet", 8, 0.25, null),
    row(CHAIN, "in-memory wallet", 64, 0.3, null),
    row(floorName("demo", "group commit"), EMBEDDED, 8, 0.5, null),
    row(floorName("real", "one per transaction"), PG, 64, 0.15, 0.6),
    row("real-money dice bet", PG, 64, 0.9, 0.75),
    row(floorName("demo", "one per transaction"), EMBEDDED, 64, 0.6, null),
  ];
  const [demoEmbedded, realPostgres, demoEmbedded64] = floorBudgets(rows);

  it("holds an embedded demo floor to the 8-player demo target, its CPU being the RGS's", () => {
    expect(demoEmbedded).toMatchObject({ versusChain: 2, rgsLimit: 0.75, postgresLimitMs: null, bet: null });
    expect(demoEmbedded?.transactionsPerSecond).toBe(100);
  });

  it("counts two transactions per real-money bet and sets the bet measured beside its floor", () => {
    expect(realPostgres).toMatchObject({ rgsLimit: 3, postgresMs: 0.6, postgresLimitMs: 0.5 });
    expect(realPostgres?.transactionsPerSecond).toBe(200);
    expect(realPostgres?.versusChain).toBeCloseTo(0.5);
    expect(realPostgres?.bet?.versusChain).toBeCloseTo(3);
    expect(realPostgres?.bet?.postgresMs).toBe(0.75);
  });

  it("states no target for the embedded store at 64 players", () => {
    expect(demoEmbedded64).toMatchObject({ rgsLimit: null, postgresLimitMs: null });
  });
});

describe("where the store floor's main thread goes", () => {
  const wasm: Frame = { functionName: "$ExecInsert", url: "wasm://wasm/0a1b" };
  const glue: Frame = {
    functionName: "write",
    url: "file:///x/node_modules/@electric-sql/pglite/dist/index.js",
  };
  const fs: Frame = { functionName: "writeSync", url: "node:fs" };
  const walSync: Frame = { functionName: "flush", url: "file:///x/packages/server/src/store/wal-sync.ts" };
  const promise: Frame = {
    functionName: "processTicksAndRejections",
    url: "node:internal/process/task_queues",
  };

  it("tells WebAssembly, its file writes, the WAL flush and PGlite's JavaScript apart", () => {
    expect(activityOf([wasm, glue])).toBe(ACTIVITIES.wasm);
    expect(activityOf([fs, glue, wasm])).toBe(ACTIVITIES.fileWrites);
    expect(activityOf([{ functionName: "open", url: "node:fs" }, walSync, promise])).toBe(
      ACTIVITIES.walFlush,
    );
    expect(activityOf([glue, promise])).toBe(ACTIVITIES.pgliteJs);
    expect(activityOf([promise])).toBe(ACTIVITIES.other);
    expect(activityOf([{ functionName: "(idle)", url: "" }])).toBe("idle");
  });
});
