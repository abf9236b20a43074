import { describe, expect, it } from "vitest";
import type { GameCategory } from "../src/catalog.ts";
import {
  atLeastAsStrict,
  chooseJurisdiction,
  LOCATION_FLOORS,
  locationFloor,
} from "../src/jurisdiction-policy.ts";
import { jurisdictionInfo } from "../src/jurisdiction-schema.ts";
import {
  isJurisdictionName,
  JURISDICTION_NAMES,
  JURISDICTION_PROFILES,
  type JurisdictionName,
  type JurisdictionRules,
  minRoundSecondsFor,
} from "../src/jurisdictions.ts";

const CATEGORIES: GameCategory[] = ["instant", "cash-out", "table"];
const profile = (name: JurisdictionName) => JURISDICTION_PROFILES[name];

describe("the shipped profiles", () => {
  it("are exactly default, UKGC, MGA, ONTARIO and SOCIAL", () => {
    expect(Object.keys(JURISDICTION_PROFILES).sort()).toEqual([...JURISDICTION_NAMES].sort());
    expect(JURISDICTION_NAMES).toEqual(["default", "UKGC", "MGA", "ONTARIO", "SOCIAL"]);
  });

  it("keep a default interval inside the bounds it gives", () => {
    for (const name of JURISDICTION_NAMES) {
      const { defaultMinutes, minMinutes, maxMinutes } = profile(name).realityCheck;
      expect(Number.isInteger(minMinutes) && Number.isInteger(maxMinutes), name).toBe(true);
      expect(minMinutes, name).toBeGreaterThan(0);
      expect(minMinutes, name).toBeLessThanOrEqual(maxMinutes);
      if (defaultMinutes !== null) {
        expect(defaultMinutes, name).toBeGreaterThanOrEqual(minMinutes);
        expect(defaultMinutes, name).toBeLessThanOrEqual(maxMinutes);
      }
    }
  });

  it("give UKGC and ONTARIO no autobet, no fast play, 2.5 s slot rounds, net position, timer and honest celebration", () => {
    for (const name of ["UKGC", "ONTARIO"] as const) {
      expect(profile(name)).toMatchObject({
        autobet: false,
        fastPlay: false,
        slotMinRoundSeconds: 2.5,
        netPosition: true,
        sessionTimer: true,
        celebrateAtMostStake: false,
        wording: "gambling",
      });
      expect(profile(name).realityCheck.defaultMinutes).not.toBeNull();
    }
  });

  it("keep today's play in the default profile", () => {
    expect(profile("default")).toMatchObject({
      autobet: true,
      fastPlay: true,
      slotCategories: [],
      netPosition: false,
      sessionTimer: false,
      celebrateAtMostStake: true,
      realityCheck: { defaultMinutes: null },
    });
  });

  it("speak social wording only in SOCIAL", () => {
    for (const name of JURISDICTION_NAMES) {
      expect(profile(name).wording, name).toBe(name === "SOCIAL" ? "social" : "gambling");
    }
  });

  it("know their own names and no others", () => {
    for (const name of JURISDICTION_NAMES) expect(isJurisdictionName(name)).toBe(true);
    for (const name of ["ukgc", "Default", "UKGC ", "", "toString", "__proto__", "CA-ON", "GB"]) {
      expect(isJurisdictionName(name), name).toBe(false);
    }
  });
});

describe("minimum round duration per category", () => {
  it("applies a profile's slot minimum to its slot categories only", () => {
    for (const name of JURISDICTION_NAMES) {
      const rules = profile(name);
      for (const category of CATEGORIES) {
        const expected = rules.slotCategories.includes(category) ? rules.slotMinRoundSeconds : 0;
        expect(minRoundSecondsFor(rules, category), `${name} ${category}`).toBe(expected);
      }
    }
    expect(minRoundSecondsFor(profile("UKGC"), "instant")).toBe(2.5);
    expect(minRoundSecondsFor(profile("UKGC"), "table")).toBe(0);
    expect(minRoundSecondsFor(profile("default"), "instant")).toBe(0);
  });
});

