import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, DEMO_LAUNCH, errorOf, type Harness, type TestOperator } from "../support.ts";

let h: Harness;
let ukgcOperator: TestOperator;
beforeAll(async () => {
  h = await createHarness();
  ukgcOperator = await h.createOperator({ name: "UK casino", jurisdiction: "UKGC" });
});
afterAll(async () => h.close());

interface Jurisdiction {
  profile: string;
  rules: {
    autobet: boolean;
    fastPlay: boolean;
    minRoundSeconds: number;
    netPosition: boolean;
    sessionTimer: boolean;
    realityCheck: { intervalMinutes: number | null; minMinutes: number; maxMinutes: number };
    celebrateAtMostStake: boolean;
    wording: string;
  };
}

let players = 0;
const freshPlayer = () => `jurisdiction-player-${++players}`;

function launch(body: Record<string, unknown>, operator?: TestOperator) {
  return h.signed({
    method: "POST",
    path: "/operator/launch",
    body: { ...DEMO_LAUNCH, playerId: freshPlayer(), ...body },
    ...(operator ? { operator } : {}),
  });
}

async function launched(body: Record<string, unknown>, operator?: TestOperator) {
  const response = await launch(body, operator);
  if (response.statusCode !== 200) throw new Error(`launch failed: ${response.body}`);
  return response.json() as { launchUrl: string; sessionId: string; jurisdiction: Jurisdiction };
}

