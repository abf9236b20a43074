import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare, Moments, meanWithinStandardErrors } from "../../../src/analysis/stats.ts";
import { nodeHmacSha256 } from "../../../src/fair/node-hmac.ts";
import { FairRandom } from "../../../src/fair/random.ts";
import {
  analyze,
  crashTime,
  drawCrash,
  eventAt,
  type FlightParams,
  type FlightState,
  flightDeckGame as game,
  MAX_MULTIPLIER,
  multiplierAt,
  multiplierOf,
  survival,
  TIME_TO_TOP,
  timeToReach,
} from "../../../src/games/flight_deck/index.ts";
import { resultOf } from "../../../src/games/limbo/paytable.ts";
import { cmp, div, eq, mul, payout, type Rational, rat, toNumber } from "../../../src/math/rational.ts";
import type { Step } from "../../../src/model.ts";
import { STAKE, wordsSource } from "../production.ts";

type FlightStep = Step<FlightState, ReturnType<typeof game.start>["view"]>;

const rtp = rat(97, 100);
const parseCtx = { rtp, decimals: 2 };
const NO_LIMIT = 10n ** 30n;
const TAKE_OFF = 1_700_000_000_000;

const seedsOf = (nonce: number, serverSeed = "flight-server-seed") =>
  new FairRandom(nodeHmacSha256, { serverSeed, clientSeed: "flight-client-seed", nonce });

const paramsOf = (input: unknown): FlightParams => {
  const parsed = game.parseParams(input, parseCtx);
  if (!parsed.ok) throw new Error(parsed.detail);
  return parsed.value;
};

const startRound = (random: FairRandom, params: unknown = {}, stake = STAKE, maxWin = NO_LIMIT) =>
  game.start({ stake, params: paramsOf(params), rtp, maxWin }, { random: random.reader(), now: TAKE_OFF });

const noRandom = (now: number) => ({ random: wordsSource([]).reader(), now });

function cashOutAt(step: FlightStep, now: number): FlightStep {
  const parsed = game.parseAction?.({ action: "cash_out" }, step.state, parseCtx);
  if (!parsed?.ok) throw new Error(`refused: ${parsed?.ok === false ? parsed.error : "no parser"}`);
  return game.act?.(step.state, parsed.value, noRandom(now)) as FlightStep;
}

const tickAt = (step: FlightStep, now: number) => game.tick?.(step.state, noRandom(now)) as FlightStep;

const credit = (step: FlightStep) => {
  const op = step.ops.at(-1);
  if (op?.kind !== "credit" || !op.closesRound) throw new Error("round did not close with a credit");
  return op.amount;
};

/** A first word whose cell lies inside crash point `c` (hundredths, 100 <= c < top) at the test's RTP. */
function wordForCrash(c: number): number {
  const a = rtp.num * 100n * 2n ** 32n;
  // u + 1 near a / (c + 1/2): the middle of the words whose limbo result floors to c.
  const u = (2n * a) / (rtp.den * BigInt(2 * c + 1)) - 1n;
  return Number(u);
}
const flightTo = (c: number) => wordsSource([wordForCrash(c)]);

describe("flight deck curve", () => {
  it("climbs 1.00x at take-off, 1.01x at 100 ms, doubling every 10 s, to the top", () => {
    expect([0, 99, 100, 5_000, 10_000, 20_000, 30_000, 35_000].map(multiplierAt)).toEqual([
      100, 100, 101, 150, 200, 400, 800, 1_200,
    ]);
    expect(TIME_TO_TOP).toBe(199_074);
    expect(multiplierAt(TIME_TO_TOP - 1)).toBeLessThan(MAX_MULTIPLIER);
    expect(multiplierAt(TIME_TO_TOP)).toBe(MAX_MULTIPLIER);
    expect(multiplierAt(10 ** 12)).toBe(MAX_MULTIPLIER);
  });

  it("never decreases, and timeToReach is its exact inverse", () => {
    let decreases = 0;
    for (let e = 1; e <= TIME_TO_TOP; e++) if (multiplierAt(e) < multiplierAt(e - 1)) decreases++;
    expect(decreases).toBe(0);
    const inverts = (k: number) => {
      const t = timeToReach(k);
      return multiplierAt(t) >= k && (t === 0 || multiplierAt(t - 1) < k);
    };
    const misses: number[] = [];
    for (let k = 100; k <= 50_000; k++) if (!inverts(k)) misses.push(k);
    expect(misses).toEqual([]);
    fc.assert(fc.property(fc.integer({ min: 100, max: MAX_MULTIPLIER }), inverts), { numRuns: 5_000 });
  });
});

