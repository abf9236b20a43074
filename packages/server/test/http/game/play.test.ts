import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, errorOf, type Harness } from "../support.ts";
import { cents, DICE, gameRequest, launchDemo, ok, type RoundResult } from "./game-support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const current = (token: string) => gameRequest(h, token, "POST", "/game/current");

describe("POST /game/play in demo", () => {
  it("plays a dice round: the balance moves by the stake and the payout", async () => {
    const { token } = await launchDemo(h);
    const before = ok<{ balance: string; round: null }>(await current(token));
    expect(before).toEqual({
      session: {
        gameCode: "dice-alpha",
        currency: "USD",
        decimals: 2,
        minBet: "0.10",
        maxBet: "1000.00",
        maxWin: "100000.00",
        rtp: "99",
        mode: "demo",
        expiresAt: "2030-01-01T01:00:00.000Z",
        lobbyUrl: "https://casino.example/lobby?x=1&y=2",
        jurisdiction: expect.objectContaining({ profile: "default" }),
        startedAt: "2030-01-01T00:00:00.000Z",
        realityCheckDueAt: null,
        nextRoundAt: null,
        links: {},
      },
      balance: "1000.00",
      round: null,
    });

    const result = ok<RoundResult>(
      await gameRequest(h, token, "POST", "/game/play", { amount: "2.50", params: DICE }),
    );
    expect(result.round).toMatchObject({
      gameCode: "dice-alpha",
      status: "closed",
      stake: "2.50",
      currency: "USD",
    });
    expect(result.round.view).toHaveProperty("roll");
    const payout = cents(result.round.payout);
    expect(payout === 0n || payout > 250n).toBe(true);
    expect(result.balance).not.toBeNull();
    expect(cents(result.balance ?? "")).toBe(100_000n - 250n + payout);
    expect(ok<{ balance: string }>(await current(token)).balance).toBe(result.balance);
  });

  it("keeps the balance right over many rounds", async () => {
    const { token } = await launchDemo(h);
    let expected = 100_000n;
    for (let i = 0; i < 10; i++) {
      const { round, balance } = ok<RoundResult>(
        await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: DICE }),
      );
      expected += cents(round.payout) - 100n;
      expect(cents(balance ?? "")).toBe(expected);
    }
  });

  it("plays a mines round to a cash-out or a mine", async () => {
    const { token } = await launchDemo(h, { gameCode: "mines-alpha" });
    const opened = ok<RoundResult>(
      await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: { mines: 3 } }),
    );
    expect(opened.round.status).toBe("open");
    expect(opened.balance).toBe("999.00");
    const resumed = ok<{ round: { id: string } }>(await current(token));
    expect(resumed.round.id).toBe(opened.round.id);

    const revealed = ok<RoundResult>(
      await gameRequest(h, token, "POST", "/game/action", {
        roundId: opened.round.id,
        action: "reveal",
        params: { tile: 0 },
      }),
    );
    let final = revealed;
    if (revealed.round.status === "open") {
      final = ok<RoundResult>(
        await gameRequest(h, token, "POST", "/game/action", { roundId: opened.round.id, action: "cash_out" }),
      );
      expect(cents(final.round.payout)).toBeGreaterThan(100n);
    } else {
      expect(final.round.payout).toBe("0");
    }
    expect(final.round.status).toBe("closed");
    expect(cents(final.balance ?? "")).toBe(99_900n + cents(final.round.payout));
    expect(ok<{ round: null }>(await current(token)).round).toBeNull();
  });
});

describe("POST /game/play refusals", () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await launchDemo(h));
  });
  const play = (body: unknown) => gameRequest(h, token, "POST", "/game/play", body);

  it.each([
    [{ amount: "1.001", params: DICE }, "invalid_amount"],
    [{ amount: "abc", params: DICE }, "invalid_amount"],
    [{ amount: "-1.00", params: DICE }, "invalid_amount"],
    [{ amount: "0.05", params: DICE }, "bet_below_minimum"],
    [{ amount: "1000.01", params: DICE }, "bet_above_maximum"],
    [{ amount: "1.00", params: { condition: "sideways", target: "50" } }, "invalid_params"],
    [{ amount: 1, params: DICE }, "invalid_request"],
    [{ amount: "1.00", params: DICE, extra: true }, "invalid_request"],
    [{ params: DICE }, "invalid_request"],
  ])("refuses %j with %s", async (body, code) => {
    const error = errorOf(await play(body));
    expect(error).toMatchObject({ status: 400, code });
    expect(error.detail).toBeTruthy();
  });

  it("names the game's reason beside invalid_params", async () => {
    const error = errorOf(await play({ amount: "1.00", params: { condition: "sideways", target: "50" } }));
    expect(error).toMatchObject({ status: 400, code: "invalid_params", reason: "invalid_condition" });
    expect(errorOf(await play({ amount: "1.001", params: DICE })).reason).toBeUndefined();
  });

  it("refuses a bet that could win more than the maximum win before money moves", async () => {
    const error = errorOf(await play({ amount: "1000.00", params: { condition: "over", target: "99.98" } }));
    expect(error).toMatchObject({ status: 400, code: "max_win_exceeded" });
    expect(ok<{ balance: string }>(await current(token)).balance).toBe("1000.00");
  });

  it("answers malformed JSON and other media types in the error shape", async () => {
    expect(errorOf(await play("{nope")).code).toBe("malformed_json");
    const text = await gameRequest(h, token, "POST", "/game/play", "amount=1", {
      "content-type": "text/plain",
    });
    expect(errorOf(text)).toMatchObject({ status: 415, code: "unsupported_media_type" });
  });

  it("refuses a second round of a game while one is open", async () => {
    const mines = await launchDemo(h, { gameCode: "mines-alpha" });
    const first = await gameRequest(h, mines.token, "POST", "/game/play", {
      amount: "1.00",
      params: { mines: 3 },
    });
    expect(first.statusCode).toBe(200);
    const second = await gameRequest(h, mines.token, "POST", "/game/play", {
      amount: "1.00",
      params: { mines: 3 },
    });
    expect(errorOf(second)).toMatchObject({ status: 409, code: "active_round_exists" });
  });
});
