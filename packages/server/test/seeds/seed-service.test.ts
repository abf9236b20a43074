import { createHash } from "node:crypto";
import { nodeHmacSha256 } from "@rgs/games/fair/node-hmac";
import { FairRandom } from "@rgs/games/fair/random";
import { gameForCode } from "@rgs/games/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";
import { engine, newOperator, newSession } from "../rounds/support.ts";

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

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const demoDice = () =>
  newSession(store, { operatorId, mode: "demo", gameCode: "dice-alpha", now: new Date(T0) });
const bet = { amount: "1.00", params: { condition: "over", target: "50.50" } };

describe("SeedService", () => {
  it("shows the active and next commitments, with a random 16-hex client seed and nonce 0", async () => {
    const s = await demoDice();
    const seeds = await kit.seeds.current(s);
    expect(seeds.active.clientSeed).toMatch(/^[0-9a-f]{16}$/);
    expect(seeds.active.nonce).toBe(0);
    expect(seeds.active.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(seeds.next.serverSeedHash).not.toBe(seeds.active.serverSeedHash);
    expect(await kit.seeds.current(s)).toEqual(seeds);
  });

  it("numbers rounds 0, 1, 2 and reveals a seed that matches its commitment and replays each round", async () => {
    const s = await demoDice();
    const before = await kit.seeds.current(s);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await kit.rounds.play(s, bet)).round.id);
    const details = await Promise.all(ids.map((id) => kit.rounds.round(s, id)));
    expect(details.map((d) => d.fairness.nonce)).toEqual([0, 1, 2]);
    expect(details[0]?.fairness.serverSeed).toBeUndefined();

    const rotation = await kit.seeds.rotate(s);
    expect(rotation.revealed).toMatchObject({ serverSeedHash: before.active.serverSeedHash, nonces: 3 });
    expect(sha256(rotation.revealed.serverSeed)).toBe(before.active.serverSeedHash);
    expect(rotation.active).toEqual({
      serverSeedHash: before.next.serverSeedHash,
      clientSeed: before.active.clientSeed,
      nonce: 0,
    });
    expect(rotation.next.serverSeedHash).not.toBe(before.next.serverSeedHash);

    const revealed = await kit.rounds.round(s, ids[1] as string);
    expect(revealed.fairness.serverSeed).toBe(rotation.revealed.serverSeed);
    const random = new FairRandom(nodeHmacSha256, {
      serverSeed: rotation.revealed.serverSeed,
      clientSeed: before.active.clientSeed,
      nonce: 1,
    });
    const dice = gameForCode("dice-alpha");
    if (!dice) throw new Error("dice-alpha is in the catalog");
    const replayed = dice.game.start(
      { stake: 100n, params: revealed.params, rtp: dice.rtp, maxWin: s.betLimits.maxWin },
      { random: random.reader(0), now: T0 },
    );
    expect(revealed.reveal).toEqual(JSON.parse(JSON.stringify(dice.game.reveal(replayed.state))));
    expect(await kit.seeds.reveal(s, rotation.revealed.id)).toEqual(rotation.revealed);
  });

  it("changes an unused pair's client seed in place and rotates a used one", async () => {
    const s = await demoDice();
    const before = await kit.seeds.current(s);
    const inPlace = await kit.seeds.setClientSeed(s, "lucky-7");
    expect(inPlace).toEqual({ ...before, active: { ...before.active, clientSeed: "lucky-7" } });
    await kit.rounds.play(s, bet);
    const rotated = await kit.seeds.setClientSeed(s, "lucky-8");
    expect(rotated.revealed).toMatchObject({ clientSeed: "lucky-7", nonces: 1 });
    expect(rotated.active).toEqual({
      serverSeedHash: before.next.serverSeedHash,
      clientSeed: "lucky-8",
      nonce: 0,
    });
    await expect(kit.seeds.setClientSeed(s, "has space")).rejects.toMatchObject({
      code: "invalid_client_seed",
    });
    await expect(kit.seeds.setClientSeed(s, "x".repeat(65))).rejects.toMatchObject({
      code: "invalid_client_seed",
    });
  });

  it("refuses rotation while a round is open and reveals only retired pairs of the same player", async () => {
    const s = await newSession(store, {
      operatorId,
      mode: "demo",
      gameCode: "mines-alpha",
      now: new Date(T0),
    });
    const opened = await kit.rounds.play(s, { amount: "1.00", params: { mines: 3 } });
    expect(opened.round.status).toBe("open");
    await expect(kit.seeds.rotate(s)).rejects.toMatchObject({ code: "active_round_exists", status: 409 });
    const details = await kit.rounds.round(s, opened.round.id);
    expect(details.reveal).toBeUndefined();
    expect(JSON.stringify(details.view)).not.toContain('minePositions":[');
    await kit.rounds.abandon(opened.round.id);
    const rotation = await kit.seeds.rotate(s);
    const other = await demoDice();
    await expect(kit.seeds.reveal(other, rotation.revealed.id)).rejects.toMatchObject({
      code: "seed_pair_not_found",
    });
    await expect(kit.seeds.reveal(s, "not-a-uuid")).rejects.toMatchObject({ code: "seed_pair_not_found" });
    const current = await kit.seeds.current(s);
    expect(current.active.nonce).toBe(0);
  });
});
