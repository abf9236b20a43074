import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, errorOf, type Harness } from "../support.ts";
import { DICE, gameRequest, launchDemo, ok, type RoundResult, revealThenCashOut } from "./game-support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

interface Seeds {
  active: { serverSeedHash: string; clientSeed: string; nonce: number };
  next: { serverSeedHash: string };
  revealed?: { id: string; serverSeed: string; serverSeedHash: string; clientSeed: string; nonces: number };
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("seeds", () => {
  it("shows the commitments, takes a client seed, rotates and reveals", async () => {
    const { token } = await launchDemo(h);
    const seeds = ok<Seeds>(await gameRequest(h, token, "POST", "/seed/current"));
    expect(seeds.active.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(seeds.active.nonce).toBe(0);

    const set = ok<Seeds>(
      await gameRequest(h, token, "POST", "/seed/client", { clientSeed: "my-lucky-seed" }),
    );
    expect(set.active.clientSeed).toBe("my-lucky-seed");
    ok(await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: DICE }));

    const rotated = ok<Seeds>(await gameRequest(h, token, "POST", "/seed/rotate"));
    const revealed = rotated.revealed;
    expect(revealed).toBeDefined();
    expect(sha256(revealed?.serverSeed ?? "")).toBe(seeds.active.serverSeedHash);
    expect(revealed).toMatchObject({ clientSeed: "my-lucky-seed", nonces: 1 });
    expect(rotated.active.serverSeedHash).toBe(seeds.next.serverSeedHash);

    const again = ok<{ serverSeed: string }>(
      await gameRequest(h, token, "POST", "/seed/reveal", { seedPairId: revealed?.id }),
    );
    expect(again.serverSeed).toBe(revealed?.serverSeed);
  });

  it("refuses to rotate while a round is open", async () => {
    const { token } = await launchDemo(h, { gameCode: "mines-alpha" });
    ok(await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: { mines: 3 } }));
    expect(errorOf(await gameRequest(h, token, "POST", "/seed/rotate"))).toMatchObject({
      status: 409,
      code: "active_round_exists",
    });
  });

  it.each([
    ["/seed/client", { clientSeed: "has space" }, 400, "invalid_client_seed"],
    ["/seed/client", { clientSeed: "" }, 400, "invalid_request"],
    ["/seed/client", { clientSeed: 42 }, 400, "invalid_request"],
    ["/seed/reveal", { seedPairId: "00000000-0000-4000-8000-000000000000" }, 404, "seed_pair_not_found"],
    ["/seed/reveal", {}, 400, "invalid_request"],
  ])("%s %j -> %i %s", async (path, body, status, code) => {
    const { token } = await launchDemo(h);
    expect(errorOf(await gameRequest(h, token, "POST", path, body))).toMatchObject({ status, code });
  });

  it("refuses to reveal the active pair", async () => {
    const { token } = await launchDemo(h);
    ok(await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: DICE }));
    const { revealed } = ok<Seeds>(await gameRequest(h, token, "POST", "/seed/rotate"));
    const other = await launchDemo(h);
    const foreign = await gameRequest(h, other.token, "POST", "/seed/reveal", { seedPairId: revealed?.id });
    expect(errorOf(foreign).code).toBe("seed_pair_not_found");
  });
});

describe("POST /game/verify", () => {
  it("recomputes a finished round by roundId once its seeds are revealed", async () => {
    const { token } = await launchDemo(h, { gameCode: "mines-alpha" });
    const opened = ok<RoundResult>(
      await gameRequest(h, token, "POST", "/game/play", { amount: "2.00", params: { mines: 5 } }),
    );
    const last = await revealThenCashOut(h, token, opened.round.id, 12);
    const secret = await gameRequest(h, token, "POST", "/game/verify", { roundId: opened.round.id });
    expect(errorOf(secret)).toMatchObject({ status: 409, code: "seed_pair_not_retired" });

    ok(await gameRequest(h, token, "POST", "/seed/rotate"));
    const verified = ok<{ matches: boolean; payout: string; stake: string; closed: boolean }>(
      await gameRequest(h, token, "POST", "/game/verify", { roundId: opened.round.id }),
    );
    expect(verified).toMatchObject({ matches: true, closed: true, stake: "2.00", payout: last.round.payout });
  });

  it("recomputes a round from seeds alone, without a session, as the round shows them", async () => {
    const { token } = await launchDemo(h);
    const played = ok<RoundResult>(
      await gameRequest(h, token, "POST", "/game/play", { amount: "3.00", params: DICE }),
    );
    const { revealed } = ok<Seeds>(await gameRequest(h, token, "POST", "/seed/rotate"));
    const replay = ok<{ payout: string; steps: { view: unknown }[]; serverSeedHash: string }>(
      await gameRequest(h, undefined, "POST", "/game/verify", {
        serverSeed: revealed?.serverSeed,
        clientSeed: revealed?.clientSeed,
        nonce: 0,
        gameCode: "dice-alpha",
        params: DICE,
        amount: "3.00",
      }),
    );
    expect(replay.payout).toBe(played.round.payout);
    expect(replay.steps[0]?.view).toEqual(played.round.view);
    expect(replay.serverSeedHash).toBe(revealed?.serverSeedHash);
  });

  it("gives another outcome for another nonce", async () => {
    const body = { serverSeed: "a".repeat(64), clientSeed: "c", gameCode: "dice-alpha", params: DICE };
    const rolls = new Set<string>();
    for (let nonce = 0; nonce < 5; nonce++) {
      const replay = ok<{ steps: { view: { roll: string } }[] }>(
        await gameRequest(h, undefined, "POST", "/game/verify", { ...body, nonce }),
      );
      rolls.add(replay.steps[0]?.view.roll ?? "");
    }
    expect(rolls.size).toBeGreaterThan(1);
  });

  it.each([
    [{ serverSeed: "s", clientSeed: "c", nonce: 0 }, 400, "invalid_request"],
    [{ serverSeed: "s", clientSeed: "c", nonce: 0, gameCode: "nope-alpha" }, 400, "unknown_game"],
    [
      { serverSeed: "s", clientSeed: "c", nonce: 0, gameCode: "dice-alpha", params: {} },
      400,
      "invalid_params",
    ],
    [{ serverSeed: "s", clientSeed: "c", nonce: -1, gameCode: "dice-alpha" }, 400, "invalid_request"],
    [
      { serverSeed: "s", clientSeed: "c", nonce: 0, gameCode: "dice-alpha", params: DICE, amount: "1.234" },
      400,
      "invalid_amount",
    ],
    [
      {
        serverSeed: "s",
        clientSeed: "c",
        nonce: 0,
        gameCode: "dice-alpha",
        params: DICE,
        actions: [{ action: "x" }],
      },
      400,
      "invalid_action",
    ],
    [{ roundId: "00000000-0000-4000-8000-000000000000" }, 401, "invalid_session"],
  ])("refuses %j with %i %s", async (body, status, code) => {
    expect(errorOf(await gameRequest(h, undefined, "POST", "/game/verify", body))).toMatchObject({
      status,
      code,
    });
  });
});
