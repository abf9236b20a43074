import { describe, expect, it } from "vitest";
import { CHAIN, cpuTargets, EMBEDDED } from "../../bench/cpu-targets.ts";
import {
  type DatabaseCounters,
  type DatabaseWork,
  medianTables,
  parseLsn,
  workPerOperation,
} from "../../bench/database-work.ts";
import { median, medianOfRuns } from "../../bench/median.ts";

describe("the benchmark's accounting of a bet's cost", () => {
  it("reads a log sequence number as a byte position across the 4 GB boundary", () => {
    expect(parseLsn("0/16B3748")).toBe(0x16b3748n);
    expect(parseLsn("1/0")).toBe(2n ** 32n);
    expect(parseLsn("16/B374D848") - parseLsn("16/B374D000")).toBe(0x848n);
    expect(() => parseLsn("16B374D848")).toThrow(/not a log sequence number/);
  });

  it("divides what the database did between two readings by the bets of the window", () => {
    const before: DatabaseCounters = {
      walBytes: parseLsn("0/FFFFF000"),
      nextXid: 1000n,
      transactions: 5000,
      rowsWritten: 100,
      statements: 40,
      tables: new Map([
        ["rounds", { inserted: 10, updated: 30, hotUpdated: 0 }],
        ["seed_pairs", { inserted: 1, updated: 50, hotUpdated: 40 }],
      ]),
    };
    const after: DatabaseCounters = {
      walBytes: parseLsn("1/00001000"),
      nextXid: 1400n,
      transactions: 5600,
      rowsWritten: 1300,
      statements: 1040,
      tables: new Map([
        ["rounds", { inserted: 210, updated: 430, hotUpdated: 0 }],
        ["seed_pairs", { inserted: 1, updated: 250, hotUpdated: 200 }],
        ["sessions", { inserted: 2, updated: 0, hotUpdated: 0 }],
      ]),
    };
    expect(workPerOperation(before, after, 200)).toEqual({
      statements: 5,
      transactions: 3,
      writingTransactions: 2,
      rowsWritten: 6,
      walBytes: 40.96,
      tables: [
        { table: "rounds", inserted: 1, updated: 2, hotUpdated: 0 },
        { table: "seed_pairs", inserted: 0, updated: 1, hotUpdated: 0.8 },
        { table: "sessions", inserted: 0.01, updated: 0, hotUpdated: 0 },
      ],
    });
    expect(workPerOperation({ ...before, statements: null }, after, 200).statements).toBeNull();
  });

  it("takes each figure's median over the runs and adds up their failures", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    const runs = [
      { name: "real", perSecond: 300, postgresMs: 1.2, errors: 0 },
      { name: "real", perSecond: 100, postgresMs: 0.9, errors: 2 },
      { name: "real", perSecond: 200, postgresMs: 1.0, errors: 1 },
    ];
    expect(medianOfRuns(runs, ["errors"])).toEqual({
      name: "real",
      perSecond: 200,
      postgresMs: 1.0,
      errors: 3,
    });
    expect(medianOfRuns([{ postgresMs: null }, { postgresMs: null }])).toEqual({ postgresMs: null });
  });

  it("takes each table's row versions as the median over the runs, a table a run did not write as 0", () => {
    const work = (tables: DatabaseWork["tables"]): DatabaseWork => ({
      statements: null,
      transactions: 0,
      writingTransactions: 0,
      rowsWritten: 0,
      walBytes: 0,
      tables,
    });
    const rounds = (updated: number) => ({ table: "rounds", inserted: 1, updated, hotUpdated: 0 });
    const pace = { table: "round_pace", inserted: 0, updated: 5, hotUpdated: 5 };
    expect(medianTables([work([rounds(2)]), work([rounds(4), pace]), work([rounds(3)])])).toEqual([
      rounds(3),
      { ...pace, updated: 0, hotUpdated: 0 },
    ]);
  });

  it("holds bets to the floor chain of the same players: full targets at 64, half at 8, embedded at 8 only", () => {
    const row = (
      name: string,
      store: string,
      players: number,
      serverMs: number,
      postgresMs: number | null,
    ) => ({
      name,
      store,
      players,
      serverMs,
      postgresMs,
    });
    const targets = cpuTargets([
      row(CHAIN, "in-memory wallet", 8, 0.2, null),
      row(CHAIN, "in-memory wallet", 64, 0.25, null),
      row("real-money dice bet", "PostgreSQL", 64, 0.7, 0.6),
      row("demo dice bet", "PostgreSQL", 8, 0.17, 0.1),
      row("real-money dice bet", EMBEDDED, 8, 0.4, null),
      row("real-money dice bet", EMBEDDED, 64, 9, null),
    ]);
    expect(
      targets.map((t) => [t.what, t.store, t.players, Number(t.value?.toFixed(6)), t.limit, t.met]),
    ).toEqual([
      ["real-money dice bet: RGS CPU / floor chain server CPU", "PostgreSQL", 64, 2.8, 3, true],
      ["real-money dice bet: PostgreSQL CPU", "PostgreSQL", 64, 0.6, 0.5, false],
      ["demo dice bet: RGS CPU / floor chain server CPU", "PostgreSQL", 8, 0.85, 0.75, false],
      ["demo dice bet: PostgreSQL CPU", "PostgreSQL", 8, 0.1, 0.125, true],
      ["real-money dice bet: RGS CPU / floor chain server CPU", EMBEDDED, 8, 2, 1.5, false],
    ]);
  });
});