async function sessionJurisdiction(launchUrl: string): Promise<Jurisdiction> {
  const token = new URL(launchUrl).searchParams.get("sessionToken") ?? "";
  const response = await h.app.inject({
    method: "POST",
    url: "/game/current",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    payload: "{}",
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { session: { jurisdiction: Jurisdiction } }).session.jurisdiction;
}

const sessionCount = async () =>
  Number(
    (
      await h.store.db
        .selectFrom("sessions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the jurisdiction of a launch", () => {
  it("plays as today under the default profile, and says so in the answer and the session data", async () => {
    const body = await launched({});
    expect(body.jurisdiction).toMatchObject({
      profile: "default",
      rules: {
        autobet: true,
        fastPlay: true,
        minRoundSeconds: 0,
        netPosition: false,
        realityCheck: { intervalMinutes: null },
      },
    });
    expect(await sessionJurisdiction(body.launchUrl)).toEqual(body.jurisdiction);
  });

  it("applies UKGC to a player in GB without being asked", async () => {
    const body = await launched({ countryCode: "GB" });
    expect(body.jurisdiction).toMatchObject({
      profile: "UKGC",
      rules: {
        autobet: false,
        fastPlay: false,
        minRoundSeconds: 2.5,
        netPosition: true,
        sessionTimer: true,
        celebrateAtMostStake: false,
        realityCheck: { intervalMinutes: 60, minMinutes: 10, maxMinutes: 60 },
      },
    });
    expect(await sessionJurisdiction(body.launchUrl)).toEqual(body.jurisdiction);
  });

  it("applies ONTARIO to a player in CA-ON, and nothing special to one in CA-QC", async () => {
    expect((await launched({ countryCode: "CA-ON" })).jurisdiction.profile).toBe("ONTARIO");
    expect((await launched({ countryCode: "CA-QC" })).jurisdiction.profile).toBe("default");
  });

  it("gives a table game no minimum round duration under UKGC", async () => {
    const body = await launched({ countryCode: "GB", gameCode: "blackjack-leo" });
    expect(body.jurisdiction).toMatchObject({
      profile: "UKGC",
      rules: { minRoundSeconds: 0, autobet: false },
    });
  });

  it("lets a launch tighten the rules and set the reality-check interval", async () => {
    const body = await launched({ jurisdiction: "ONTARIO", realityCheckMinutes: 15 });
    expect(body.jurisdiction).toMatchObject({
      profile: "ONTARIO",
      rules: { realityCheck: { intervalMinutes: 15 } },
    });
    expect((await sessionJurisdiction(body.launchUrl)).rules.realityCheck.intervalMinutes).toBe(15);
  });

  it("applies the operator's default profile to launches that name none", async () => {
    const body = await launched({}, ukgcOperator);
    expect(body.jurisdiction.profile).toBe("UKGC");
    expect((await launched({ jurisdiction: "default" }, ukgcOperator)).jurisdiction.profile).toBe("default");
  });

  it("opens another session for another profile, and reuses the live one for the same", async () => {
    const playerId = freshPlayer();
    const first = await launched({ playerId, countryCode: "DE" });
    h.clock.advance(1000); // the same signed body again a second later, as a repeated launch is sent
    const again = await launched({ playerId, countryCode: "DE" });
    const stricter = await launched({ playerId, countryCode: "DE", jurisdiction: "MGA" });
    expect(again.sessionId).toBe(first.sessionId);
    expect(stricter.sessionId).not.toBe(first.sessionId);
    expect((await sessionJurisdiction(again.launchUrl)).profile).toBe("default");
    expect((await sessionJurisdiction(stricter.launchUrl)).profile).toBe("MGA");
  });
});

describe("a launch refused for its jurisdiction, with nothing created", () => {
  it.each([
    [{ countryCode: "GB", jurisdiction: "default" }, "jurisdiction_not_allowed", "UKGC"],
    [{ countryCode: "GB", jurisdiction: "MGA" }, "jurisdiction_not_allowed", "UKGC"],
    [{ countryCode: "GB", jurisdiction: "SOCIAL" }, "jurisdiction_not_allowed", "UKGC"],
    [{ countryCode: "CA-ON", jurisdiction: "default" }, "jurisdiction_not_allowed", "ONTARIO"],
    [{ jurisdiction: "ukgc" }, "unknown_jurisdiction", "UKGC, MGA"],
    [{ jurisdiction: "NJ" }, "unknown_jurisdiction", "UKGC, MGA"],
    [{ countryCode: "GB", realityCheckMinutes: 61 }, "reality_check_interval_out_of_bounds", "10 to 60"],
    [{ jurisdiction: "UKGC", realityCheckMinutes: 9 }, "reality_check_interval_out_of_bounds", "10 to 60"],
    [{ realityCheckMinutes: 5 }, "reality_check_interval_out_of_bounds", "10 to 1440"],
    [{ jurisdiction: "SOCIAL" }, "currency_not_allowed", "virtual currencies only"],
    [{ jurisdiction: "SOCIAL", currency: "BTC" }, "currency_not_allowed", "not BTC"],
    [{ currency: "GC" }, "currency_not_allowed", "SOCIAL profile only"],
    [{ currency: "SC", demo: false }, "currency_not_allowed", "not under default"],
    [{ jurisdiction: "MGA", currency: "GC" }, "currency_not_allowed", "not under MGA"],
    [{ jurisdiction: "ONTARIO", currency: "SC" }, "currency_not_allowed", "not under ONTARIO"],
    [{ countryCode: "GB", currency: "GC" }, "currency_not_allowed", "not under UKGC"],
  ])("%j: 400 %s", async (fields, code, mention) => {
    const before = await sessionCount();
    const error = errorOf(await launch(fields));
    expect(error).toMatchObject({ status: 400, code });
    expect(error.detail).toContain(mention);
    expect(await sessionCount()).toBe(before);
  });

  it.each([
    [{ jurisdiction: "" }],
    [{ jurisdiction: "X".repeat(33) }],
    [{ jurisdiction: 1 }],
    [{ jurisdiction: null }],
    [{ jurisdiction: ["UKGC"] }],
    [{ realityCheckMinutes: 30.5 }],
    [{ realityCheckMinutes: "30" }],
    [{ realityCheckMinutes: 0 }],
    [{ realityCheckMinutes: 1e12 }],
    [{ realityCheckMinutes: null }],
  ])("%j: 400 invalid_request", async (fields) => {
    const before = await sessionCount();
    const error = errorOf(await launch(fields));
    expect(error).toMatchObject({ status: 400, code: "invalid_request" });
    expect(await sessionCount()).toBe(before);
  });

  it("plays a SOCIAL session in Gold Coins or Sweeps Coins", async () => {
    for (const currency of ["GC", "SC"]) {
      const body = await launched({ jurisdiction: "SOCIAL", currency });
      expect(body.jurisdiction).toMatchObject({ profile: "SOCIAL", rules: { wording: "social" } });
    }
  });
});
