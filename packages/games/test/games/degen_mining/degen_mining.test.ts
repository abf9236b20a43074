import { describe, expect, it } from "vitest";
import { withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare } from "../../../src/analysis/stats.ts";
import {
  analyze,
  cartOf,
  DIFFICULTIES,
  type Difficulty,
  degenMiningGame as game,
  LEVELS,
  type MiningState,
  maxMultiplier,
  multiplierOf,
  ORES,
  OUTCOMES,
  oreCounts,
  probabilityOf,
  SHAFTS,
  TABLES,
  type Tile,
  tileOf,
} from "../../../src/games/degen_mining/index.ts";
import { add, eq, mul, payout, rat, sum, toNumber, ZERO } from "../../../src/math/rational.ts";
import { type LadderPlayer, ladderHarness, type Strategy } from "../ladder-harness.ts";
import { CATALOG_RTPS, STAKE, wordsSource } from "../production.ts";

const ladder = ladderHarness(game, { serverSeed: "mining-server-seed", clientSeed: "mining-client-seed" });
const { rtp, parseCtx, seedsOf, paramsOf, startRound, act, refusal, credit, abandon } = ladder;
const DECLARED = [...CATALOG_RTPS.slice(0, 3), rat(965, 1000)];

const dig = (shaft: number) => ({ action: "dig", params: { shaft } });

/** The first outcome of 64 that holds `tile` at a difficulty. */
const outcomeOf = (tile: Tile, difficulty: Difficulty) =>
  Array.from({ length: OUTCOMES }, (_, o) => o).find((o) => tileOf(o, difficulty) === tile) as number;

/** A scripted mine: `rows[level][shaft]` tiles; the word of outcome o is o x 2^26. */
const mine = (difficulty: Difficulty, rows: Tile[][]) =>
  wordsSource(
    Array.from({ length: LEVELS }, (_, level) =>
      Array.from(
        { length: SHAFTS },
        (_, shaft) => outcomeOf(rows[level]?.[shaft] ?? "coal", difficulty) * 2 ** 26,
      ),
    ).flat(),
  );

describe("degen mining maths", () => {
  it("every table sums to one in probability and to exactly 1 in expected factor", () => {
    for (const difficulty of DIFFICULTIES) {
      const t = TABLES[difficulty];
      expect(t.collapse + ORES.reduce((s, ore) => s + t.ores[ore].weight, 0)).toBe(OUTCOMES);
      const expectedFactor = sum(ORES.map((ore) => mul(probabilityOf(ore, difficulty), t.ores[ore].factor)));
      expect(eq(expectedFactor, rat(1))).toBe(true);
    }
  });

  it.each(DECLARED)(
    "the cart's value is a martingale in every state of every difficulty at RTP %o",
    (declared) => {
      for (const difficulty of DIFFICULTIES) {
        const first = sum(
          ORES.map((ore) => mul(probabilityOf(ore, difficulty), multiplierOf([ore], difficulty, declared))),
        );
        expect(eq(first, declared)).toBe(true);
        // The value depends on the cart's ore counts only; every count vector of 0..9 digs is a state with a next dig.
        for (let depth = 0; depth < LEVELS; depth++) {
          for (const counts of oreCounts(depth)) {
            const cart = cartOf(counts);
            let next = ZERO;
            for (const ore of ORES)
              next = add(
                next,
                mul(probabilityOf(ore, difficulty), multiplierOf([...cart, ore], difficulty, declared)),
              );
            expect(eq(next, multiplierOf(cart, difficulty, declared))).toBe(true);
          }
        }
      }
    },
  );

  it.each(DECLARED)("both reported strategies return exactly the RTP %o", (declared) => {
    const reports = analyze(declared);
    expect(reports).toHaveLength(8);
    for (const report of reports) {
      expect(eq(report.rtp, declared)).toBe(true);
      expect(withinTolerance(report.rtp, declared)).toBe(true);
    }
  });

  it("tops each mine at RTP x diamond^10", () => {
    expect(maxMultiplier("degen", rtp)).toEqual(mul(rtp, rat(6 ** 10)));
    expect(toNumber(maxMultiplier("easy", rtp))).toBeCloseTo(0.97 * 1.8 ** 10, 6);
  });
});

