import { describe, expect, it } from "vitest";
import { withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare } from "../../../src/analysis/stats.ts";
import { analyze, dartsGame } from "../../../src/games/darts/index.ts";
import { ZONES, type Zone } from "../../../src/games/darts/paytable.ts";
import { RISKS } from "../../../src/games/risk.ts";
import { dec, rat } from "../../../src/math/rational.ts";
import { contextFor, declaredRtps, floatsOf, parseContext, rounds } from "../plinko/harness.ts";

const RTP_99 = rat(99, 100);
const MAX_WIN = 10n ** 12n;

/**
 * Cells of the 1024 x 1024 grid strictly inside radius r of the centre, counted column by column from the
 * circle's equation (not by the game's zone function): column dx (odd, doubled coordinates) holds the odd dy
 * with dy^2 < 4r^2 - dx^2.
 */
function cellsInside(radius: number): number {
  let cells = 0;
  for (let dx = -1023; dx <= 1023; dx += 2) {
    const room = 4 * radius * radius - dx * dx;
    if (room <= 0) continue;
    let reach = Math.floor(Math.sqrt(room));
    while (reach * reach >= room) reach--;
    const odd = reach % 2 === 1 ? reach : reach - 1;
    if (odd >= 1) cells += odd + 1;
  }
  return cells;
}

function zoneProbabilities(): Record<Zone, number> {
  const disc = (r: number) => cellsInside(r);
  const total = 1024 * 1024;
  return {
    bullseye: disc(16) / total,
    bull: (disc(40) - disc(16)) / total,
    single: (disc(253) - disc(40) + disc(415) - disc(274)) / total,
    treble: (disc(274) - disc(253)) / total,
    double: (disc(435) - disc(415)) / total,
    miss: (total - disc(435)) / total,
  };
}

describe("darts maths", () => {
  it("stays within 0.01 pp of every declared RTP at every risk", () => {
    const rtps = declaredRtps("darts");
    expect(rtps).toHaveLength(4);
    for (const rtp of rtps) {
      const reports = analyze(rtp);
      expect(reports.map((r) => r.configuration)).toEqual(["risk=low", "risk=medium", "risk=high"]);
      for (const report of reports) expect(withinTolerance(report.rtp, rtp), report.configuration).toBe(true);
    }
  });

  it("uses zone areas that match the circle geometry, with the bullseye the rarest and largest win", () => {
    const reports = analyze(RTP_99);
    const p = zoneProbabilities();
    expect(p.bullseye).toBeCloseTo(812 / 2 ** 20, 12);
    expect(reports[2]?.maxMultiplier).toEqual(dec("464.7"));
    // High risk pays only bullseye, bull, treble and double.
    expect(reports[2]?.hitFrequency).toEqual(rat(812 + 4212 + 34812 + 53444, 2 ** 20));
    expect(reports[0]?.hitFrequency).toEqual(rat(1));
  });
});

describe("darts through the production path", () => {
  const expected = () => {
    const p = zoneProbabilities();
    return ZONES.map((zone) => p[zone]);
  };

  it("lands in each zone as often as its area says (chi-square, 30,000 darts)", () => {
    const counts = new Map<Zone, number>(ZONES.map((z) => [z, 0]));
    for (const ctx of rounds(30_000)) {
      const zone = dartsGame.start(
        { stake: 100n, params: { risk: "low" }, rtp: RTP_99, maxWin: MAX_WIN },
        ctx,
      ).view.zone;
      counts.set(zone, (counts.get(zone) ?? 0) + 1);
    }
    expect(chiSquare([...counts.values()], expected(), 30_000).pValue).toBeGreaterThan(1e-4);
  });

  it("would catch rings measured in cells instead of doubled coordinates (every ring half its size)", () => {
    const counts = new Map<Zone, number>(ZONES.map((z) => [z, 0]));
    for (const ctx of rounds(30_000)) {
      const dx = 2 * ctx.random.nextInt(1024) - 1023;
      const dy = 2 * ctx.random.nextInt(1024) - 1023;
      const d2 = dx * dx + dy * dy;
      const rings: [Zone, number][] = [
        ["bullseye", 16],
        ["bull", 40],
        ["single", 253],
        ["treble", 274],
        ["single", 415],
        ["double", 435],
      ];
      const zone = rings.find(([, r]) => d2 < r * r)?.[0] ?? "miss";
      counts.set(zone, (counts.get(zone) ?? 0) + 1);
    }
    expect(chiSquare([...counts.values()], expected(), 30_000).pValue).toBeLessThan(1e-4);
  });

  it("reproduces the published example of docs/games/darts.md", () => {
    const seeds = {
      serverSeed: "3f1c9a7e5b2d4f6081a2c3e4d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718",
      clientSeed: "lucky-player",
      nonce: 33,
    };
    expect(floatsOf(seeds, 2).map((f) => f.toFixed(10))).toEqual(["0.2517794869", "0.4792394082"]);
    const step = dartsGame.start(
      { stake: 1000n, params: { risk: "medium" }, rtp: RTP_99, maxWin: MAX_WIN },
      contextFor(seeds),
    );
    expect(step.view).toMatchObject({ x: 257, y: 490, zone: "treble", multiplier: "6.0000", payout: "6000" });
  });
});

describe("darts rounds", () => {
  it("settles at start, hides the server seed, abandons without moving money", () => {
    const ctx = contextFor({ serverSeed: "darts-secret", clientSeed: "c", nonce: 1 });
    const step = dartsGame.start({ stake: 50n, params: { risk: "high" }, rtp: RTP_99, maxWin: MAX_WIN }, ctx);
    expect(step.closed).toBe(true);
    expect(step.ops[0]).toEqual({ kind: "debit", amount: 50n, reason: "bet" });
    expect(step.ops[1]).toMatchObject({
      kind: "credit",
      amount: BigInt(step.view.payout),
      closesRound: true,
    });
    expect(JSON.stringify(step.view)).not.toContain("darts-secret");
    expect(dartsGame.abandon(step.state, ctx)).toMatchObject({ closed: true, ops: [], view: step.view });
  });

  it("caps the payout at the bullseye", () => {
    expect(dartsGame.maxPayout({ risk: "high" }, 100n, RTP_99)).toBe(46_470n);
    expect(dartsGame.maxPayout({ risk: "low" }, 100n, rat(96, 100))).toBe(4_995n);
  });

  it("refuses invalid params with specific errors", () => {
    const parse = (input: unknown, rtp = RTP_99) => dartsGame.parseParams(input, parseContext(rtp));
    for (const risk of RISKS) expect(parse({ risk })).toEqual({ ok: true, value: { risk } });
    expect(parse({ risk: "extreme" })).toMatchObject({
      ok: false,
      detail: "risk must be one of low, medium, high",
    });
    expect(parse({})).toMatchObject({ ok: false, error: "invalid_risk" });
    expect(parse(null)).toMatchObject({ ok: false, error: "invalid_params" });
    expect(parse({ risk: "low", darts: 3 })).toMatchObject({
      ok: false,
      detail: 'unknown parameter "darts"',
    });
    expect(parse({ risk: "low" }, rat(97, 100))).toMatchObject({ ok: true });
    expect(parse({ risk: "low" }, rat(95, 100))).toMatchObject({ ok: false, error: "rtp_not_offered" });
  });
});
