import { PollLoop } from "../background/poll-loop.ts";
import type { Clock, Timers } from "../clock.ts";
import { type EventLogger, silentLogger } from "../observability/event-logger.ts";
import { countRoundAbandoned, type WalletMetrics } from "../observability/wallet-metrics.ts";
import { type OutboxDb, outboxDb } from "../outbox/tables.ts";
import type { Store } from "../store/database.ts";

/** What the sweeper asks of the round engine (RoundEngine). */
export interface SweptRounds {
  /** Settles an idle open round with its game's abandon step; rolls back the debit of a round stuck opening. */
  abandon(roundId: string): Promise<void>;
  /** Applies time passing to a round whose deadline is due. */
  tick(roundId: string): Promise<void>;
}

export interface SweeperOptions {
  /** An open round without an action for this long is abandoned. */
  idleMs: number;
  /**
   * A round still opening this long after its last change was left by a process that died during the
   * opening debit. Longer than a debit with all its quick retries can take, so a live call is never cut.
   */
  initializingMs: number;
  /** How long a claimed round stays this instance's while the engine settles it. */
  leaseMs: number;
  batchSize: number;
  pollMs: number;
}

const DEFAULT_SWEEPER_OPTIONS: SweeperOptions = {
  idleMs: 1_800_000,
  initializingMs: 60_000,
  leaseMs: 60_000,
  batchSize: 20,
  // A crash game's flight ends by the server's clock and is settled by this pass: a second keeps the end of a
  // flight on the player's screen within about a second of its moment, for one indexed query per instance.
  pollMs: 1_000,
};

export interface SweeperDeps extends Partial<Omit<SweeperOptions, "idleMs">> {
  store: Pick<Store, "db">;
  clock: Clock;
  rounds: SweptRounds;
  idleMs: number;
  instanceId: string;
  metrics?: WalletMetrics;
  logger?: EventLogger;
  timers?: Timers;
}

type Work = "tick" | "abandon-idle" | "abandon-initializing";

interface Claimed {
  id: string;
  work: Work;
  gameCode: string;
  mode: "demo" | "real";
}

/**
 * Makes every round end: open rounds idle past `idleMs` are abandoned, due deadlines of time-driven games
 * are ticked, and rounds a dead process left opening are resolved (their debit rolled back). Rounds are
 * claimed in a short transaction (`FOR UPDATE SKIP LOCKED`, then a lease row), so instances never work on
 * the same round at once, and the engine is called after the claim is committed. A failed round keeps its
 * lease until it expires, which spaces out the next try.
 */
export class Sweeper {
  readonly #db: OutboxDb;
  readonly #clock: Clock;
  readonly #rounds: SweptRounds;
  readonly #instanceId: string;
  readonly #options: SweeperOptions;
  readonly #metrics: WalletMetrics | undefined;
  readonly #log: EventLogger;
  readonly #loop: PollLoop;
  #stopping = false;

