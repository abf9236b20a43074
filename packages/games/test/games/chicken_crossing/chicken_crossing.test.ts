import { describe, expect, it } from "vitest";
import { RTP_TOLERANCE, withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare } from "../../../src/analysis/stats.ts";
import { firstWordOf, latticeProbability } from "../../../src/fair/lattice.ts";
import {
  analyze,
  type ChickenState,
  DIFFICULTIES,
  type Difficulty,
  chickenCrossingGame as game,
  LANES,
  laneSafety,
  latticeLaneSafety,
  multiplierAfter,
  OUTCOMES_PER_LANE,
  probabilityOfLanes,
  rtpRange,
  stopAtRtp,
} from "../../../src/games/chicken_crossing/index.ts";
import { cmp, eq, mul, payout, rat, sub, toNumber } from "../../../src/math/rational.ts";
import { type LadderPlayer, ladderHarness, type Strategy } from "../ladder-harness.ts";
import { CATALOG_RTPS, STAKE, wordsSource } from "../production.ts";

const ladder = ladderHarness(game, { serverSeed: "chicken-server-seed", clientSeed: "chicken-client-seed" });
const { rtp, parseCtx, seedsOf, paramsOf, startRound, act, refusal, credit, abandon } = ladder;
const DECLARED = [...CATALOG_RTPS.slice(0, 3), rat(965, 1000)];

/** A scripted road: lanes with a car get word 0, safe lanes the last word. */
const road = (cars: number[]) =>
  wordsSource(Array.from({ length: LANES }, (_, lane) => (cars.includes(lane) ? 0 : 2 ** 32 - 1)));

describe("chicken crossing maths", () => {
  it.each(DECLARED)("the ladder is a martingale in every state of every difficulty at RTP %o", (declared) => {
    for (const difficulty of DIFFICULTIES) {
      const p = laneSafety(difficulty);
      expect(eq(mul(multiplierAfter(1, difficulty, declared), p), declared)).toBe(true);
      for (let k = 0; k < LANES; k++) {
        expect(
          eq(mul(p, multiplierAfter(k + 1, difficulty, declared)), multiplierAfter(k, difficulty, declared)),
        ).toBe(true);
        expect(
          eq(mul(multiplierAfter(k, difficulty, declared), probabilityOfLanes(k, difficulty)), declared),
        ).toBe(true);
      }
    }
  });

  it.each(DECLARED)(
    "every stopping lane returns the RTP within 0.01 pp over the lattice, never above, at %o",
    (declared) => {
      for (const difficulty of DIFFICULTIES) {
        const { lowest, highest } = rtpRange(difficulty, declared);
        expect(withinTolerance(lowest, declared)).toBe(true);
        expect(cmp(highest, declared)).toBeLessThanOrEqual(0);
        // Worst case, at the top of the daredevil road: a shortfall below one part in 10^7.
        expect(cmp(sub(declared, lowest), rat(1, 10_000_000))).toBeLessThan(0);
        expect(cmp(sub(declared, lowest), RTP_TOLERANCE)).toBeLessThan(0);
      }
      for (const report of analyze(declared)) expect(withinTolerance(report.rtp, declared)).toBe(true);
    },
  );

  it("counts a lane's lattice words exactly", () => {
    expect(latticeLaneSafety("easy")).toEqual(rat(2n ** 32n - firstWordOf(25, 1), 2n ** 32n));
    expect(Number(firstWordOf(25, 1))).toBe(171_798_692);
    expect(eq(stopAtRtp(0, "hard", rtp), rtp)).toBe(true);
  });

  it("tops each ladder at RTP x (25 / (25 - cars))^24", () => {
    const cars: Record<Difficulty, number> = { easy: 1, medium: 3, hard: 5, daredevil: 10 };
    for (const difficulty of DIFFICULTIES) {
      const top = toNumber(multiplierAfter(LANES, difficulty, rtp));
      const expected = 0.97 * (25 / (25 - cars[difficulty])) ** LANES;
      expect(Math.abs(top / expected - 1)).toBeLessThan(1e-12);
    }
  });
});

