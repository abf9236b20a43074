import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../../test-support/services.ts";
import { manualClock } from "../../../src/clock.ts";
import type { Store } from "../../../src/store/database.ts";
import { storeBackends } from "../../store/store-backends.ts";
import { createHarness, errorOf, type Harness, START_MS, type TestOperator } from "../support.ts";
import { DICE, gameRequest, launchDemo, ok, type RoundResult, revealThenCashOut } from "./game-support.ts";

const backends = storeBackends(await postgresAvailable());

describe.each(backends)("a game its operator no longer offers, on $name", (backend) => {
  let store: Store;
  let h: Harness;
  let packs = 0;

  beforeAll(async () => {
    store = await backend.open(manualClock(START_MS));
    h = await createHarness({ store });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await store?.close();
    await backend.dispose();
  });

  /** An operator whose only pack holds `games`, and a way to change that pack's games. */
  async function operatorWith(games: string[]) {
    const id = `withdrawn-${++packs}`;
    await store.packs.create({ id, name: id, games, now: new Date(h.clock.now()) });
    const operator: TestOperator = await h.createOperator({ name: id, packs: [id] });
    return {
      operator,
      remove: (codes: string[]) => store.packs.removeGames(id, codes),
      add: (codes: string[]) => store.packs.addGames(id, codes),
    };
  }

  /** Past the caches' bound (CACHE_SECONDS): every instance sees the change. */
  const pastCaches = () => h.clock.advance(h.config.cacheSeconds * 1000 + 1);

  it("refuses new rounds of live sessions with game_not_enabled once the game leaves the operator's packs", async () => {
    const { operator, remove, add } = await operatorWith(["dice-alpha", "mines-alpha"]);
    const { token } = await launchDemo(h, { gameCode: "dice-alpha" }, operator);
    ok(await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: DICE }));

    await remove(["dice-alpha"]);
    pastCaches();
    const refused = await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: DICE });
    expect(errorOf(refused)).toMatchObject({ status: 403, code: "game_not_enabled" });
    // The session is still the player's: history and seeds still answer.
    ok(await gameRequest(h, token, "GET", "/game/history?limit=5"));

    await add(["dice-alpha"]);
    pastCaches();
    ok(await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: DICE }));
  });

  it("lets an open round finish, but starts no new one", async () => {
    const { operator, remove } = await operatorWith(["mines-alpha"]);
    const { token } = await launchDemo(h, { gameCode: "mines-alpha" }, operator);
    const opened = ok<RoundResult>(
      await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: { mines: 1 } }),
    );
    expect(opened.round.status).toBe("open");

    await remove(["mines-alpha"]);
    pastCaches();
    const finished = await revealThenCashOut(h, token, opened.round.id, 0);
    expect(finished.round.status).not.toBe("open");
    const refused = await gameRequest(h, token, "POST", "/game/play", {
      amount: "1.00",
      params: { mines: 1 },
    });
    expect(errorOf(refused)).toMatchObject({ status: 403, code: "game_not_enabled" });
  });

  it("refuses new rounds once the session's country is taken off the operator's list", async () => {
    const { operator } = await operatorWith(["dice-alpha"]);
    const { token } = await launchDemo(h, { gameCode: "dice-alpha", countryCode: "DE" }, operator);
    ok(await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: DICE }));

    await h.operators.update(operator.id, { allowedCountries: ["FR"] });
    pastCaches();
    const refused = await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: DICE });
    expect(errorOf(refused)).toMatchObject({ status: 403, code: "game_not_enabled" });
  });
});