  constructor(deps: SweeperDeps) {
    this.#db = outboxDb(deps.store);
    this.#clock = deps.clock;
    this.#rounds = deps.rounds;
    if (typeof deps.instanceId !== "string" || deps.instanceId === "") {
      throw new TypeError("instanceId must be a non-empty string");
    }
    this.#instanceId = deps.instanceId;
    this.#options = {
      idleMs: deps.idleMs,
      initializingMs: deps.initializingMs ?? DEFAULT_SWEEPER_OPTIONS.initializingMs,
      leaseMs: deps.leaseMs ?? DEFAULT_SWEEPER_OPTIONS.leaseMs,
      batchSize: deps.batchSize ?? DEFAULT_SWEEPER_OPTIONS.batchSize,
      pollMs: deps.pollMs ?? DEFAULT_SWEEPER_OPTIONS.pollMs,
    };
    for (const [name, value] of Object.entries(this.#options)) {
      if (!Number.isInteger(value) || value <= 0) {
        throw new RangeError(`${name} must be a positive integer, got ${value}`);
      }
    }
    this.#metrics = deps.metrics;
    this.#log = deps.logger ?? silentLogger;
    this.#loop = new PollLoop({
      pass: async () => (await this.runOnce()) >= this.#options.batchSize,
      intervalMs: this.#options.pollMs,
      firstDelayMs: 0,
      failureMessage: "sweeper: pass failed",
      logger: this.#log,
      ...(deps.timers && { timers: deps.timers }),
    });
  }

  /** One pass: claims up to `batchSize` rounds and settles them one after another; returns how many. */
  async runOnce(): Promise<number> {
    const claimed = await this.#claim();
    // A stop leaves the rest of the pass's rounds to their leases, which it then hands back.
    for (const round of claimed) if (!this.#stopping) await this.#settle(round);
    return claimed.length;
  }

  start(): void {
    this.#loop.start();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#loop.stop();
  }

  /** At shutdown, after `stop`: the rounds this instance claimed go back to every instance's next pass. */
  async releaseLeases(): Promise<number> {
    const released = await this.#db
      .deleteFrom("sweep_leases")
      .where("owner", "=", this.#instanceId)
      .executeTakeFirst();
    return Number(released.numDeletedRows);
  }

  async #claim(): Promise<Claimed[]> {
    const nowMs = this.#clock.now();
    const now = new Date(nowMs);
    const idleBefore = new Date(nowMs - this.#options.idleMs);
    const initializingBefore = new Date(nowMs - this.#options.initializingMs);
    return this.#db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom("rounds as r")
        .select(["r.id", "r.status", "r.deadline", "r.game_code", "r.mode"])
        .where((eb) =>
          eb.or([
            eb.and([
              eb("r.status", "=", "open"),
              eb.or([eb("r.last_action_at", "<=", idleBefore), eb("r.deadline", "<=", now)]),
            ]),
            eb.and([eb("r.status", "=", "initializing"), eb("r.last_action_at", "<=", initializingBefore)]),
          ]),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("sweep_leases as l")
                .select("l.round_id")
                .whereRef("l.round_id", "=", "r.id")
                .where("l.lease_until", ">", now),
            ),
          ),
        )
        .orderBy("r.last_action_at")
        .limit(this.#options.batchSize)
        .forUpdate("r")
        .skipLocked()
        .execute();
      if (rows.length === 0) return [];
      const leaseUntil = new Date(nowMs + this.#options.leaseMs);
      await trx
        .insertInto("sweep_leases")
        .values(rows.map((r) => ({ round_id: r.id, owner: this.#instanceId, lease_until: leaseUntil })))
        .onConflict((oc) =>
          oc.column("round_id").doUpdateSet((eb) => ({
            owner: eb.ref("excluded.owner"),
            lease_until: eb.ref("excluded.lease_until"),
          })),
        )
        .execute();
      return rows.map((r) => ({
        id: r.id,
        gameCode: r.game_code,
        mode: r.mode,
        work:
          r.status === "initializing"
            ? "abandon-initializing"
            : r.deadline !== null && r.deadline.getTime() <= nowMs
              ? "tick"
              : "abandon-idle",
      }));
    });
  }

  async #settle(round: Claimed): Promise<void> {
    const trace = { roundId: round.id, gameCode: round.gameCode, work: round.work };
    try {
      if (round.work === "tick") {
        await this.#rounds.tick(round.id);
      } else {
        await this.#rounds.abandon(round.id);
        if (await this.#wasAbandoned(round.id)) {
          countRoundAbandoned(this.#metrics, round, reasonOf(round.work));
        }
      }
    } catch (error) {
      this.#log.error(
        { ...trace, err: error },
        "sweeper: settling the round failed; it is tried again later",
      );
      return;
    }
    this.#log.info(trace, "sweeper: round settled");
    await this.#db
      .deleteFrom("sweep_leases")
      .where("round_id", "=", round.id)
      .where("owner", "=", this.#instanceId)
      .execute();
  }

  /** The engine leaves a round alone when someone acted on it meanwhile: count only real abandons. */
  async #wasAbandoned(roundId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom("rounds")
      .select(["status", "close_reason"])
      .where("id", "=", roundId)
      .executeTakeFirst();
    return (
      row !== undefined &&
      row.status !== "open" &&
      row.status !== "initializing" &&
      row.close_reason === "abandoned"
    );
  }
}

function reasonOf(work: Exclude<Work, "tick">): "idle" | "initializing" {
  return work === "abandon-initializing" ? "initializing" : "idle";
}
