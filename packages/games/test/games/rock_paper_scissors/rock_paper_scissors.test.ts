import { describe, expect, it } from "vitest";
import { withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare, Moments, meanWithinStandardErrors } from "../../../src/analysis/stats.ts";
import { firstWordOf, LATTICE_SIZE, latticeCount } from "../../../src/fair/lattice.ts";
import { nodeHmacSha256 } from "../../../src/fair/node-hmac.ts";
import { FairRandom } from "../../../src/fair/random.ts";
import {
  analyze,
  rockPaperScissorsGame as game,
  HANDS,
  type Hand,
  MAX_WINS,
  multiplierAfter,
  RESULT_OF_OUTCOME,
  type RpsAction,
  type RpsState,
} from "../../../src/games/rock_paper_scissors/index.ts";
import { eq, mul, payout, type Rational, rat, toNumber } from "../../../src/math/rational.ts";
import type { Step } from "../../../src/model.ts";
import { CATALOG_RTPS, STAKE, wordsSource } from "../production.ts";

type RpsStep = Step<RpsState, ReturnType<typeof game.start>["view"]>;

const rtp = rat(97, 100);
const parseCtx = { rtp, decimals: 2 };
const NO_LIMIT = 10n ** 30n;

const seedsOf = (nonce: number, serverSeed = "rps-server-seed") =>
  new FairRandom(nodeHmacSha256, { serverSeed, clientSeed: "rps-client-seed", nonce });

function startRound(random: FairRandom, stake = STAKE, maxWin = NO_LIMIT, declared = rtp): RpsStep {
  return game.start({ stake, params: {}, rtp: declared, maxWin }, { random: random.reader(), now: 0 });
}

/** The engine's loop: parse the input against the state, then act with the stream positioned where the state says. */
function act(random: FairRandom, step: RpsStep, input: unknown): RpsStep {
  const parsed = game.parseAction?.(input, step.state, parseCtx);
  if (!parsed?.ok) throw new Error(`refused: ${parsed?.ok === false ? parsed.error : "no parser"}`);
  return game.act?.(step.state, parsed.value, {
    random: random.reader(step.state.randomPosition),
    now: 0,
  }) as RpsStep;
}

const refusal = (step: RpsStep, input: unknown) => {
  const parsed = game.parseAction?.(input, step.state, parseCtx);
  return parsed?.ok === false ? parsed.error : "accepted";
};

const credit = (step: RpsStep) => {
  const op = step.ops.at(-1);
  if (op?.kind !== "credit" || !op.closesRound) throw new Error("round did not close with a credit");
  return op.amount;
};

/** Words giving throw outcome d (0 tie, 1 win, 2 loss) for a scripted stream. */
const wordFor = (outcome: number) => Number(firstWordOf(3, outcome));
const throwInput = (hand: Hand) => ({ action: "throw", params: { hand } });

describe("rock paper scissors maths", () => {
  it("P(win | decided) is exactly 1/2 on the 2^32 lattice", () => {
    const counts = RESULT_OF_OUTCOME.map((_, d) => latticeCount(3, d));
    const win = counts[RESULT_OF_OUTCOME.indexOf("win")] as bigint;
    const loss = counts[RESULT_OF_OUTCOME.indexOf("loss")] as bigint;
    const tie = counts[RESULT_OF_OUTCOME.indexOf("tie")] as bigint;
    expect(win).toBe(loss);
    expect(win + loss + tie).toBe(LATTICE_SIZE);
  });

  it.each(CATALOG_RTPS)("the streak value is a martingale in every state at RTP %o", (declared) => {
    const win = rat(latticeCount(3, 1), latticeCount(3, 1) + latticeCount(3, 2));
    expect(eq(multiplierAfter(0, declared), declared)).toBe(true);
    expect(eq(mul(win, multiplierAfter(1, declared)), declared)).toBe(true);
    for (let n = 0; n < MAX_WINS; n++) {
      expect(eq(mul(win, multiplierAfter(n + 1, declared)), multiplierAfter(n, declared))).toBe(true);
    }
    for (const report of analyze(declared)) {
      expect(eq(report.rtp, declared)).toBe(true);
      expect(withinTolerance(report.rtp, declared)).toBe(true);
    }
    expect(toNumber(analyze(declared).at(-1)?.maxMultiplier ?? rat(0))).toBe(toNumber(declared) * 2 ** 20);
  });

  it("rounds only the payout, down, once: a win pays floor(stake x RTP x 2^n)", () => {
    const random = wordsSource([wordFor(1), wordFor(1), wordFor(1)]);
    let step = startRound(random, 333n);
    for (let i = 0; i < 3; i++) step = act(random, step, throwInput("rock"));
    step = act(random, step, { action: "cash_out" });
    expect(credit(step)).toBe(payout(333n, multiplierAfter(3, rtp)));
    expect(credit(step)).toBe((333n * 97n * 8n) / 100n);
  });
});

