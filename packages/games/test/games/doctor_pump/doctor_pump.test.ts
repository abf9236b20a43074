import { describe, expect, it } from "vitest";
import { RTP_TOLERANCE, withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare } from "../../../src/analysis/stats.ts";
import { firstWordOf, latticeCount, latticeProbability } from "../../../src/fair/lattice.ts";
import type { FairRandom } from "../../../src/fair/random.ts";
import {
  analyze,
  DIFFICULTIES,
  type Difficulty,
  doctorPumpGame as game,
  latticeProbabilityOfPumps,
  maxPumps,
  multiplierAfter,
  POPS,
  type PumpState,
  probabilityOfPumps,
  rtpRange,
  STEPS,
} from "../../../src/games/doctor_pump/index.ts";
import { cmp, div, eq, mul, payout, rat, sub, toNumber } from "../../../src/math/rational.ts";
import { type LadderPlayer, ladderHarness, type Strategy } from "../ladder-harness.ts";
import { STAKE, wordsSource } from "../production.ts";

const ladder = ladderHarness(game, { serverSeed: "pump-server-seed", clientSeed: "pump-client-seed" });
const { rtp, parseCtx, seedsOf, paramsOf, startRound, act, refusal, credit, abandon } = ladder;

/**
 * A stream whose pops land on the given steps: draw j takes the index of the wanted step among those left.
 */
function balloon(popSteps: number[]): FairRandom {
  const left = Array.from({ length: STEPS }, (_, i) => i);
  const words = popSteps.map((popStep, j) => {
    const index = left.indexOf(popStep);
    left.splice(index, 1);
    return Number(firstWordOf(STEPS - j, index));
  });
  return wordsSource(words);
}

describe("doctor pump maths", () => {
  it.each([rat(97, 100), rat(99, 100)])("the ladder is a martingale in every state at RTP %o", (declared) => {
    for (const difficulty of DIFFICULTIES) {
      expect(
        eq(mul(multiplierAfter(1, difficulty, declared), probabilityOfPumps(1, difficulty)), declared),
      ).toBe(true);
      for (let k = 0; k < maxPumps(difficulty); k++) {
        // P(pump k+1 survives | k survived) = (25 - pops - k) / (25 - k).
        const p = rat(STEPS - POPS[difficulty] - k, STEPS - k);
        expect(
          eq(mul(p, multiplierAfter(k + 1, difficulty, declared)), multiplierAfter(k, difficulty, declared)),
        ).toBe(true);
        expect(eq(div(probabilityOfPumps(k + 1, difficulty), probabilityOfPumps(k, difficulty)), p)).toBe(
          true,
        );
      }
    }
  });

  it("every stopping pump returns the RTP within 0.01 pp over the lattice, never above", () => {
    for (const difficulty of DIFFICULTIES) {
      const { lowest, highest } = rtpRange(difficulty, rtp);
      expect(withinTolerance(lowest, rtp)).toBe(true);
      expect(cmp(highest, rtp)).toBeLessThanOrEqual(0);
      expect(cmp(sub(rtp, lowest), rat(1, 10_000_000))).toBeLessThan(0);
      expect(cmp(sub(rtp, lowest), RTP_TOLERANCE)).toBeLessThan(0);
    }
    for (const report of analyze(rtp)) expect(withinTolerance(report.rtp, rtp)).toBe(true);
  });

  it("counts the lattice exactly: the sorted-list formula matches a brute force over every draw (3 pops)", () => {
    // Every index sequence of the three draws, weighted by its lattice words, through the real Fisher-Yates mapping.
    const safeWords = new Array<bigint>(maxPumps("medium") + 1).fill(0n);
    for (let i0 = 0; i0 < STEPS; i0++)
      for (let i1 = 0; i1 < STEPS - 1; i1++)
        for (let i2 = 0; i2 < STEPS - 2; i2++) {
          const left = Array.from({ length: STEPS }, (_, i) => i);
          const pops = [i0, i1, i2].map((index) => left.splice(index, 1)[0] as number);
          const weight = latticeCount(STEPS, i0) * latticeCount(STEPS - 1, i1) * latticeCount(STEPS - 2, i2);
          const firstPop = Math.min(...pops);
          for (let k = 0; k <= Math.min(firstPop, safeWords.length - 1); k++)
            safeWords[k] = (safeWords[k] as bigint) + weight;
        }
    safeWords.forEach((words, k) => {
      expect(latticeProbabilityOfPumps(k, "medium")).toEqual(rat(words, 2n ** 96n));
    });
  });

  it("tops the ladders at RTP x C(25, 25 - pops)", () => {
    expect(multiplierAfter(24, "easy", rtp)).toEqual(mul(rtp, rat(25)));
    expect(multiplierAfter(15, "expert", rtp)).toEqual(mul(rtp, rat(3_268_760)));
  });
});

