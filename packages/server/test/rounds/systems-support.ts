import { rtpFromBasisPoints } from "@rgs/games/math/rational";
import type { GameDefinition } from "@rgs/games/model";
import type { ResolvedGame } from "@rgs/games/registry";
import type { GameInfo } from "@rgs/protocol/catalog";
import { Registry } from "prom-client";
import { manualClock } from "../../src/clock.ts";
import { createWalletMetrics } from "../../src/observability/wallet-metrics.ts";
import { RoundEngine } from "../../src/rounds/engine.ts";
import { SeedService } from "../../src/seeds/seed-service.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";
import { RemoteWalletGateway } from "../../src/wallet/remote-gateway.ts";
import { createWalletClientPool } from "../../src/wallet/wallet-client.ts";
import {
  fakeWallet,
  newOperator,
  newSession,
  SCRIPTED_CODE,
  scriptedGame,
  secretBox,
  syncOutbox,
} from "./support.ts";

const T0 = Date.UTC(2030, 0, 1);

// biome-ignore lint/suspicious/noExplicitAny: the scripted games' state and action types are the test's own.
type AnyGame = GameDefinition<any, any, any, any>;

/** The scripted table game, and faulty variants of it that a run-time invariant must catch. */
export const FAULTY = {
  /** Debits one minor unit more than the validated stake when it opens. */
  greedyOpening: {
    ...scriptedGame,
    start: (input, ctx) => {
      const step = scriptedGame.start(input, ctx);
      return { ...step, ops: [{ kind: "debit", amount: input.stake + 1n, reason: "bet" }] };
    },
  } as AnyGame,
  /** A cash-out game (held to the maximum win) whose "finish" pays far beyond it. */
  overpaying: {
    ...scriptedGame,
    kind: "cash-out",
    act: (state, action, ctx) => {
      const step = scriptedGame.act?.(state, action, ctx);
      if (!step || action !== "finish") return step;
      return { ...step, ops: [{ kind: "credit", amount: 50_000_000n, closesRound: true, reason: "win" }] };
    },
  } as AnyGame,
} satisfies Record<string, AnyGame>;

const resolvedOf = (code: string, game: AnyGame): ResolvedGame => ({
  info: { code, slug: "scripted", suffix: "test", name: "Scripted" } as GameInfo,
  game,
  rtp: rtpFromBasisPoints(9900),
});

const GAMES: Record<string, ResolvedGame> = {
  [SCRIPTED_CODE]: resolvedOf(SCRIPTED_CODE, scriptedGame),
  "greedy-test": resolvedOf("greedy-test", FAULTY.greedyOpening),
  "overpaying-test": resolvedOf("overpaying-test", FAULTY.overpaying),
};

/**
 * A round engine on the embedded store with a scripted wallet, the real outbox without its polling, the
 * wallet metrics on a registry of its own, and a logger that keeps what it was told.
 */
export async function systemsHarness() {
  const clock = manualClock(T0);
  const store: Store = await openMemoryStore({ clock });
  const operatorId = await newOperator(store, new Date(T0));
  const wallet = await fakeWallet();
  const pool = createWalletClientPool({ timeoutMs: 2_000, clock });
  const wallets = async (id: string) =>
    pool.client({ operatorId: id, callbackBaseUrl: wallet.origin, callbackSecret: () => "s" });
  const registry = new Registry();
  const metrics = createWalletMetrics(registry);
  const errors: { obj: object; msg: string }[] = [];
  const logger = { info() {}, warn() {}, error: (obj: object, msg: string) => errors.push({ obj, msg }) };
  const rounds = new RoundEngine({
    store,
    clock,
    seeds: new SeedService({ store, secretBox, clock }),
    wallet: new RemoteWalletGateway({ wallets }),
    outbox: syncOutbox(store, wallets, clock),
    policy: { resends: 1, retryDelayMs: 0, creditResends: 0, sleep: async () => {} },
    logger,
    metrics,
    games: (code) => GAMES[code],
  });
  return {
    store,
    wallet,
    rounds,
    errors,
    /** A session of `mode` on `gameCode` (the scripted game by default). */
    session: (mode: "demo" | "real", gameCode = SCRIPTED_CODE) =>
      newSession(store, { operatorId, mode, gameCode, now: new Date(clock.now()) }),
    /** The rounds of a session, as stored. */
    roundsOf: (sessionId: string) =>
      store.db.selectFrom("rounds").selectAll().where("session_id", "=", sessionId).execute(),
    /** The wallet transactions of a round, in order. */
    transactionsOf: (roundId: string) =>
      store.db
        .selectFrom("wallet_transactions")
        .selectAll()
        .where("round_id", "=", roundId)
        .orderBy("seq")
        .execute(),
    demoBalance: async (sessionId: string) =>
      (
        await store.db
          .selectFrom("sessions")
          .select("demo_balance")
          .where("id", "=", sessionId)
          .executeTakeFirstOrThrow()
      ).demo_balance,
    async brokenCount(invariant: string): Promise<number> {
      const metric = await registry.getSingleMetric("round_invariants_broken_total")?.get();
      return (metric?.values ?? [])
        .filter((v) => v.labels.invariant === invariant)
        .reduce((total, v) => total + v.value, 0);
    },
    async close() {
      pool.close();
      await wallet.close();
      await store.close();
    },
  };
}

export type SystemsHarness = Awaited<ReturnType<typeof systemsHarness>>;