describe("rock paper scissors rules", () => {
  it("maps the word to the house hand relative to the player's throw", () => {
    for (const hand of HANDS) {
      const random = wordsSource([wordFor(0), wordFor(1), wordFor(2)]);
      let step = startRound(random);
      step = act(random, step, throwInput(hand));
      step = act(random, step, throwInput(hand));
      step = act(random, step, throwInput(hand));
      const throws = step.view.throws;
      expect(throws.map((t) => t.result)).toEqual(["tie", "win", "loss"]);
      expect(throws[0]?.house).toBe(hand);
      const beats: Record<Hand, Hand> = { rock: "scissors", paper: "rock", scissors: "paper" };
      expect(throws[1]?.house).toBe(beats[hand]);
      expect(beats[throws[2]?.house as Hand]).toBe(hand);
      expect(step.closed).toBe(true);
      expect(credit(step)).toBe(0n);
    }
  });

  it("a tie is a push: the streak and its value stay, the next throw reads the next word", () => {
    const random = wordsSource([wordFor(1), wordFor(0), wordFor(0), wordFor(1)]);
    let step = startRound(random);
    step = act(random, step, throwInput("paper"));
    step = act(random, step, throwInput("paper"));
    step = act(random, step, throwInput("paper"));
    expect(step.state.wins).toBe(1);
    expect(step.view.multiplier).toBe("1.9400");
    expect(step.state.randomPosition).toBe(3);
    step = act(random, step, throwInput("paper"));
    expect(step.view).toMatchObject({ wins: 2, multiplier: "3.8800", nextMultiplier: "7.7600" });
  });

  it("closes at the top on the 20th win, paying RTP x 2^20", () => {
    const random = wordsSource(new Array(MAX_WINS).fill(wordFor(1)));
    let step = startRound(random);
    for (let i = 0; i < MAX_WINS; i++) {
      expect(step.closed).toBe(false);
      step = act(random, step, throwInput("scissors"));
    }
    expect(step.closed).toBe(true);
    expect(step.state.status).toBe("completed");
    expect(credit(step)).toBe(payout(STAKE, multiplierAfter(MAX_WINS, rtp)));
    expect(game.maxPayout({}, STAKE, rtp)).toBe(credit(step));
  });

  it("cashes out automatically when the next win would exceed the maximum win", () => {
    const maxWin = payout(STAKE, multiplierAfter(3, rtp));
    const random = wordsSource([wordFor(1), wordFor(1), wordFor(1), wordFor(1)]);
    let step = startRound(random, STAKE, maxWin);
    step = act(random, step, throwInput("rock"));
    step = act(random, step, throwInput("rock"));
    expect(step.closed).toBe(false);
    step = act(random, step, throwInput("rock"));
    expect(step).toMatchObject({ closed: true, note: "max_win_reached" });
    expect(credit(step)).toBe(maxWin);
  });

  it("does not open a round whose first win could not be paid within the maximum win", () => {
    const step = startRound(wordsSource([]), STAKE, payout(STAKE, multiplierAfter(1, rtp)) - 1n);
    expect(step).toMatchObject({ closed: true, ops: [], note: "bet_exceeds_max_win" });
  });

  it("refuses illegal actions with specific errors", () => {
    const random = wordsSource([wordFor(2)]);
    const step = startRound(random);
    expect(step.ops).toEqual([{ kind: "debit", amount: STAKE, reason: "bet" }]);
    expect(refusal(step, { action: "cash_out" })).toBe("no_step_taken");
    expect(refusal(step, throwInput("lizard" as Hand))).toBe("invalid_hand");
    expect(refusal(step, { action: "throw" })).toBe("invalid_hand");
    expect(refusal(step, { action: "throw", params: { hand: "rock", extra: 1 } })).toBe("invalid_hand");
    expect(refusal(step, { action: "pump" })).toBe("unknown_action");
    expect(refusal(step, "throw")).toBe("invalid_action");
    expect(refusal(step, { action: "throw", hand: "rock" })).toBe("invalid_action");
    const lost = act(random, step, throwInput("rock"));
    expect(lost.closed).toBe(true);
    expect(refusal(lost, throwInput("rock"))).toBe("round_closed");
    expect(refusal(lost, { action: "cash_out" })).toBe("round_closed");
    expect(game.parseParams({ hands: 3 }, parseCtx).ok).toBe(false);
    expect(game.parseParams([], parseCtx).ok).toBe(false);
    expect(game.parseParams({}, parseCtx).ok).toBe(true);
  });

  it("abandon settles at the streak's value (RTP before the first win)", () => {
    const fresh = startRound(wordsSource([]));
    const abandoned = game.abandon(fresh.state, { random: wordsSource([]).reader(), now: 0 });
    expect(abandoned.closed).toBe(true);
    expect(credit(abandoned)).toBe(payout(STAKE, rtp));
    const random = wordsSource([wordFor(1), wordFor(1)]);
    let step = startRound(random);
    step = act(random, step, throwInput("rock"));
    step = act(random, step, throwInput("rock"));
    const settled = game.abandon(step.state, { random: random.reader(step.state.randomPosition), now: 0 });
    expect(credit(settled)).toBe(payout(STAKE, multiplierAfter(2, rtp)));
    expect(settled.state.status).toBe("abandoned");
  });
});