describe("doctor pump rules", () => {
  it("places the pops where the stream says and pops on the first popping step", () => {
    let step = startRound(balloon([3, 0, 7]), "medium");
    expect(step.state.pops).toEqual([3, 0, 7]);
    step = startRound(balloon([4, 9, 2]), "medium");
    expect(step.ops).toEqual([{ kind: "debit", amount: STAKE, reason: "bet" }]);
    step = act(step, { action: "pump" });
    step = act(step, { action: "pump" });
    expect(step.view).toMatchObject({ pumps: 2, pops: null, popCount: 3, maxPumps: 22 });
    step = act(step, { action: "pump" });
    expect(step).toMatchObject({ closed: true, state: { status: "lost" } });
    expect(credit(step)).toBe(0n);
    expect(step.view.pops).toEqual([2, 4, 9]);
  });

  it("cashes out at the ladder's value, rounded down once", () => {
    let step = startRound(balloon([20, 21, 22, 23, 24]), "hard", 999n);
    for (let i = 0; i < 6; i++) step = act(step, { action: "pump" });
    step = act(step, { action: "cash_out" });
    expect(credit(step)).toBe(payout(999n, multiplierAfter(6, "hard", rtp)));
  });

  it("closes at the top once every safe step is pumped", () => {
    let step = startRound(balloon([24]), "easy");
    for (let i = 0; i < 24; i++) step = act(step, { action: "pump" });
    expect(step).toMatchObject({ closed: true, state: { status: "completed" } });
    expect(credit(step)).toBe(game.maxPayout(paramsOf("easy"), STAKE, rtp));
  });

  it("cashes out automatically when the next pump would exceed the maximum win", () => {
    const maxWin = payout(STAKE, multiplierAfter(3, "expert", rtp));
    let step = startRound(balloon([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]), "expert", STAKE, maxWin);
    step = act(act(step, { action: "pump" }), { action: "pump" });
    expect(step.closed).toBe(false);
    step = act(step, { action: "pump" });
    expect(step).toMatchObject({ closed: true, note: "max_win_reached" });
    expect(credit(step)).toBe(maxWin);
    const refused = startRound(
      balloon([0]),
      "easy",
      STAKE,
      payout(STAKE, multiplierAfter(1, "easy", rtp)) - 1n,
    );
    expect(refused).toMatchObject({ closed: true, ops: [], note: "bet_exceeds_max_win" });
  });

  it("refuses illegal actions and params with specific errors", () => {
    const step = startRound(balloon([0]), "easy");
    expect(refusal(step, { action: "cash_out" })).toBe("no_step_taken");
    expect(refusal(step, { action: "step" })).toBe("unknown_action");
    expect(refusal(step, { action: "pump", params: { times: 2 } })).toBe("invalid_params");
    expect(refusal(step, { action: "pump", extra: true })).toBe("invalid_action");
    const popped = act(step, { action: "pump" });
    expect(refusal(popped, { action: "pump" })).toBe("round_closed");
    expect(refusal(popped, { action: "cash_out" })).toBe("round_closed");
    for (const bad of [{}, { difficulty: "insane" }, { difficulty: "easy", pops: 2 }, null]) {
      expect(game.parseParams(bad, parseCtx).ok).toBe(false);
    }
  });

  it("abandon settles at the state's value: RTP before the first pump", () => {
    const fresh = startRound(balloon([12, 13, 14]), "medium");
    expect(credit(abandon(fresh.state))).toBe(payout(STAKE, rtp));
    const pumped = act(act(act(fresh, { action: "pump" }), { action: "pump" }), { action: "pump" });
    const settled = abandon(pumped.state);
    expect(credit(settled)).toBe(payout(STAKE, multiplierAfter(3, "medium", rtp)));
  });

  it("the open view never shows the pops: two balloons with the same past show the same view", () => {
    let a = startRound(balloon([5, 9, 11, 20, 24]), "hard");
    let b = startRound(balloon([2, 3, 4, 6, 8]), "hard");
    expect(JSON.stringify(a.view)).toBe(JSON.stringify(b.view));
    a = act(act(a, { action: "pump" }), { action: "pump" });
    b = act(act(b, { action: "pump" }), { action: "pump" });
    expect(JSON.stringify(a.view)).toBe(JSON.stringify(b.view));
    expect(a.view.pops).toBeNull();
  });
});

const pumper: LadderPlayer<PumpState> = {
  stepsTaken: (state) => state.pumps,
  climb: () => ({ action: "pump" }),
};

const playRound = (nonce: number, difficulty: Difficulty, strategy: Strategy) =>
  ladder.playRound(nonce, difficulty, strategy, pumper);

describe("doctor pump through the production path", () => {
  it("places a single pop uniformly over the 25 steps (chi-square against the lattice counts)", () => {
    const rounds = 5_000;
    const counts = new Array<number>(STEPS).fill(0);
    for (let nonce = 0; nonce < rounds; nonce++) {
      const [pop] = startRound(seedsOf(nonce), "easy").state.pops;
      counts[pop as number] = (counts[pop as number] ?? 0) + 1;
    }
    const expected = Array.from({ length: STEPS }, (_, k) => toNumber(latticeProbability(STEPS, k)));
    expect(chiSquare(counts, expected, rounds).pValue).toBeGreaterThan(1e-4);
  });

  it.each(["medium", "expert"] as const)(
    "safe pumps before the first pop follow the hypergeometric law (%s)",
    (difficulty) => {
      const rounds = 5_000;
      const top = maxPumps(difficulty);
      const counts = new Array<number>(top + 1).fill(0);
      for (let nonce = 0; nonce < rounds; nonce++) {
        const first = Math.min(...startRound(seedsOf(nonce), difficulty).state.pops);
        counts[first] = (counts[first] ?? 0) + 1;
      }
      const expected = Array.from({ length: top + 1 }, (_, k) =>
        toNumber(
          sub(probabilityOfPumps(k, difficulty), k < top ? probabilityOfPumps(k + 1, difficulty) : rat(0)),
        ),
      );
      expect(chiSquare(counts, expected, rounds).pValue).toBeGreaterThan(1e-4);
    },
  );

  ladder.itReturnsTheRtp(
    [
      ["random", "medium"],
      ["random", "expert"],
      ["first_pump", "expert"],
    ] as const,
    pumper,
  );

  it("replays from the same seeds and actions, and the reveal recomputes the pops", () => {
    const first = playRound(5, "hard", "random");
    expect(playRound(5, "hard", "random")).toEqual(first);
    const revealed = game.reveal(first.state) as PumpState;
    expect(revealed.pops).toEqual(seedsOf(5).reader().drawWithoutReplacement(STEPS, POPS.hard));
  });
});
