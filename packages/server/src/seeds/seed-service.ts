import { randomBytes, randomUUID } from "node:crypto";
import type { SeedPair } from "@rgs/games/fair/random";
import { commitment } from "@rgs/games/fair/seeds";
import type { Kysely } from "kysely";
import { BoundedMap } from "../bounded-map.ts";
import type { Clock } from "../clock.ts";
import type { SecretBox } from "../crypto/secret-box.ts";
import { gameError } from "../game-error.ts";
import type { Database, Store } from "../store/database.ts";
import { isUuid } from "../store/operators-repository.ts";
import {
  findOwnedPair,
  findSeedPair,
  hasUndecidedRound,
  insertSeedPairIfAbsent,
  promotePair,
  retirePair,
  type SeedOwner,
  type SeedPairRow,
  setPairClientSeed,
  takeNonce,
  takeNonceIfActive,
} from "./seed-repository.ts";

type Executor = Kysely<Database>;

export type { SeedOwner } from "./seed-repository.ts";

/**
 * Provably fair seeds. Each player (per operator and mode) has an active pair, whose server seed's SHA-256
 * commitment is shown before play and which numbers its rounds with nonces 0, 1, 2...; and the next pair,
 * whose commitment is shown in advance too, so a rotation cannot choose a seed after seeing the player's.
 * Server seeds are 32 random bytes in hex, sealed at rest, revealed only once their pair is retired.
 */

export interface ActiveSeeds {
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round will use. */
  nonce: number;
}

export interface SeedsView {
  active: ActiveSeeds;
  next: { serverSeedHash: string };
}

export interface RevealedPair {
  id: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** How many rounds used the pair (nonces 0 to nonces - 1). */
  nonces: number;
  createdAt: string;
  retiredAt: string;
}

export interface Rotation extends SeedsView {
  revealed: RevealedPair;
}

export interface AllocatedSeeds {
  seedPairId: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** Printable ASCII without spaces, so the seed reads the same wherever the player copies it. */
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;
const LOCK_ATTEMPTS = 3;
/** Active pairs remembered (their server seeds opened); the oldest is forgotten past this. */
const ACTIVE_CACHE_SIZE = 10_000;

const ownerKey = (owner: SeedOwner): string => `${owner.operatorId}|${owner.mode}|${owner.playerId}`;

const newServerSeed = (): string => randomBytes(32).toString("hex");
const newClientSeed = (): string => randomBytes(8).toString("hex");

export class SeedService {
  readonly #store: Store;
  readonly #box: SecretBox;
  readonly #clock: Clock;
  /**
   * The owner's active pair, by owner: only a hint. Each use takes the nonce with a write that checks the
   * pair is still active in the store, so a rotation made anywhere is honoured by the very next round.
   */
  readonly #active = new BoundedMap<string, { id: string; serverSeed: string }>(ACTIVE_CACHE_SIZE);

  constructor(deps: { store: Store; secretBox: SecretBox; clock: Clock }) {
    this.#store = deps.store;
    this.#box = deps.secretBox;
    this.#clock = deps.clock;
  }

