import { describe, expect, it } from "vitest";
import { cpuBound, parseProcStat, perOperation } from "../../bench/process-cpu.ts";

/** A /proc/<pid>/stat line with utime 11, stime 12, cutime 13, cstime 14 and a start time of 396609. */
const stat = (pid: number, comm: string, ppid: number) =>
  `${pid} (${comm}) S ${ppid} 25459 20414 0 -1 4194304 100 0 0 0 11 12 13 14 20 0 1 0 396609 3133440 412`;

describe("the benchmark's per-process CPU accounting", () => {
  it("reads a process's own and reaped children's time, whatever its command name holds", () => {
    expect(parseProcStat(stat(42, "node", 7))).toEqual({ pid: 42, ppid: 7, ticks: 50, startTicks: 396609 });
    expect(parseProcStat(stat(43, "a) S 1 (b", 9))).toEqual({
      pid: 43,
      ppid: 9,
      ticks: 50,
      startTicks: 396609,
    });
    expect(parseProcStat("garbage")).toBeUndefined();
  });

  it("divides each process's time by the operations of the window and the machine's capacity", () => {
    const cpu = perOperation(
      { name: "real-money dice bet", store: "PostgreSQL", perSecond: 400, completed: 2000 },
      {
        windowMs: 5000,
        loadGeneratorMs: 1000,
        serverMs: 4000,
        walletMs: 1000,
        postgresMs: 2000,
        machineMs: 9500,
      },
      2,
    );
    expect(cpu).toMatchObject({
      loadGeneratorMs: 0.5,
      serverMs: 2,
      walletMs: 0.5,
      postgresMs: 1,
      totalMs: 4,
      share: 0.8,
      machineBusyShare: 0.95,
    });
    expect(cpuBound(2, cpu.totalMs)).toBe(500);
  });

  it("leaves out the processes a measurement does not involve", () => {
    const cpu = perOperation(
      { name: "bare Fastify route", store: "none", perSecond: 100, completed: 500 },
      {
        windowMs: 5000,
        loadGeneratorMs: 500,
        serverMs: 500,
        walletMs: null,
        postgresMs: null,
        machineMs: 1000,
      },
      2,
    );
    expect(cpu).toMatchObject({ walletMs: null, postgresMs: null, totalMs: 2 });
  });
});