describe("chicken crossing rules", () => {
  it("crosses lane by lane and loses on the first car", () => {
    let step = startRound(road([2]), "medium");
    expect(step.ops).toEqual([{ kind: "debit", amount: STAKE, reason: "bet" }]);
    step = act(step, { action: "step" });
    step = act(step, { action: "step" });
    expect(step.view).toMatchObject({ crossed: 2, carLanes: null });
    expect(step.view.multiplierExact).toBe(
      `${multiplierAfter(2, "medium", rtp).num}/${multiplierAfter(2, "medium", rtp).den}`,
    );
    step = act(step, { action: "step" });
    expect(step.closed).toBe(true);
    expect(credit(step)).toBe(0n);
    expect(step.view.carLanes).toEqual([2]);
  });

  it("cashes out at the value of the lanes crossed, rounded down once", () => {
    let step = startRound(road([]), "hard", 777n);
    for (let i = 0; i < 5; i++) step = act(step, { action: "step" });
    step = act(step, { action: "cash_out" });
    expect(credit(step)).toBe(payout(777n, multiplierAfter(5, "hard", rtp)));
    expect(step.state.status).toBe("cashed_out");
  });

  it("closes at the far side of the road, paying the top of the ladder", () => {
    let step = startRound(road([]), "daredevil");
    for (let i = 0; i < LANES; i++) step = act(step, { action: "step" });
    expect(step).toMatchObject({ closed: true, state: { status: "completed" } });
    expect(credit(step)).toBe(game.maxPayout(paramsOf("daredevil"), STAKE, rtp));
  });

  it("cashes out automatically when the next lane would exceed the maximum win", () => {
    const maxWin = payout(STAKE, multiplierAfter(4, "daredevil", rtp));
    let step = startRound(road([]), "daredevil", STAKE, maxWin);
    for (let i = 0; i < 3; i++) step = act(step, { action: "step" });
    expect(step.closed).toBe(false);
    step = act(step, { action: "step" });
    expect(step).toMatchObject({ closed: true, note: "max_win_reached" });
    expect(credit(step)).toBe(maxWin);
    const refused = startRound(
      road([]),
      "daredevil",
      STAKE,
      payout(STAKE, multiplierAfter(1, "daredevil", rtp)) - 1n,
    );
    expect(refused).toMatchObject({ closed: true, ops: [], note: "bet_exceeds_max_win" });
  });

  it("refuses illegal actions and params with specific errors", () => {
    const step = startRound(road([0]), "easy");
    expect(refusal(step, { action: "cash_out" })).toBe("no_step_taken");
    expect(refusal(step, { action: "jump" })).toBe("unknown_action");
    expect(refusal(step, { action: "step", params: { lane: 3 } })).toBe("invalid_params");
    expect(refusal(step, null)).toBe("invalid_action");
    const lost = act(step, { action: "step" });
    expect(refusal(lost, { action: "step" })).toBe("round_closed");
    expect(refusal(lost, { action: "cash_out" })).toBe("round_closed");
    for (const bad of [{}, { difficulty: "extreme" }, { difficulty: "easy", lanes: 3 }, "easy"]) {
      expect(game.parseParams(bad, parseCtx).ok).toBe(false);
    }
    expect(game.parseParams({ difficulty: "extreme" }, parseCtx)).toMatchObject({
      error: "invalid_difficulty",
    });
  });

  it("abandon settles at the state's value: RTP before the first lane", () => {
    const fresh = startRound(road([]), "medium");
    expect(credit(abandon(fresh.state))).toBe(payout(STAKE, rtp));
    const twice = act(act(fresh, { action: "step" }), { action: "step" });
    const settled = abandon(twice.state);
    expect(credit(settled)).toBe(payout(STAKE, multiplierAfter(2, "medium", rtp)));
    expect(settled.state.status).toBe("abandoned");
  });

  it("the open view never shows the lanes ahead: two roads with the same past show the same view", () => {
    let a = startRound(road([5, 9]), "hard");
    let b = startRound(road([3, 4, 20]), "hard");
    expect(JSON.stringify(a.view)).toBe(JSON.stringify(b.view));
    a = act(act(a, { action: "step" }), { action: "step" });
    b = act(act(b, { action: "step" }), { action: "step" });
    expect(JSON.stringify(a.view)).toBe(JSON.stringify(b.view));
    expect(JSON.stringify(a.view)).not.toMatch(/laneOutcomes|"maxWin"/);
  });
});

const crossing: LadderPlayer<ChickenState> = {
  stepsTaken: (state) => state.crossed,
  climb: () => ({ action: "step" }),
};

const playRound = (nonce: number, difficulty: Difficulty, strategy: Strategy) =>
  ladder.playRound(nonce, difficulty, strategy, crossing);

describe("chicken crossing through the production path", () => {
  it("draws lane outcomes uniformly over 25 (chi-square against the lattice counts)", () => {
    const counts = new Array<number>(OUTCOMES_PER_LANE).fill(0);
    const rounds = 2_000;
    for (let nonce = 0; nonce < rounds; nonce++) {
      for (const outcome of startRound(seedsOf(nonce), "easy").state.laneOutcomes)
        counts[outcome] = (counts[outcome] ?? 0) + 1;
    }
    const expected = Array.from({ length: OUTCOMES_PER_LANE }, (_, k) =>
      toNumber(latticeProbability(OUTCOMES_PER_LANE, k)),
    );
    expect(chiSquare(counts, expected, rounds * LANES).pValue).toBeGreaterThan(1e-4);
  });

  it("lanes crossed before the first car follow the geometric law (chi-square)", () => {
    const rounds = 5_000;
    const counts = new Array<number>(LANES + 1).fill(0);
    for (let nonce = 0; nonce < rounds; nonce++) {
      const { laneOutcomes } = startRound(seedsOf(nonce), "daredevil").state;
      const firstCar = laneOutcomes.findIndex((o) => o < 10);
      const k = firstCar < 0 ? LANES : firstCar;
      counts[k] = (counts[k] ?? 0) + 1;
    }
    const s = toNumber(laneSafety("daredevil"));
    const expected = Array.from({ length: LANES + 1 }, (_, k) => (k < LANES ? s ** k * (1 - s) : s ** LANES));
    expect(chiSquare(counts, expected, rounds).pValue).toBeGreaterThan(1e-4);
  });

  ladder.itReturnsTheRtp(
    [
      ["random", "medium"],
      ["random", "daredevil"],
      ["first_lane", "daredevil"],
    ] as const,
    crossing,
  );

  it("replays from the same seeds and actions, and the reveal recomputes the road", () => {
    const first = playRound(11, "hard", "random");
    expect(playRound(11, "hard", "random")).toEqual(first);
    const revealed = game.reveal(first.state) as ChickenState;
    const random = seedsOf(11);
    expect(revealed.laneOutcomes).toEqual(
      Array.from({ length: LANES }, (_, i) => random.int(i, OUTCOMES_PER_LANE)),
    );
    expect(revealed.laneOutcomes).toHaveLength(LANES);
  });
});