describe("flight deck crash law", () => {
  it("P(crash >= m) = RTP / m: every target is exactly fair, and the report says so", () => {
    for (const m of [100, 101, 150, 200, 333, 1_000, 123_457, MAX_MULTIPLIER]) {
      expect(eq(mul(multiplierOf(m), survival(m, rtp)), rtp)).toBe(true);
    }
    // Martingale along the grid: P(reach m+1 | reached m) x (m+1) = m, up to the top.
    for (let m = 100; m < 20_000; m++) {
      const step = div(survival(m + 1, rtp), survival(m, rtp));
      expect(eq(mul(step, multiplierOf(m + 1)), multiplierOf(m))).toBe(true);
    }
    for (const report of analyze(rtp)) {
      expect(eq(report.rtp, rtp)).toBe(true);
      expect(withinTolerance(report.rtp, rtp)).toBe(true);
    }
    expect(analyze(rtp).at(-1)?.maxMultiplier).toEqual(rat(1_000_000));
  });

  it("a manual cash-out at time e wins exactly when c >= the multiplier shown at e, so it is exactly fair too", () => {
    const stillFlying = (e: number, c: number) => e < crashTime(c) === c >= multiplierAt(e);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: TIME_TO_TOP + 10 }),
        fc.integer({ min: -3, max: 3 }),
        (e, delta) => stillFlying(e, multiplierAt(e) + delta),
      ),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: TIME_TO_TOP }),
        fc.integer({ min: 90, max: MAX_MULTIPLIER }),
        stillFlying,
      ),
      { numRuns: 20_000 },
    );
  });

  it("maps every stream onto floor(RTP x 100 / U) for the whole interval of U its words leave open", () => {
    const a: Rational = mul(rtp, rat(100));
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 2 ** 32 - 1 }), { minLength: 4, maxLength: 4 }),
        fc.nat(3),
        (words, boundary) => {
          // Half the runs start on a word that straddles a crash boundary, to exercise the refinement.
          const k = [100, 200, 1_234, 777_777][boundary] as number;
          const straddling = Number((a.num * 2n ** 32n) / (a.den * BigInt(k)));
          const stream = boundary % 2 === 0 ? words : [straddling, ...words.slice(1)];
          const { crash, words: used } = drawCrash(wordsSource(stream).reader(), rtp);
          let n = 0n;
          for (const w of stream.slice(0, used)) n = n * 2n ** 32n + BigInt(w);
          const d = 2n ** (32n * BigInt(used));
          const least = div(a, rat(n + 1n, d));
          if (crash === MAX_MULTIPLIER) return cmp(least, rat(MAX_MULTIPLIER)) >= 0;
          const floorLeast = least.num / least.den;
          const bounded = n > 0n && cmp(div(a, rat(n, d)), rat(crash + 1)) <= 0;
          return Number(floorLeast) === crash && bounded;
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("agrees with limbo's result on a word that decides alone, and refines a word on a boundary", () => {
    for (const u of [0, 1, 12_345, 2 ** 31, 4_000_000_000, 2 ** 32 - 1]) {
      const draw = drawCrash(wordsSource([u, 0]).reader(), rtp);
      const limbo = resultOf(u, rtp);
      if (draw.words === 1)
        expect(draw.crash).toBe(Math.min(MAX_MULTIPLIER, Number((limbo.num * 100n) / limbo.den)));
    }
    // The word whose interval holds U = RTP / 2 (the 2.00x boundary) needs the next word.
    const u = Number((97n * 2n ** 32n) / 200n);
    const low = drawCrash(wordsSource([u, 2 ** 32 - 1]).reader(), rtp);
    const high = drawCrash(wordsSource([u, 0]).reader(), rtp);
    expect([low.words, high.words]).toEqual([2, 2]);
    expect([low.crash, high.crash]).toEqual([199, 200]);
  });
});

