import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Clock } from "../../src/clock.ts";
import { createSecretBox } from "../../src/crypto/secret-box.ts";
import type { WalletMetrics } from "../../src/observability/wallet-metrics.ts";
import { OperatorService } from "../../src/operators/operator-service.ts";
import { Outbox, type OutboxOptions } from "../../src/outbox/outbox.ts";
import type { Store } from "../../src/store/database.ts";
import { creditBody, rollbackBody } from "../../src/wallet/callback-bodies.ts";
import { operatorWallets } from "../../src/wallet/operator-wallets.ts";
import { createWalletClientPool, type WalletClientPool } from "../../src/wallet/wallet-client.ts";

/** One request the fake wallet received. */
export interface WalletCall {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

/** How the fake wallet answers one call: an HTTP status and body, or a dropped connection. */
export type ScriptedAnswer =
  | { http: number; status?: string; body?: string; after?: Promise<void> }
  | "reset";

export interface FakeWallet {
  url: string;
  calls: WalletCall[];
  /** Answers for the next calls, in order; once used up, every call is answered 200 OK. */
  script: ScriptedAnswer[];
  /** Answers by transactionId, taking precedence over `script` (for concurrent deliveries). */
  byTransaction: Map<string, ScriptedAnswer[]>;
  close(): Promise<void>;
}

/** A wallet on 127.0.0.1 that answers from a script and records every request as received. */
export async function startFakeWallet(): Promise<FakeWallet> {
  const calls: WalletCall[] = [];
  const script: ScriptedAnswer[] = [];
  const byTransaction = new Map<string, ScriptedAnswer[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const json = JSON.parse(body) as Record<string, unknown>;
      calls.push({ path: req.url ?? "", headers: req.headers, body, json });
      const answer = byTransaction.get(String(json.transactionId))?.shift() ??
        script.shift() ?? { http: 200, status: "OK" };
      if (answer === "reset") {
        req.socket.destroy();
        return;
      }
      const text =
        answer.body ??
        JSON.stringify({ requestId: json.requestId, status: answer.status ?? "OK", balance: "100.00" });
      void (answer.after ?? Promise.resolve()).then(() =>
        res.writeHead(answer.http, { "content-type": "application/json" }).end(text),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/wallet`,
    calls,
    script,
    byTransaction,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export const SECRET = "outbox-test-secret-0123456789abcdef";

/** An operator wired to the fake wallet, one session and one seed pair: what rounds hang from. */
export interface World {
  store: Store;
  clock: Clock;
  operators: OperatorService;
  operatorId: string;
  sessionId: string;
  seedPairId: string;
  pool: WalletClientPool;
}

export async function createWorld(store: Store, clock: Clock, walletUrl: string): Promise<World> {
  const operators = new OperatorService({
    store,
    secretBox: createSecretBox(randomBytes(32)),
    clock,
    rotationGraceSeconds: 3600,
    environment: "staging",
  });
  const { operator } = await operators.create({
    name: "Outbox Casino",
    callbackUrl: walletUrl,
    secret: SECRET,
  });
  const now = new Date(clock.now());
  const sessionId = randomUUID();
  await store.db
    .insertInto("sessions")
    .values({
      id: sessionId,
      operator_id: operator.id,
      player_id: "player-1",
      game_code: "dice-alpha",
      currency: "USD",
      country_code: "DE",
      mode: "real",
      min_bet: 10n,
      max_bet: 10_000n,
      max_win: 1_000_000n,
      launch_key: randomUUID(),
      details: null,
      demo_balance: null,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(clock.now() + 3_600_000),
    })
    .execute();
  const seedPairId = randomUUID();
  await store.db
    .insertInto("seed_pairs")
    .values({
      id: seedPairId,
      operator_id: operator.id,
      player_id: "player-1",
      mode: "real",
      server_seed_sealed: "sealed",
      server_seed_hash: "0".repeat(64),
      client_seed: "client",
      status: "active",
      created_at: now,
    })
    .execute();
  return {
    store,
    clock,
    operators,
    operatorId: operator.id,
    sessionId,
    seedPairId,
    pool: createWalletClientPool({ clock, timeoutMs: 2000 }),
  };
}

export async function addRound(
  world: World,
  round: {
    status?: "initializing" | "open" | "settling";
    deadline?: Date | null;
    lastActionAt?: Date;
    createdAt?: Date;
    gameCode?: string;
  } = {},
): Promise<string> {
  const id = randomUUID();
  const now = new Date(world.clock.now());
  await world.store.db
    .insertInto("rounds")
    .values({
      id,
      session_id: world.sessionId,
      operator_id: world.operatorId,
      // One unfinished round per player and game: each test round gets a player of its own.
      player_id: `player-${id}`,
      mode: "real",
      game_code: round.gameCode ?? "dice-alpha",
      currency: "USD",
      decimals: 2,
      status: round.status ?? "settling",
      params: "{}",
      state: "{}",
      view: "{}",
      seed_pair_id: world.seedPairId,
      nonce: 0,
      deadline: round.deadline ?? null,
      close_reason: "played",
      created_at: round.createdAt ?? now,
      last_action_at: round.lastActionAt ?? now,
    })
    .execute();
  return id;
}

export interface CallbackRow {
  transactionId: string;
  body: string;
}

/** Stores a pending credit or rollback the way the engine does: the exact body, before any call. */
export async function addCallback(
  world: World,
  roundId: string,
  callback: {
    seq: number;
    kind: "credit" | "rollback" | "debit";
    roundClosed: boolean;
    amount?: bigint;
    reverseTransactionId?: string;
    status?: "pending" | "ok" | "ambiguous";
  },
): Promise<CallbackRow> {
  const transactionId = randomUUID();
  const requestId = randomUUID();
  const common = { requestId, playerId: `player-${roundId}`, transactionId, roundId, gameId: "dice-alpha" };
  const body =
    callback.kind === "rollback"
      ? rollbackBody({
          ...common,
          reverseTransactionId: callback.reverseTransactionId ?? randomUUID(),
          roundClosed: callback.roundClosed,
        })
      : creditBody({
          ...common,
          roundClosed: callback.roundClosed,
          amount: callback.amount ?? 0n,
          decimals: 2,
        });
  await world.store.db
    .insertInto("wallet_transactions")
    .values({
      transaction_id: transactionId,
      round_id: roundId,
      seq: callback.seq,
      kind: callback.kind,
      amount: callback.amount ?? 0n,
      round_closed: callback.roundClosed,
      reverse_transaction_id: callback.kind === "rollback" ? (callback.reverseTransactionId ?? null) : null,
      request_id: requestId,
      request_body: body,
      status: callback.status ?? "pending",
      answer: null,
      created_at: new Date(world.clock.now()),
    })
    .execute();
  return { transactionId, body };
}

export const TEST_OPTIONS: Omit<OutboxOptions, "instanceId"> = {
  leaseMs: 30_000,
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
  alertAfterMs: 60_000,
  batchSize: 10,
  pollMs: 1_000,
};

export function newOutbox(
  world: World,
  extra: {
    instanceId?: string;
    options?: Partial<OutboxOptions>;
    random?: () => number;
    metrics?: WalletMetrics;
    onRoundSettled?: (roundId: string) => void;
    logger?: ConstructorParameters<typeof Outbox>[0]["logger"];
    store?: Store;
  } = {},
): Outbox {
  return new Outbox({
    store: extra.store ?? world.store,
    clock: world.clock,
    wallets: operatorWallets({ operators: world.operators, pool: world.pool }),
    options: { ...TEST_OPTIONS, instanceId: extra.instanceId ?? "instance-a", ...extra.options },
    random: extra.random ?? (() => 0.5),
    ...(extra.metrics && { metrics: extra.metrics }),
    ...(extra.onRoundSettled && { onRoundSettled: extra.onRoundSettled }),
    ...(extra.logger && { logger: extra.logger }),
  });
}

export async function transaction(store: Store, transactionId: string) {
  return store.db
    .withTables<{
      wallet_transactions: {
        resolved_at: Date | null;
        resolved_by: string | null;
        resolution_note: string | null;
        replaced_by: string | null;
      };
    }>()
    .selectFrom("wallet_transactions")
    .selectAll()
    .where("transaction_id", "=", transactionId)
    .executeTakeFirstOrThrow();
}

/** Empties the round tables between tests that share one store. */
export async function clearRounds(store: Store): Promise<void> {
  await store.db.deleteFrom("wallet_transactions").execute();
  await store.db.deleteFrom("rounds").execute();
  await store.db.deleteFrom("audit_events").execute();
}

export async function round(store: Store, roundId: string) {
  return store.db.selectFrom("rounds").selectAll().where("id", "=", roundId).executeTakeFirstOrThrow();
}
