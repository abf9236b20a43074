import { randomBytes } from "node:crypto";
import { GAMES } from "@rgs/protocol/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { createSecretBox } from "../../src/crypto/secret-box.ts";
import { OperatorError } from "../../src/operators/operator-error.ts";
import { OperatorService } from "../../src/operators/operator-service.ts";
import { PackService } from "../../src/operators/pack-service.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";

const clock = manualClock(Date.UTC(2030, 0, 1));
let store: Store;
let packs: PackService;
let operators: OperatorService;

beforeAll(async () => {
  store = await openMemoryStore({ clock });
  packs = new PackService({ store, clock });
  operators = new OperatorService({
    store,
    secretBox: createSecretBox(randomBytes(32)),
    clock,
    rotationGraceSeconds: 60,
  });
});
afterAll(async () => {
  await store?.close();
});

async function code(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OperatorError);
  return (error as OperatorError).code;
}

describe("PackService", () => {
  it("lists the default pack with the whole catalog in catalog order", async () => {
    const all = await packs.list();
    expect(all.find((p) => p.id === "default")?.games).toEqual(GAMES.map((g) => g.code));
  });

  it("creates packs and keeps their games in catalog order", async () => {
    const pack = await packs.create({
      id: "mix",
      name: "Mix",
      games: ["limbo-alpha", "dice-beta", "dice-alpha"],
    });
    expect(pack).toMatchObject({
      id: "mix",
      name: "Mix",
      games: ["dice-alpha", "dice-beta", "limbo-alpha"],
      operators: [],
    });
    expect(await code(packs.create({ id: "mix", name: "Again" }))).toBe("pack_exists");
    expect(await code(packs.create({ id: "Bad Id", name: "x" }))).toBe("invalid_pack_id");
    expect(await code(packs.create({ id: "unknown", name: "x", games: ["dice-omega"] }))).toBe(
      "unknown_game",
    );
    expect(await packs.get("unknown")).toBeUndefined();
  });

  it("adds and removes games, refusing unknown codes and the default pack", async () => {
    await packs.create({ id: "edit", name: "Edit" });
    expect((await packs.addGames("edit", ["keno-alpha", "dice-alpha"])).games).toEqual([
      "dice-alpha",
      "keno-alpha",
    ]);
    expect((await packs.removeGames("edit", ["dice-alpha"])).games).toEqual(["keno-alpha"]);
    expect(await code(packs.addGames("edit", ["nope-alpha"]))).toBe("unknown_game");
    expect(await code(packs.removeGames("edit", ["nope-alpha"]))).toBe("unknown_game");
    expect(await code(packs.addGames("default", ["dice-alpha"]))).toBe("default_pack_read_only");
    expect(await code(packs.addGames("missing", ["dice-alpha"]))).toBe("unknown_pack");
  });

  it("assigns and unassigns packs, changing the operator's games", async () => {
    await packs.create({ id: "tables", name: "Tables", games: ["blackjack-leo"] });
    const { operator } = await operators.create({ name: "Op", packs: [] });
    expect(await operators.games(operator.id)).toEqual([]);
    expect((await packs.assign("tables", operator.id)).packs).toEqual(["tables"]);
    expect((await operators.games(operator.id)).map((g) => g.code)).toEqual(["blackjack-leo"]);
    expect((await packs.get("tables"))?.operators).toEqual([operator.id]);
    expect((await packs.unassign("tables", operator.id)).packs).toEqual([]);
    expect(await code(packs.assign("missing", operator.id))).toBe("unknown_pack");
    expect(await code(packs.assign("tables", "not-an-operator"))).toBe("unknown_operator");
  });
});