/** A random player: random hands, and after each win cashes out with probability 1/3. */
function playRandomly(nonce: number, strategy: "random" | "first_win"): { paid: bigint; step: RpsStep } {
  const random = seedsOf(nonce);
  const choices = seedsOf(nonce, "player-choices");
  let step = startRound(random);
  let i = 0;
  while (!step.closed) {
    const hand = HANDS[choices.int(i++, 3)] as Hand;
    const cashOut = step.state.wins > 0 && (strategy === "first_win" || choices.int(i++, 3) === 0);
    step = act(random, step, cashOut ? { action: "cash_out" } : throwInput(hand));
  }
  return { paid: credit(step), step };
}

describe("rock paper scissors through the production path", () => {
  it("draws throw outcomes and house hands uniformly over 3 (chi-square)", () => {
    const outcomes = [0, 0, 0];
    const houses = [0, 0, 0];
    let throws = 0;
    for (let nonce = 0; nonce < 4_000; nonce++) {
      const { step } = playRandomly(nonce, "random");
      for (const t of step.state.throws) {
        throws++;
        const d = RESULT_OF_OUTCOME.indexOf(t.result);
        const h = HANDS.indexOf(t.house);
        outcomes[d] = (outcomes[d] ?? 0) + 1;
        houses[h] = (houses[h] ?? 0) + 1;
      }
    }
    const lattice = [0, 1, 2].map((d) => Number(latticeCount(3, d)) / 2 ** 32);
    expect(chiSquare(outcomes, lattice, throws).pValue).toBeGreaterThan(1e-4);
    expect(chiSquare(houses, [1 / 3, 1 / 3, 1 / 3], throws).pValue).toBeGreaterThan(1e-4);
  });

  it.each(["random", "first_win"] as const)("returns the RTP on average with the %s strategy", (strategy) => {
    const moments = new Moments();
    for (let nonce = 0; nonce < 20_000; nonce++) {
      moments.add(Number(playRandomly(nonce, strategy).paid) / Number(STAKE));
    }
    const check = meanWithinStandardErrors(moments, toNumber(rtp));
    expect(check.within, JSON.stringify(check)).toBe(true);
  });

  it("replays a round from its seeds and actions, and the reveal recomputes every throw", () => {
    const first = playRandomly(7, "random");
    const again = playRandomly(7, "random");
    expect(again.step).toEqual(first.step);
    const revealed = game.reveal(first.step.state) as RpsState;
    const random = seedsOf(7);
    for (const t of revealed.throws) {
      const outcome = random.int(t.word, 3);
      expect(t.result).toBe(RESULT_OF_OUTCOME[outcome]);
    }
  });

  it("the open view shows only the public history: another seed with the same throws shows the same view", () => {
    const a = wordsSource([wordFor(1), wordFor(0), wordFor(2)]);
    const b = wordsSource([Number(firstWordOf(3, 2)) - 1, Number(firstWordOf(3, 1)) - 1, 0]);
    let stepA = startRound(a);
    let stepB = startRound(b);
    stepA = act(a, stepA, throwInput("rock"));
    stepB = act(b, stepB, throwInput("rock"));
    expect(JSON.stringify(stepA.view)).toBe(JSON.stringify(stepB.view));
    expect(JSON.stringify(stepA.view)).not.toMatch(/"word"|randomPosition|"maxWin"/);
  });
});

describe("rock paper scissors action types", () => {
  it("parses a throw and a cash-out into typed actions", () => {
    const random = wordsSource([wordFor(1)]);
    let step = startRound(random);
    expect(game.parseAction?.(throwInput("paper"), step.state, parseCtx)).toEqual({
      ok: true,
      value: { type: "throw", hand: "paper" } satisfies RpsAction,
    });
    step = act(random, step, throwInput("paper"));
    expect(game.parseAction?.({ action: "cash_out", params: {} }, step.state, parseCtx)).toEqual({
      ok: true,
      value: { type: "cash_out" },
    });
    const value: Rational = multiplierAfter(1, rtp);
    expect(step.view.multiplierExact).toBe(`${value.num}/${value.den}`);
  });
});