describe("tighten, never loosen", () => {
  // Row: candidate; columns: floor, in JURISDICTION_NAMES order (default, UKGC, MGA, ONTARIO, SOCIAL).
  const TABLE: Record<JurisdictionName, boolean[]> = {
    default: [true, false, false, false, false],
    UKGC: [true, true, true, true, false],
    MGA: [true, false, true, false, false],
    ONTARIO: [true, true, true, true, false],
    SOCIAL: [true, false, false, false, true],
  };

  for (const candidate of JURISDICTION_NAMES) {
    JURISDICTION_NAMES.forEach((floor, column) => {
      const expected = TABLE[candidate][column];
      it(`${candidate} ${expected ? "meets" : "does not meet"} the ${floor} floor`, () => {
        expect(atLeastAsStrict(profile(candidate), profile(floor))).toBe(expected);
      });
    });
  }

  const base = profile("UKGC");
  const loosenings: [string, Partial<JurisdictionRules>][] = [
    ["autobet", { autobet: true }],
    ["fast play", { fastPlay: true }],
    ["celebrating a return of the stake or less", { celebrateAtMostStake: true }],
    ["a shorter slot round", { slotMinRoundSeconds: 2 }],
    ["fewer slot categories", { slotCategories: [] }],
    ["hiding the net position", { netPosition: false }],
    ["hiding the session timer", { sessionTimer: false }],
    ["hiding the RTP", { rtpShown: false }],
    ["no reality check by default", { realityCheck: { ...base.realityCheck, defaultMinutes: null } }],
    ["a longer longest interval", { realityCheck: { ...base.realityCheck, maxMinutes: 61 } }],
  ];
  it.each(loosenings)("refuses %s below the floor", (_what, change) => {
    expect(atLeastAsStrict({ ...base, ...change }, base)).toBe(false);
  });

  const tightenings: [string, Partial<JurisdictionRules>][] = [
    ["a longer slot round", { slotMinRoundSeconds: 3 }],
    ["more slot categories", { slotCategories: ["instant", "cash-out", "table"] }],
    ["a shorter longest interval", { realityCheck: { ...base.realityCheck, maxMinutes: 30 } }],
    ["social wording", { wording: "social" }],
  ];
  it.each(tightenings)("accepts %s above the floor", (_what, change) => {
    expect(atLeastAsStrict({ ...base, ...change }, base)).toBe(true);
  });
});

describe("the location's floor", () => {
  it.each([
    ["GB", "UKGC"],
    ["GB-NIR", "UKGC"],
    ["GB-ENG", "UKGC"],
    ["CA-ON", "ONTARIO"],
    ["CA", "default"],
    ["CA-QC", "default"],
    ["MT", "MGA"],
    ["DE", "default"],
    ["US-NJ", "default"],
    ["IM", "default"],
  ])("%s needs at least %s", (location, floor) => {
    expect(locationFloor(location)).toBe(floor);
  });

  it("names only shipped profiles", () => {
    for (const name of Object.values(LOCATION_FLOORS)) expect(isJurisdictionName(name)).toBe(true);
  });
});

