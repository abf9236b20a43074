import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../../src/clock.ts";
import { HistoryMover, MIN_AGE_MS } from "../../../src/rounds/history-mover.ts";
import { findRound } from "../../../src/rounds/round-repository.ts";
import { createHarness, type Harness } from "../support.ts";
import { gameRequest, launchDemo, ok, type RoundResult, revealThenCashOut } from "./game-support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe("archived rounds through the game API", () => {
  it("are still shown, listed and verified once moved to the history", async () => {
    // Mines: a round of several steps, replayed action by action.
    const { token } = await launchDemo(h, { gameCode: "mines-alpha" });
    const played: RoundResult[] = [];
    for (let i = 0; i < 3; i++) {
      const opened = ok<RoundResult>(
        await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: { mines: 5 } }),
      );
      played.push(await revealThenCashOut(h, token, opened.round.id, 12));
    }
    ok(await gameRequest(h, token, "POST", "/seed/rotate"));
    const before = ok<{ rounds: { id: string }[] }>(
      await gameRequest(h, token, "GET", "/game/history?limit=10"),
    );

    // The mover runs later than the session's clock: the rounds are past its minimum age.
    const later = manualClock(h.clock.now() + MIN_AGE_MS + 1_000);
    const moved = await new HistoryMover({ store: h.store, clock: later }).move({
      before: new Date(h.clock.now() + 1),
    });
    expect(moved.rounds).toBeGreaterThanOrEqual(3);
    for (const r of played) expect(await findRound(h.store.db, r.round.id)).toBeUndefined();

    const after = ok<{ rounds: { id: string }[] }>(
      await gameRequest(h, token, "GET", "/game/history?limit=10"),
    );
    expect(after.rounds.map((r) => r.id)).toEqual(before.rounds.map((r) => r.id));
    const first = played[0]?.round.id ?? "";
    const shown = ok<{ id: string; status: string; reveal?: unknown }>(
      await gameRequest(h, token, "GET", `/game/round/${first}`),
    );
    expect(shown).toMatchObject({ id: first, status: "closed" });
    expect(shown.reveal).toBeDefined();
    const verified = ok<{ matches: boolean; payout: string }>(
      await gameRequest(h, token, "POST", "/game/verify", { roundId: first }),
    );
    expect(verified).toMatchObject({ matches: true, payout: played[0]?.round.payout });

    // Acting on it says it is over, as before the move; another player is still told there is no such round.
    const acted = await gameRequest(h, token, "POST", "/game/action", { roundId: first, action: "cash_out" });
    expect(acted.statusCode, acted.body).toBe(409);
    expect(acted.json()).toMatchObject({ code: "round_closed" });
    const other = await launchDemo(h, { gameCode: "mines-alpha", playerId: "another-player" });
    const foreign = await gameRequest(h, other.token, "POST", "/game/action", {
      roundId: first,
      action: "cash_out",
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json()).toMatchObject({ code: "round_not_found" });
  });
});
