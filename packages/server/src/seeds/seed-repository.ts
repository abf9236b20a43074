import type { Kysely, Selectable } from "kysely";
import type { Database, SeedPairsTable } from "../store/schema.ts";

type Executor = Kysely<Database>;

export type SeedPairStatus = SeedPairsTable["status"];

/** Whose seeds: each player has one chain of pairs per operator and mode. */
export interface SeedOwner {
  operatorId: string;
  playerId: string;
  mode: "demo" | "real";
}

export interface SeedPairRow {
  id: string;
  operatorId: string;
  playerId: string;
  mode: "demo" | "real";
  serverSeedSealed: string;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
  status: SeedPairStatus;
  createdAt: Date;
  retiredAt: Date | null;
}

export type NewSeedPair = Omit<SeedPairRow, "nextNonce" | "retiredAt">;

function toSeedPair(row: Selectable<SeedPairsTable>): SeedPairRow {
  return {
    id: row.id,
    operatorId: row.operator_id,
    playerId: row.player_id,
    mode: row.mode,
    serverSeedSealed: row.server_seed_sealed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nextNonce: row.next_nonce,
    status: row.status,
    createdAt: row.created_at,
    retiredAt: row.retired_at,
  };
}

/** Inserts a pair unless the owner already has one in that status (a concurrent first request made it). */
export async function insertSeedPairIfAbsent(db: Executor, pair: NewSeedPair): Promise<void> {
  await db
    .insertInto("seed_pairs")
    .values({
      id: pair.id,
      operator_id: pair.operatorId,
      player_id: pair.playerId,
      mode: pair.mode,
      server_seed_sealed: pair.serverSeedSealed,
      server_seed_hash: pair.serverSeedHash,
      client_seed: pair.clientSeed,
      status: pair.status,
      created_at: pair.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function findOwnedPair(
  db: Executor,
  owner: SeedOwner,
  status: "active" | "next",
  opts: { forUpdate?: boolean } = {},
): Promise<SeedPairRow | undefined> {
  let query = db
    .selectFrom("seed_pairs")
    .selectAll()
    .where("operator_id", "=", owner.operatorId)
    .where("player_id", "=", owner.playerId)
    .where("mode", "=", owner.mode)
    .where("status", "=", status);
  if (opts.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toSeedPair(row);
}

export async function findSeedPair(db: Executor, id: string): Promise<SeedPairRow | undefined> {
  const row = await db.selectFrom("seed_pairs").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toSeedPair(row);
}

/** Takes the pair's next nonce; the caller holds the pair's row lock. */
export async function takeNonce(db: Executor, id: string): Promise<void> {
  await db
    .updateTable("seed_pairs")
    .set((eb) => ({ next_nonce: eb("next_nonce", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

/**
 * Takes the next nonce of a pair only while it is still the active one: the check a cached pair needs,
 * since a rotation (perhaps on another instance) reveals the old server seed. The nonce taken and the
 * pair's client seed now, or undefined when the pair is no longer active.
 */
export async function takeNonceIfActive(
  db: Executor,
  id: string,
): Promise<{ nonce: number; clientSeed: string } | undefined> {
  const row = await db
    .updateTable("seed_pairs")
    .set((eb) => ({ next_nonce: eb("next_nonce", "+", 1) }))
    .where("id", "=", id)
    .where("status", "=", "active")
    .returning(["next_nonce", "client_seed"])
    .executeTakeFirst();
  return row && { nonce: row.next_nonce - 1, clientSeed: row.client_seed };
}

/** Whether the owner has a round, in any game, whose outcome still depends on the active server seed. */
export async function hasUndecidedRound(db: Executor, owner: SeedOwner): Promise<boolean> {
  const row = await db
    .selectFrom("rounds")
    .select("id")
    .where("operator_id", "=", owner.operatorId)
    .where("player_id", "=", owner.playerId)
    .where("mode", "=", owner.mode)
    .where("status", "in", ["initializing", "open"])
    .executeTakeFirst();
  return row !== undefined;
}

export async function setPairClientSeed(db: Executor, id: string, clientSeed: string): Promise<void> {
  await db.updateTable("seed_pairs").set({ client_seed: clientSeed }).where("id", "=", id).execute();
}

export async function retirePair(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .updateTable("seed_pairs")
    .set({ status: "retired", retired_at: at })
    .where("id", "=", id)
    .execute();
}

export async function promotePair(db: Executor, id: string, clientSeed: string): Promise<void> {
  await db
    .updateTable("seed_pairs")
    .set({ status: "active", client_seed: clientSeed })
    .where("id", "=", id)
    .execute();
}