  async current(owner: SeedOwner): Promise<SeedsView> {
    return this.#store.db.transaction().execute(async (trx) => {
      const active = await this.#lockActive(trx, owner);
      return this.#view(trx, owner, active);
    });
  }

  /**
   * The client seed applies from the next round. While the active pair has numbered no round it is changed in
   * place; otherwise the pair is rotated with the new client seed (revealing the old server seed), because
   * a pair's rounds must all be verifiable with one client seed. Refused while a round is undecided.
   */
  async setClientSeed(
    owner: SeedOwner,
    clientSeed: string,
  ): Promise<SeedsView & { revealed?: RevealedPair }> {
    if (typeof clientSeed !== "string" || !CLIENT_SEED.test(clientSeed)) {
      throw gameError(
        "invalid_client_seed",
        "The client seed must be 1 to 64 printable ASCII characters without spaces.",
      );
    }
    return this.#store.db.transaction().execute(async (trx) => {
      const active = await this.#lockActive(trx, owner);
      if (active.nextNonce > 0) return this.#rotate(trx, owner, active, clientSeed);
      await setPairClientSeed(trx, active.id, clientSeed);
      return this.#view(trx, owner, { ...active, clientSeed });
    });
  }

  /** Retires the active pair (revealing its server seed) and promotes the next one, keeping the client seed. */
  async rotate(owner: SeedOwner): Promise<Rotation> {
    return this.#store.db.transaction().execute(async (trx) => {
      const active = await this.#lockActive(trx, owner);
      return this.#rotate(trx, owner, active, active.clientSeed);
    });
  }

  /** A retired pair of the owner, with its server seed. */
  async reveal(owner: SeedOwner, seedPairId: string): Promise<RevealedPair> {
    const pair = isUuid(seedPairId) ? await findSeedPair(this.#store.db, seedPairId) : undefined;
    if (
      !pair ||
      pair.operatorId !== owner.operatorId ||
      pair.playerId !== owner.playerId ||
      pair.mode !== owner.mode
    ) {
      throw gameError("seed_pair_not_found", `No seed pair ${JSON.stringify(seedPairId)} of this player.`);
    }
    if (pair.status !== "retired") {
      throw gameError(
        "seed_pair_not_retired",
        "This seed pair is still in use; rotate the seeds to reveal its server seed.",
      );
    }
    return this.#revealed(pair);
  }

  /**
   * Takes the next nonce of the owner's active pair, inside the caller's transaction: the pair stays locked
   * until it commits, so a rotation cannot slip between choosing the seeds and opening the round.
   */
  async allocateNonce(
    trx: Executor,
    owner: SeedOwner,
    planned?: { pairId: string; nonce: number; clientSeed: string },
  ): Promise<AllocatedSeeds> {
    const key = ownerKey(owner);
    const cached = this.#active.get(key);
    if (planned !== undefined) {
      // Taken already, by the batch's one statement, while the pair was active; it stays locked until commit.
      const serverSeed =
        cached?.id === planned.pairId ? cached.serverSeed : await this.#openSeed(trx, planned.pairId);
      return { seedPairId: planned.pairId, serverSeed, clientSeed: planned.clientSeed, nonce: planned.nonce };
    }
    if (cached !== undefined) {
      const taken = await takeNonceIfActive(trx, cached.id);
      if (taken !== undefined) {
        return { seedPairId: cached.id, serverSeed: cached.serverSeed, ...taken };
      }
      this.#active.delete(key);
    }
    const active = await this.#lockActive(trx, owner);
    await takeNonce(trx, active.id);
    const serverSeed = this.#box.open(active.serverSeedSealed);
    this.#active.set(key, { id: active.id, serverSeed });
    return { seedPairId: active.id, serverSeed, clientSeed: active.clientSeed, nonce: active.nextNonce };
  }

  /**
   * The pair the owner's next round is believed to use, so a batch can take its nonce together with other
   * bets' (still only while the pair is active); undefined when none is remembered.
   */
  hintedPair(owner: SeedOwner): string | undefined {
    return this.#active.get(ownerKey(owner))?.id;
  }

  async #openSeed(db: Executor, seedPairId: string): Promise<string> {
    const pair = await findSeedPair(db, seedPairId);
    if (!pair) throw new Error(`seed pair ${seedPairId} is missing`);
    return this.#box.open(pair.serverSeedSealed);
  }

  /** The seeds that drive a round's random stream. */
  async roundSeeds(db: Executor, seedPairId: string, nonce: number): Promise<SeedPair> {
    const pair = await findSeedPair(db, seedPairId);
    if (!pair) throw new Error(`seed pair ${seedPairId} of a round is missing`);
    return { serverSeed: this.#box.open(pair.serverSeedSealed), clientSeed: pair.clientSeed, nonce };
  }

  /** The fairness data of a round's pair: the server seed only once the pair is retired. */
  async fairness(
    db: Executor,
    seedPairId: string,
  ): Promise<{ serverSeedHash: string; clientSeed: string; serverSeed?: string }> {
    const pair = await findSeedPair(db, seedPairId);
    if (!pair) throw new Error(`seed pair ${seedPairId} of a round is missing`);
    return {
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      ...(pair.status === "retired" && { serverSeed: this.#box.open(pair.serverSeedSealed) }),
    };
  }

  /** The fairness data of several pairs at once (a search page's rounds), by pair ID. */
  async fairnessOfPairs(
    db: Executor,
    seedPairIds: readonly string[],
  ): Promise<Map<string, { serverSeedHash: string; clientSeed: string; serverSeed?: string }>> {
    if (seedPairIds.length === 0) return new Map();
    const rows = await db
      .selectFrom("seed_pairs")
      .select(["id", "server_seed_sealed", "server_seed_hash", "client_seed", "status"])
      .where("id", "in", [...new Set(seedPairIds)])
      .execute();
    return new Map(
      rows.map((pair) => [
        pair.id,
        {
          serverSeedHash: pair.server_seed_hash,
          clientSeed: pair.client_seed,
          ...(pair.status === "retired" && { serverSeed: this.#box.open(pair.server_seed_sealed) }),
        },
      ]),
    );
  }

  async #rotate(trx: Executor, owner: SeedOwner, active: SeedPairRow, clientSeed: string): Promise<Rotation> {
    this.#active.delete(ownerKey(owner));
    if (await hasUndecidedRound(trx, owner)) {
      throw gameError(
        "active_round_exists",
        "Finish the open round first: its outcome depends on the server seed that rotating would reveal.",
      );
    }
    const next = await findOwnedPair(trx, owner, "next", { forUpdate: true });
    if (!next) throw new Error("the next seed pair is missing");
    const now = new Date(this.#clock.now());
    await retirePair(trx, active.id, now);
    await promotePair(trx, next.id, clientSeed);
    await insertSeedPairIfAbsent(trx, this.#newPair(owner, "next", clientSeed));
    const upcoming = await findOwnedPair(trx, owner, "next");
    if (!upcoming) throw new Error("the next seed pair could not be created");
    return {
      revealed: this.#revealed({ ...active, retiredAt: now }),
      active: { serverSeedHash: next.serverSeedHash, clientSeed, nonce: next.nextNonce },
      next: { serverSeedHash: upcoming.serverSeedHash },
    };
  }

  /**
   * Locks the owner's active pair, creating the active and next pairs on first use. A rotation that committed
   * while this waited for the lock leaves the old row no longer active, so the lookup is repeated.
   */
  async #lockActive(trx: Executor, owner: SeedOwner): Promise<SeedPairRow> {
    for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
      const active = await findOwnedPair(trx, owner, "active", { forUpdate: true });
      if (active) return active;
      const clientSeed = newClientSeed();
      await insertSeedPairIfAbsent(trx, this.#newPair(owner, "active", clientSeed));
      await insertSeedPairIfAbsent(trx, this.#newPair(owner, "next", clientSeed));
    }
    throw new Error("could not lock the active seed pair");
  }

  async #view(trx: Executor, owner: SeedOwner, active: SeedPairRow): Promise<SeedsView> {
    const next = await findOwnedPair(trx, owner, "next");
    if (!next) throw new Error("the next seed pair is missing");
    return {
      active: {
        serverSeedHash: active.serverSeedHash,
        clientSeed: active.clientSeed,
        nonce: active.nextNonce,
      },
      next: { serverSeedHash: next.serverSeedHash },
    };
  }

  #newPair(owner: SeedOwner, status: "active" | "next", clientSeed: string) {
    const serverSeed = newServerSeed();
    return {
      id: randomUUID(),
      operatorId: owner.operatorId,
      playerId: owner.playerId,
      mode: owner.mode,
      serverSeedSealed: this.#box.seal(serverSeed),
      serverSeedHash: commitment(serverSeed),
      clientSeed,
      status,
      createdAt: new Date(this.#clock.now()),
    };
  }

  #revealed(pair: SeedPairRow): RevealedPair {
    return {
      id: pair.id,
      serverSeed: this.#box.open(pair.serverSeedSealed),
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      nonces: pair.nextNonce,
      createdAt: pair.createdAt.toISOString(),
      retiredAt: (pair.retiredAt ?? new Date(this.#clock.now())).toISOString(),
    };
  }
}
