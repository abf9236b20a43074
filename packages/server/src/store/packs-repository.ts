import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

export interface Pack {
  id: string;
  name: string;
  /** Game codes, sorted. */
  games: string[];
  /** IDs of the operators the pack is assigned to, sorted. */
  operators: string[];
  createdAt: Date;
}

export class PackRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** False when a pack with this id exists already. */
  async create(pack: { id: string; name: string; games: string[]; now: Date }): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("packs")
        .values({ id: pack.id, name: pack.name, created_at: pack.now })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      if (inserted.numInsertedOrUpdatedRows === 0n) return false;
      if (pack.games.length > 0) {
        await trx
          .insertInto("pack_games")
          .values(pack.games.map((code) => ({ pack_id: pack.id, game_code: code })))
          .execute();
      }
      return true;
    });
  }

  async find(id: string): Promise<Pack | undefined> {
    const packs = await this.#load([id]);
    return packs[0];
  }

  async list(): Promise<Pack[]> {
    return this.#load(undefined);
  }

  /** The ids among `ids` that name existing packs. */
  async existing(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.#db.selectFrom("packs").select("id").where("id", "in", ids).execute();
    return rows.map((r) => r.id);
  }

  /** The distinct game codes of the given packs. */
  async gamesOf(packIds: string[]): Promise<Set<string>> {
    if (packIds.length === 0) return new Set();
    const rows = await this.#db
      .selectFrom("pack_games")
      .select("game_code")
      .distinct()
      .where("pack_id", "in", packIds)
      .execute();
    return new Set(rows.map((r) => r.game_code));
  }

  async addGames(id: string, codes: string[]): Promise<void> {
    if (codes.length === 0) return;
    await this.#db
      .insertInto("pack_games")
      .values(codes.map((code) => ({ pack_id: id, game_code: code })))
      .onConflict((oc) => oc.columns(["pack_id", "game_code"]).doNothing())
      .execute();
  }

  async removeGames(id: string, codes: string[]): Promise<void> {
    if (codes.length === 0) return;
    await this.#db
      .deleteFrom("pack_games")
      .where("pack_id", "=", id)
      .where("game_code", "in", codes)
      .execute();
  }

  async assign(packId: string, operatorId: string): Promise<void> {
    await this.#db
      .insertInto("operator_packs")
      .values({ pack_id: packId, operator_id: operatorId })
      .onConflict((oc) => oc.columns(["operator_id", "pack_id"]).doNothing())
      .execute();
  }

  async unassign(packId: string, operatorId: string): Promise<void> {
    await this.#db
      .deleteFrom("operator_packs")
      .where("pack_id", "=", packId)
      .where("operator_id", "=", operatorId)
      .execute();
  }

  /** Makes pack `id` exist and hold exactly `codes` (used for the built-in default pack). */
  async sync(pack: { id: string; name: string; games: string[]; now: Date }): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .insertInto("packs")
        .values({ id: pack.id, name: pack.name, created_at: pack.now })
        .onConflict((oc) => oc.column("id").doUpdateSet({ name: pack.name }))
        .execute();
      const stale = trx.deleteFrom("pack_games").where("pack_id", "=", pack.id);
      await (pack.games.length > 0 ? stale.where("game_code", "not in", pack.games) : stale).execute();
      if (pack.games.length > 0) {
        await trx
          .insertInto("pack_games")
          .values(pack.games.map((code) => ({ pack_id: pack.id, game_code: code })))
          .onConflict((oc) => oc.columns(["pack_id", "game_code"]).doNothing())
          .execute();
      }
    });
  }

  async #load(ids: string[] | undefined): Promise<Pack[]> {
    if (ids?.length === 0) return [];
    let packsQuery = this.#db.selectFrom("packs").selectAll().orderBy("id");
    let gamesQuery = this.#db.selectFrom("pack_games").selectAll().orderBy("game_code");
    let operatorsQuery = this.#db.selectFrom("operator_packs").selectAll().orderBy("operator_id");
    if (ids) {
      packsQuery = packsQuery.where("id", "in", ids);
      gamesQuery = gamesQuery.where("pack_id", "in", ids);
      operatorsQuery = operatorsQuery.where("pack_id", "in", ids);
    }
    const [packs, games, operators] = [
      await packsQuery.execute(),
      await gamesQuery.execute(),
      await operatorsQuery.execute(),
    ];
    return packs.map((p) => ({
      id: p.id,
      name: p.name,
      games: games.filter((g) => g.pack_id === p.id).map((g) => g.game_code),
      operators: operators.filter((o) => o.pack_id === p.id).map((o) => o.operator_id),
      createdAt: p.created_at,
    }));
  }
}