describe("degen mining rules", () => {
  it("digs level by level, multiplying the cart, and loses everything on a collapse", () => {
    let step = startRound(
      mine("hard", [["collapse", "gold"], ["silver", "diamond", "collapse"], ["collapse"]]),
      "hard",
    );
    expect(step.ops).toEqual([{ kind: "debit", amount: STAKE, reason: "bet" }]);
    step = act(step, dig(1));
    step = act(step, dig(1));
    expect(step.view.digs.map((d) => d.tile)).toEqual(["gold", "diamond"]);
    expect(step.view.multiplierExact).toBe("873/100");
    expect(step.view.mine).toBeNull();
    step = act(step, dig(0));
    expect(step).toMatchObject({ closed: true, state: { status: "lost" } });
    expect(credit(step)).toBe(0n);
    expect(step.view.mine?.[1]).toEqual(["silver", "diamond", "collapse", "coal"]);
  });

  it("cashes out at RTP x the cart's factors, rounded down once", () => {
    let step = startRound(mine("medium", [["silver"], ["diamond"], ["coal"]]), "medium", 1_001n);
    for (let i = 0; i < 3; i++) step = act(step, dig(0));
    step = act(step, { action: "cash_out" });
    expect(credit(step)).toBe(payout(1_001n, multiplierOf(["silver", "diamond", "coal"], "medium", rtp)));
  });

  it("closes at the bottom of the mine", () => {
    const rows = new Array<Tile[]>(LEVELS).fill(["diamond", "diamond", "diamond", "diamond"]);
    let step = startRound(mine("degen", rows), "degen");
    for (let level = 0; level < LEVELS; level++) step = act(step, dig(level % SHAFTS));
    expect(step).toMatchObject({ closed: true, state: { status: "completed" } });
    expect(credit(step)).toBe(game.maxPayout(paramsOf("degen"), STAKE, rtp));
  });

  it("cashes out automatically when a diamond on the next dig could exceed the maximum win", () => {
    const maxWin = payout(STAKE, multiplierOf(["coal", "diamond"], "degen", rtp)) + 1n;
    let step = startRound(mine("degen", [["coal"], ["coal"], ["coal"]]), "degen", STAKE, maxWin);
    step = act(step, dig(0));
    expect(step.closed).toBe(false);
    step = act(step, dig(0));
    expect(step).toMatchObject({ closed: true, note: "max_win_reached" });
    expect(credit(step)).toBe(payout(STAKE, multiplierOf(["coal", "coal"], "degen", rtp)));
    const refused = startRound(
      mine("easy", []),
      "easy",
      STAKE,
      payout(STAKE, multiplierOf(["diamond"], "easy", rtp)) - 1n,
    );
    expect(refused).toMatchObject({ closed: true, ops: [], note: "bet_exceeds_max_win" });
  });

  it("refuses illegal actions and params with specific errors", () => {
    const step = startRound(mine("easy", [["collapse"]]), "easy");
    expect(refusal(step, { action: "cash_out" })).toBe("no_step_taken");
    for (const shaft of [-1, 4, 1.5, "2", null])
      expect(refusal(step, dig(shaft as number))).toBe("invalid_shaft");
    expect(refusal(step, { action: "dig" })).toBe("invalid_shaft");
    expect(refusal(step, { action: "dig", params: { shaft: 1, level: 2 } })).toBe("invalid_shaft");
    expect(refusal(step, { action: "mine" })).toBe("unknown_action");
    expect(refusal(step, { action: "cash_out", params: { now: true } })).toBe("invalid_params");
    const lost = act(step, dig(0));
    expect(refusal(lost, dig(0))).toBe("round_closed");
    expect(refusal(lost, { action: "cash_out" })).toBe("round_closed");
    for (const bad of [{}, { difficulty: "insane" }, { difficulty: "easy", levels: 5 }, 3]) {
      expect(game.parseParams(bad, parseCtx).ok).toBe(false);
    }
  });

  it("abandon settles at the cart's value: RTP before the first dig", () => {
    const fresh = startRound(mine("hard", [["gold"]]), "hard");
    expect(credit(abandon(fresh.state))).toBe(payout(STAKE, rtp));
    const settled = game.abandon(act(fresh, dig(0)).state, { random: wordsSource([]).reader(), now: 0 });
    expect(credit(settled)).toBe(payout(STAKE, multiplierOf(["gold"], "hard", rtp)));
  });

  it("the open view never shows undug shafts: two mines with the same digs show the same view", () => {
    let a = startRound(
      mine("medium", [
        ["gold", "collapse"],
        ["coal", "diamond", "collapse"],
      ]),
      "medium",
    );
    let b = startRound(
      mine("medium", [
        ["gold", "gold"],
        ["coal", "silver", "silver"],
      ]),
      "medium",
    );
    expect(JSON.stringify(a.view)).toBe(JSON.stringify(b.view));
    a = act(act(a, dig(0)), dig(0));
    b = act(act(b, dig(0)), dig(0));
    expect(JSON.stringify(a.view)).toBe(JSON.stringify(b.view));
    expect(JSON.stringify(a.view)).not.toMatch(/outcomes|"maxWin"/);
  });
});

const miner: LadderPlayer<MiningState> = {
  stepsTaken: (state) => state.digs.length,
  climb: (choose) => dig(choose(SHAFTS)),
};

const playRound = (nonce: number, difficulty: Difficulty, strategy: Strategy) =>
  ladder.playRound(nonce, difficulty, strategy, miner);

describe("degen mining through the production path", () => {
  it.each(DIFFICULTIES)(
    "draws every shaft's tile with the table's chances (%s, chi-square)",
    (difficulty) => {
      const tiles: Tile[] = ["collapse", ...ORES];
      const counts = new Array<number>(tiles.length).fill(0);
      const rounds = 500;
      for (let nonce = 0; nonce < rounds; nonce++) {
        for (const row of startRound(seedsOf(nonce), difficulty).state.outcomes)
          for (const o of row) {
            const k = tiles.indexOf(tileOf(o, difficulty));
            counts[k] = (counts[k] ?? 0) + 1;
          }
      }
      const expected = tiles.map((tile) => toNumber(probabilityOf(tile, difficulty)));
      expect(chiSquare(counts, expected, rounds * LEVELS * SHAFTS).pValue).toBeGreaterThan(1e-4);
    },
  );

  ladder.itReturnsTheRtp(
    [
      ["random", "medium"],
      ["random", "degen"],
      ["first_dig", "degen"],
    ] as const,
    miner,
  );

  it("replays from the same seeds and actions, and the reveal recomputes the mine", () => {
    const first = playRound(3, "hard", "random");
    expect(playRound(3, "hard", "random")).toEqual(first);
    const revealed = game.reveal(first.state) as MiningState;
    const random = seedsOf(3);
    revealed.outcomes.forEach((row, level) => {
      row.forEach((o, shaft) => {
        expect(o).toBe(random.int(level * SHAFTS + shaft, OUTCOMES));
      });
    });
  });
});