describe("choosing the profile of a launch", () => {
  it("takes the operator's default where the location allows it", () => {
    expect(chooseJurisdiction({ operatorDefault: "MGA", location: "DE" })).toEqual({
      ok: true,
      applied: { profile: "MGA", rules: profile("MGA"), realityCheckMinutes: 60 },
    });
  });

  it("falls back to the location's floor where the operator's default would loosen it", () => {
    const decision = chooseJurisdiction({ operatorDefault: "default", location: "GB" });
    expect(decision).toMatchObject({ ok: true, applied: { profile: "UKGC", realityCheckMinutes: 60 } });
    const ontario = chooseJurisdiction({ operatorDefault: "MGA", location: "CA-ON" });
    expect(ontario).toMatchObject({ ok: true, applied: { profile: "ONTARIO" } });
  });

  it("keeps a stricter operator default in a looser location", () => {
    const decision = chooseJurisdiction({ operatorDefault: "UKGC", location: "DE" });
    expect(decision).toMatchObject({ ok: true, applied: { profile: "UKGC" } });
  });

  it("lets a launch tighten the rules", () => {
    const decision = chooseJurisdiction({ operatorDefault: "default", location: "DE", requested: "ONTARIO" });
    expect(decision).toMatchObject({ ok: true, applied: { profile: "ONTARIO" } });
    const same = chooseJurisdiction({ operatorDefault: "default", location: "GB", requested: "UKGC" });
    expect(same).toMatchObject({ ok: true, applied: { profile: "UKGC" } });
  });

  it("lets a launch name a looser profile than the operator's default where the location allows it", () => {
    const decision = chooseJurisdiction({ operatorDefault: "UKGC", location: "DE", requested: "default" });
    expect(decision).toMatchObject({ ok: true, applied: { profile: "default", realityCheckMinutes: null } });
  });

  it.each([
    ["default", "GB", "UKGC"],
    ["MGA", "GB", "UKGC"],
    ["SOCIAL", "GB", "UKGC"],
    ["default", "CA-ON", "ONTARIO"],
    ["SOCIAL", "CA-ON", "ONTARIO"],
    ["default", "MT", "MGA"],
  ] as const)("refuses %s for a player in %s (floor %s)", (requested, location, floor) => {
    expect(chooseJurisdiction({ operatorDefault: "UKGC", location, requested })).toEqual({
      ok: false,
      code: "jurisdiction_not_allowed",
      profile: requested,
      floor,
    });
  });

  it.each(["ukgc", "UK", "", " UKGC", "constructor", "__proto__", "DEFAULT"])(
    "refuses the unknown profile %j",
    (requested) => {
      expect(chooseJurisdiction({ operatorDefault: "default", location: "DE", requested })).toEqual({
        ok: false,
        code: "unknown_jurisdiction",
        requested,
      });
    },
  );

  for (const name of JURISDICTION_NAMES) {
    const { minMinutes, maxMinutes } = profile(name).realityCheck;
    it(`accepts ${name} intervals from ${minMinutes} to ${maxMinutes} minutes and nothing outside`, () => {
      const choose = (minutes: number) =>
        chooseJurisdiction({
          operatorDefault: "default",
          location: "DE",
          requested: name,
          realityCheckMinutes: minutes,
        });
      for (const inside of [minMinutes, maxMinutes]) {
        expect(choose(inside)).toMatchObject({
          ok: true,
          applied: { profile: name, realityCheckMinutes: inside },
        });
      }
      for (const outside of [minMinutes - 1, maxMinutes + 1, 0, -5]) {
        expect(choose(outside)).toEqual({
          ok: false,
          code: "reality_check_interval_out_of_bounds",
          profile: name,
          minMinutes,
          maxMinutes,
        });
      }
    });
  }

  it("checks the interval against the profile that applies, not the one named by the operator", () => {
    // The operator's default allows up to a day, but a player in GB plays under UKGC: at most 60 minutes.
    const decision = chooseJurisdiction({
      operatorDefault: "default",
      location: "GB",
      realityCheckMinutes: 120,
    });
    expect(decision).toMatchObject({
      ok: false,
      code: "reality_check_interval_out_of_bounds",
      profile: "UKGC",
    });
  });
});

describe("the wire form", () => {
  it("gives the game's minimum round duration and the session's interval", () => {
    const applied = { profile: "UKGC" as const, rules: profile("UKGC"), realityCheckMinutes: 30 };
    expect(jurisdictionInfo(applied, "instant")).toEqual({
      profile: "UKGC",
      rules: {
        autobet: false,
        fastPlay: false,
        minRoundSeconds: 2.5,
        slotCategories: ["instant"],
        netPosition: true,
        sessionTimer: true,
        realityCheck: { intervalMinutes: 30, minMinutes: 10, maxMinutes: 60 },
        rtpShown: true,
        celebrateAtMostStake: false,
        wording: "gambling",
      },
    });
    expect(jurisdictionInfo(applied, "table").rules.minRoundSeconds).toBe(0);
  });
});
