import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";
import { engine, newOperator, newSession } from "./support.ts";

const T0 = Date.UTC(2030, 0, 1);
const clock = manualClock(T0);
let store: Store;
let operatorId: string;
let kit: ReturnType<typeof engine>;

beforeAll(async () => {
  store = await openMemoryStore({ clock });
  operatorId = await newOperator(store, new Date(T0));
  kit = engine({ store, clock });
});
afterAll(async () => {
  await store.close();
});

const session = (gameCode: string) =>
  newSession(store, { operatorId, mode: "demo", gameCode, now: new Date(T0) });
const over = (target: string) => ({ condition: "over", target });

describe("bets are checked before any money moves", () => {
  it.each([
    ["1.001", "invalid_amount", "decimals"],
    ["-1", "invalid_amount", ""],
    [12, "invalid_amount", ""],
    ["0.05", "bet_below_minimum", "The bet of 0.05 USD is below the minimum of 0.10 USD."],
    ["1000.01", "bet_above_maximum", "above the maximum of 1000.00 USD"],
  ])("amount %j -> %s", async (amount, code, detail) => {
    const s = await session("dice-alpha");
    const error = await kit.rounds
      .play(s, { amount: amount as string, params: over("50.50") })
      .catch((e) => e);
    expect(error).toMatchObject({ code, status: 400 });
    expect(error.detail).toContain(detail);
    expect((await kit.rounds.current(s)).balance).toBe("1000.00");
  });

  it("passes the game's own parameter error through", async () => {
    const s = await session("dice-alpha");
    const error = await kit.rounds.play(s, { amount: "1.00", params: over("99.99") }).catch((e) => e);
    expect(error).toMatchObject({ code: "invalid_params", status: 400, reason: "invalid_target" });
    expect(error.detail).toContain("target");
  });

  it("refuses a single-round bet that could pay more than the maximum win", async () => {
    const s = await session("dice-alpha");
    // Over 98.99 pays about 99x: 200.00 could win about 19 800, above the 10 000.00 maximum.
    const error = await kit.rounds.play(s, { amount: "200.00", params: over("98.99") }).catch((e) => e);
    expect(error).toMatchObject({ code: "max_win_exceeded", status: 400 });
    expect(error.detail).toContain("maximum win of 10000.00 USD");
    const fits = await kit.rounds.play(s, { amount: "1.00", params: over("98.99") });
    expect(fits.round.status).toBe("closed");
  });

  it("lets a cash-out game start when its top prize exceeds the maximum win, unless its first step does", async () => {
    const s = await session("mines-alpha");
    const refused = await kit.rounds.play(s, { amount: "500.00", params: { mines: 24 } }).catch((e) => e);
    expect(refused).toMatchObject({ code: "max_win_exceeded", status: 400 });
    expect((await kit.rounds.current(s)).balance).toBe("1000.00");
    const opened = await kit.rounds.play(s, { amount: "500.00", params: { mines: 3 } });
    expect(opened).toMatchObject({ balance: "500.00", round: { status: "open" } });
  });

  it("answers invalid_action with the game's detail and round_closed after the end", async () => {
    const s = await session("mines-alpha");
    const opened = await kit.rounds.play(s, { amount: "1.00", params: { mines: 3 } });
    const bad = await kit.rounds.act(s, { roundId: opened.round.id, action: "explode" }).catch((e) => e);
    expect(bad).toMatchObject({ code: "invalid_action", status: 400, reason: "unknown_action" });
    await kit.rounds.abandon(opened.round.id);
    const late = await kit.rounds.act(s, { roundId: opened.round.id, action: "cash_out" }).catch((e) => e);
    expect(late).toMatchObject({ code: "round_closed", status: 409 });
    const details = await kit.rounds.round(s, opened.round.id);
    expect(details.status).toBe("closed");
    expect(details.reveal).toMatchObject({ minePositions: expect.any(Array) });
  });
});
