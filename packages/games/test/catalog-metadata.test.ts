import { findGame, GAMES } from "@rgs/protocol/catalog";
import { describe, expect, it } from "vitest";
import type { ConfigurationReport } from "../src/analysis/report.ts";
import { catalogMetadata } from "../src/catalog/metadata.ts";
import { CODE_METRICS } from "../src/catalog/metrics.generated.ts";
import { PARAMETERS } from "../src/catalog/parameters.ts";
import { add, cmp, mul, type Rational, rat, rtpFromBasisPoints, sub } from "../src/math/rational.ts";
import { ANALYSES, GAMES_BY_SLUG } from "../src/registry.ts";

/** A decimal string as an exact rational ("24.7500" -> 99/4). */
function decimal(text: string): Rational {
  const [int = "0", frac = ""] = text.split(".");
  return rat(BigInt(int + frac), 10n ** BigInt(frac.length));
}

const exactReports = (code: string): ConfigurationReport[] => {
  const info = findGame(code);
  const analyze = info && ANALYSES[info.slug];
  if (!info || !analyze) throw new Error(`no analysis for ${code}`);
  return analyze(rtpFromBasisPoints(info.rtpBasisPoints));
};

const extremes = (values: Rational[]) => {
  const sorted = [...values].sort(cmp);
  return [sorted[0] as Rational, sorted[sorted.length - 1] as Rational] as const;
};

/** |a - b| <= bound, exactly. */
const within = (a: Rational, b: Rational, bound: Rational) => {
  const gap = sub(a, b);
  return cmp(gap.num < 0n ? rat(-gap.num, gap.den) : gap, bound) <= 0;
};

const SAMPLE = [
  "dice-alpha",
  "limbo-delta",
  "mines-alpha",
  "plinko-gamma",
  "wheel-beta",
  "blackjack-leo",
  "war-gamma-libra",
];

describe("catalog figures (metrics.generated.ts) against exact figures", () => {
  it("has figures for every code", () => {
    expect(Object.keys(CODE_METRICS).sort()).toEqual(GAMES.map((g) => g.code).sort());
    for (const info of GAMES) expect(catalogMetadata(info)).toBeDefined();
  });

  it.each(SAMPLE)("%s: ranges equal the exact figures of its configurations", (code) => {
    const reports = exactReports(code);
    const served = CODE_METRICS[code];
    if (!served) throw new Error(`no figures for ${code}`);
    expect(served.configurations).toBe(reports.length);
    const [lowTop, highTop] = extremes(reports.map((r) => r.maxMultiplier));
    const unit = rat(1, 10_000);
    // Maximum multipliers are rounded down to 4 decimals: served <= exact < served + 0.0001.
    for (const [text, exact] of [
      [served.maxMultiplier.min, lowTop],
      [served.maxMultiplier.max, highTop],
    ] as const) {
      expect(cmp(decimal(text), exact)).toBeLessThanOrEqual(0);
      expect(cmp(exact, add(decimal(text), unit))).toBe(-1);
    }
    const [lowHits, highHits] = extremes(reports.map((r) => mul(r.hitFrequency, rat(100))));
    expect(within(decimal(served.hitFrequency.min), lowHits, rat(1, 20_000))).toBe(true);
    expect(within(decimal(served.hitFrequency.max), highHits, rat(1, 20_000))).toBe(true);
    // Volatility is a square root: served^2 is within rounding of the exact variance.
    const variances = reports.map((r) => sub(r.secondMoment, mul(r.rtp, r.rtp)));
    const [lowVar, highVar] = extremes(variances);
    for (const [text, variance] of [
      [served.volatility.min, lowVar],
      [served.volatility.max, highVar],
    ] as const) {
      const sd = decimal(text);
      const below = sub(sd, rat(1, 20_000));
      const above = add(sd, rat(1, 20_000));
      expect(cmp(mul(below, below), variance)).toBeLessThanOrEqual(0);
      expect(cmp(variance, mul(above, above))).toBeLessThanOrEqual(0);
    }
  });
});

/** A bet each game accepts, to vary one parameter at a time. */
const BASE: Record<string, Record<string, unknown>> = {
  dice: { condition: "under", target: "50.00" },
  limbo: { target: "2.00" },
  keno: { picks: [1, 2, 3], risk: "classic" },
  lightning_keno: { picks: [1, 2, 3], risk: "classic" },
  plinko: { rows: 16, risk: "low" },
  plinko_100: { rows: 16, risk: "low" },
  lightning_plinko: { rows: 16, risk: "low" },
  wheel: { segments: 10, risk: "low" },
  darts: { risk: "low" },
  pinball: { risk: "low" },
  cases: { difficulty: "easy" },
  mines: { mines: 3 },
  mines_mania: { mines: 3 },
  towers: { difficulty: "easy" },
  flight_deck: {},
  degen_mining: { difficulty: "easy" },
  chicken_crossing: { difficulty: "easy" },
  doctor_pump: { difficulty: "easy" },
};

describe("published parameters against what each game accepts", () => {
  it("lists parameters for every game", () => {
    expect(Object.keys(PARAMETERS).sort()).toEqual(Object.keys(GAMES_BY_SLUG).sort());
  });

  it.each(Object.keys(BASE))("%s: every value and bound is accepted, one step beyond is refused", (slug) => {
    const game = GAMES_BY_SLUG[slug];
    const info = GAMES.find((g) => g.slug === slug);
    if (!game || !info) throw new Error(slug);
    const ctx = { rtp: rtpFromBasisPoints(info.rtpBasisPoints), decimals: 2 };
    const parse = (key: string, value: unknown) => game.parseParams({ ...BASE[slug], [key]: value }, ctx).ok;
    for (const p of PARAMETERS[slug] ?? []) {
      if (p.kind === "choice") {
        const numeric = p.values?.every((v) => /^\d+$/.test(v));
        for (const v of p.values ?? [])
          expect(parse(p.name, numeric ? Number(v) : v), `${p.name}=${v}`).toBe(true);
        expect(parse(p.name, numeric ? 7 : "other")).toBe(false);
      }
      if (p.kind === "integer") {
        expect(parse(p.name, Number(p.min))).toBe(true);
        expect(parse(p.name, Number(p.max))).toBe(true);
        expect(parse(p.name, Number(p.min) - 1)).toBe(false);
        expect(parse(p.name, Number(p.max) + 1)).toBe(false);
      }
      if (p.kind === "decimal" && slug !== "dice") {
        expect(parse(p.name, p.min)).toBe(true);
        expect(parse(p.name, p.max)).toBe(true);
        const step = (text: string, by: number) => (Number(text) + by).toFixed(2);
        expect(parse(p.name, step(p.min as string, -0.01))).toBe(false);
        expect(parse(p.name, step(p.max as string, 0.01))).toBe(false);
      }
    }
  });

  it("dice: targets from 0.01 to 98.00 under and 1.99 to 99.98 over", () => {
    const dice = GAMES_BY_SLUG.dice;
    const ctx = { rtp: rat(99, 100), decimals: 2 };
    const ok = (condition: string, target: string) => dice?.parseParams({ condition, target }, ctx).ok;
    expect([ok("under", "0.01"), ok("under", "98.00"), ok("over", "1.99"), ok("over", "99.98")]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([ok("under", "98.01"), ok("over", "1.98"), ok("over", "99.99")]).toEqual([false, false, false]);
  });
});