describe("flight deck rules", () => {
  it("starts flying: debits, keeps the crash point out of the view, and asks for a tick at the first event", () => {
    const step = startRound(flightTo(250), { autoCashOut: "2.00" });
    expect(step.ops).toEqual([{ kind: "debit", amount: STAKE, reason: "bet" }]);
    expect(step.state.crash).toBe(250);
    expect(step.closed).toBe(false);
    expect(step.deadline).toBe(TAKE_OFF + timeToReach(200));
    expect(step.view).toMatchObject({
      status: "flying",
      multiplier: "1.00",
      autoCashOut: "2.00",
      crashPoint: null,
    });
  });

  it("pays the curve's multiplier on a cash-out before the crash, and nothing from the crash time on", () => {
    const step = startRound(flightTo(150));
    const crashAt = TAKE_OFF + crashTime(150);
    expect(crashAt).toBe(TAKE_OFF + timeToReach(151));
    const early = cashOutAt(step, TAKE_OFF + 3_000);
    expect(early.view).toMatchObject({ status: "cashed_out", cashedOutAt: "1.30", crashPoint: "1.50" });
    expect(credit(early)).toBe(payout(STAKE, rat(130, 100)));
    const lastMoment = cashOutAt(step, crashAt - 1);
    expect(credit(lastMoment)).toBe(payout(STAKE, rat(150, 100)));
    // The tick has not run, but the clock says the flight is down: a loss.
    const late = cashOutAt(step, crashAt);
    expect(late).toMatchObject({
      closed: true,
      note: "crashed",
      state: { status: "crashed", settledAt: crashAt },
    });
    expect(credit(late)).toBe(0n);
  });

  it("auto cash-out pays the target exactly when the crash point reaches it", () => {
    const reached = startRound(flightTo(200), { autoCashOut: "2.00" });
    expect(tickAt(reached, (reached.deadline as number) - 1)).toMatchObject({ closed: false, ops: [] });
    const paid = tickAt(reached, reached.deadline as number);
    expect(paid).toMatchObject({ closed: true, note: "auto_cash_out", state: { status: "auto_cashed_out" } });
    expect(credit(paid)).toBe(2n * STAKE);
    const short = startRound(flightTo(199), { autoCashOut: "2.00" });
    expect(short.deadline).toBe(TAKE_OFF + crashTime(199));
    const crashed = tickAt(short, (short.deadline as number) + 5_000);
    expect(crashed).toMatchObject({ closed: true, note: "crashed" });
    expect(credit(crashed)).toBe(0n);
  });

  it("a crash point below 1.00 crashes at take-off", () => {
    const step = startRound(wordsSource([2 ** 32 - 1]));
    expect(step.state.crash).toBeLessThan(100);
    expect(step.deadline).toBe(TAKE_OFF);
    const settled = cashOutAt(step, TAKE_OFF);
    expect(settled.view).toMatchObject({ status: "crashed", crashPoint: "1.00", crashedAtTakeOff: true });
    expect(credit(settled)).toBe(0n);
  });

  it("lands at the top, paying 1,000,000x to a player still aboard", () => {
    const step = startRound(wordsSource([0]));
    expect(step.state.crash).toBe(MAX_MULTIPLIER);
    expect(step.deadline).toBe(TAKE_OFF + TIME_TO_TOP);
    const landed = tickAt(step, TAKE_OFF + TIME_TO_TOP);
    expect(landed).toMatchObject({
      closed: true,
      note: "max_multiplier_reached",
      state: { status: "top_reached" },
    });
    expect(credit(landed)).toBe(STAKE * 1_000_000n);
    expect(game.maxPayout(paramsOf({}), STAKE, rtp)).toBe(STAKE * 1_000_000n);
    expect(game.maxPayout(paramsOf({ autoCashOut: "3.33" }), STAKE, rtp)).toBe((STAKE * 333n) / 100n);
  });

  it("sets the automatic cash-out at the highest multiplier whose payout fits the maximum win", () => {
    const maxWin = payout(STAKE, rat(3)) + 9_999n;
    const step = startRound(flightTo(5_000), { autoCashOut: "10.00" }, STAKE, maxWin);
    expect(step.state).toMatchObject({ target: 300, targetReason: "max_win" });
    expect(step.view).toMatchObject({ cashOutTarget: "3.00", cashOutTargetReason: "max_win" });
    const settled = tickAt(step, step.deadline as number);
    expect(settled).toMatchObject({ note: "max_win_reached", state: { status: "max_win_reached" } });
    expect(credit(settled)).toBe(3n * STAKE);
    expect(startRound(flightTo(5_000), {}, STAKE, STAKE - 1n)).toMatchObject({
      closed: true,
      ops: [],
      note: "bet_exceeds_max_win",
    });
  });

  it("abandon settles as the clock would at the first event, whenever it runs", () => {
    const withTarget = startRound(flightTo(500), { autoCashOut: "2.00" });
    const early = game.abandon(withTarget.state, noRandom(TAKE_OFF + 1));
    expect(credit(early)).toBe(2n * STAKE);
    expect(early.state.settledAt).toBe(TAKE_OFF + timeToReach(200));
    const noTarget = startRound(flightTo(500));
    const crashed = game.abandon(noTarget.state, noRandom(TAKE_OFF + 10 ** 9));
    expect(crashed).toMatchObject({ closed: true, note: "crashed" });
    expect(crashed.state.settledAt).toBe(TAKE_OFF + crashTime(500));
  });

  it("refuses bad params and actions with specific errors", () => {
    for (const autoCashOut of ["1.00", "1000000.01", "2.001", -2, "abc", "1e3", true]) {
      expect(game.parseParams({ autoCashOut }, parseCtx)).toMatchObject({
        ok: false,
        error: "invalid_auto_cash_out",
      });
    }
    expect(game.parseParams({ target: "2.00" }, parseCtx)).toMatchObject({
      ok: false,
      error: "invalid_params",
    });
    expect(game.parseParams("2.00", parseCtx).ok).toBe(false);
    expect(paramsOf({ autoCashOut: 1.5 })).toEqual({ autoCashOut: 150 });
    expect(paramsOf({ autoCashOut: "1000000.00" })).toEqual({ autoCashOut: MAX_MULTIPLIER });
    expect(paramsOf({})).toEqual({});
    const step = startRound(flightTo(300));
    const refusal = (input: unknown, state = step.state) => {
      const parsed = game.parseAction?.(input, state, parseCtx);
      return parsed?.ok === false ? parsed.error : "accepted";
    };
    expect(refusal({ action: "eject" })).toBe("unknown_action");
    expect(refusal({ action: "cash_out", params: { at: "2.00" } })).toBe("invalid_params");
    expect(refusal({ cash_out: true })).toBe("invalid_action");
    expect(refusal({ action: "cash_out" })).toBe("accepted");
    const closed = cashOutAt(step, TAKE_OFF + 1_000);
    expect(refusal({ action: "cash_out" }, closed.state)).toBe("round_closed");
  });

  it("the open view never reveals the crash point: two flights differ only once closed", () => {
    const a = startRound(flightTo(120), { autoCashOut: "5.00" });
    const b = startRound(flightTo(90_000), { autoCashOut: "5.00" });
    expect(JSON.stringify(a.view)).toBe(JSON.stringify(b.view));
    const later = (s: FlightStep) => tickAt(s, TAKE_OFF + 500).view;
    expect(JSON.stringify(later(a))).toBe(JSON.stringify(later(b)));
    expect(JSON.stringify(a.view)).not.toMatch(/crash"|"crashAt|900\.00|1\.20"/);
  });
});

/** Plays a flight to its end: cash out at `cashOutAfter` ms if the flight is still up, else the engine's tick. */
function fly(nonce: number, params: unknown, cashOutAfter?: number): FlightStep {
  const step = startRound(seedsOf(nonce), params);
  if (cashOutAfter !== undefined) return cashOutAt(step, TAKE_OFF + cashOutAfter);
  return tickAt(step, step.deadline as number);
}

describe("flight deck through the production path", () => {
  it("draws crash points with P(c >= m) = RTP / m (chi-square over bands)", () => {
    const edges = [100, 101, 150, 200, 300, 500, 1_000, 10_000];
    const band = (c: number) => (c < 100 ? 0 : edges.filter((e) => c >= e).length);
    const atLeast = (m: number) => toNumber(survival(m, rtp));
    const probabilities = [1 - toNumber(rtp)];
    edges.forEach((e, i) => {
      probabilities.push(atLeast(e) - (i + 1 < edges.length ? atLeast(edges[i + 1] as number) : 0));
    });
    const rounds = 20_000;
    const counts = new Array<number>(probabilities.length).fill(0);
    let refined = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const { crash, crashWords } = startRound(seedsOf(nonce)).state;
      counts[band(crash)] = (counts[band(crash)] ?? 0) + 1;
      if (crashWords > 1) refined++;
    }
    expect(chiSquare(counts, probabilities, rounds).pValue).toBeGreaterThan(1e-4);
    expect(refined).toBeLessThan(rounds / 500);
  });

  it.each([
    ["auto cash-out 1.01 (first step)", { autoCashOut: "1.01" }],
    ["auto cash-out 1.50", { autoCashOut: "1.50" }],
    ["auto cash-out 2.00", { autoCashOut: "2.00" }],
    ["auto cash-out 10.00", { autoCashOut: "10.00" }],
  ])("returns the RTP on average with %s", (_label, params) => {
    const moments = new Moments();
    for (let nonce = 0; nonce < 20_000; nonce++)
      moments.add(Number(credit(fly(nonce, params))) / Number(STAKE));
    const check = meanWithinStandardErrors(moments, toNumber(rtp));
    expect(check.within, JSON.stringify(check)).toBe(true);
  });

  it("returns the RTP on average with manual cash-outs at random times", () => {
    const moments = new Moments();
    for (let nonce = 0; nonce < 20_000; nonce++) {
      const after = seedsOf(nonce, "player-choices").int(0, 30_000);
      moments.add(Number(credit(fly(nonce, { autoCashOut: "20.00" }, after))) / Number(STAKE));
    }
    const check = meanWithinStandardErrors(moments, toNumber(rtp));
    expect(check.within, JSON.stringify(check)).toBe(true);
  });

  it("replays from the same seeds, actions and times, and the reveal recomputes the crash", () => {
    expect(fly(42, { autoCashOut: "3.00" }, 4_321)).toEqual(fly(42, { autoCashOut: "3.00" }, 4_321));
    const step = fly(42, {});
    const revealed = game.reveal(step.state) as FlightState & { crashAt: number | null; crashPoint: string };
    expect(revealed.crash).toBe(drawCrash(seedsOf(42).reader(), rtp).crash);
    expect(eventAt(step.state)).toBe(step.state.settledAt);
    if (revealed.crash < MAX_MULTIPLIER) expect(revealed.crashAt).toBe(TAKE_OFF + crashTime(revealed.crash));
  });
});
