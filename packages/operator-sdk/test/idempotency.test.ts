/**
 * A wallet written with the SDK (verification, typed handlers, idempotency store) and nothing else
 * passes the integration tester, idempotency and ordering checks included, on both stores.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { formatAmount, parseAmount } from "@rgs/protocol/money";
import { runTester } from "@rgs/tester";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable, TEST_DATABASE_URL } from "../../../test-support/services.ts";
import { configFor, problems } from "../../tester/test/support.ts";
import {
  createCallbackHandler,
  type IdempotencyStore,
  idempotentHandlers,
  MemoryIdempotencyStore,
  PostgresIdempotencyStore,
  type RefusalAnswer,
  type SqlClient,
} from "../src/index.ts";

const SECRET = "tester-suite-secret-7d1c9a";
const PLAYERS = ["player-one", "player-two"];
const START = 100_000n;

/** Where the balances live: beside the records, in the same transaction for PostgreSQL. */
interface Balances<Scope> {
  get(playerId: string, scope: Scope): Promise<bigint>;
  set(playerId: string, minor: bigint, scope: Scope): Promise<void>;
}

const wrongSyntax: RefusalAnswer = { status: "ERROR_WRONG_SYNTAX" };

function sdkWallet<Scope>(
  store: IdempotencyStore<Scope>,
  balances: Balances<Scope>,
  known: () => Promise<Set<string>>,
) {
  const cents = (minor: bigint) => formatAmount(minor, 2);
  const read = (playerId: string) =>
    store.withPlayer(playerId, (_tx, scope) => balances.get(playerId, scope));
  return createCallbackHandler({
    secrets: SECRET,
    handlers: idempotentHandlers(
      store,
      {
        authenticate: async (request) => {
          if (!(await known()).has(request.playerId)) return { status: "ERROR_PLAYER_DISABLED" };
          if (request.currency !== "USD") return { status: "ERROR_WRONG_CURRENCY" };
          return {
            status: "OK",
            balance: cents(await read(request.playerId)),
            accountCurrency: "USD",
            excluded: false,
          };
        },
        balance: async (request) =>
          (await known()).has(request.playerId)
            ? { status: "OK", balance: cents(await read(request.playerId)) }
            : { status: "ERROR_PLAYER_DISABLED" },
      },
      {
        async debit(request, { scope }) {
          if (!(await known()).has(request.playerId)) return { status: "ERROR_PLAYER_DISABLED" };
          const amount = parseAmount(request.amount, 2);
          if (!amount.ok) return wrongSyntax;
          const balance = await balances.get(request.playerId, scope);
          if (amount.minor > balance) return { status: "ERROR_NOT_ENOUGH_MONEY", balance: cents(balance) };
          await balances.set(request.playerId, balance - amount.minor, scope);
          return { status: "OK", balance: cents(balance - amount.minor) };
        },
        async credit(request, { scope }) {
          const amount = parseAmount(request.amount, 2, { allowZero: true });
          if (!amount.ok) return wrongSyntax;
          const balance = (await balances.get(request.playerId, scope)) + amount.minor;
          await balances.set(request.playerId, balance, scope);
          return { status: "OK", balance: cents(balance) };
        },
        async rollback(request, { scope, debit }) {
          const amount = parseAmount(debit.amount, 2);
          if (!amount.ok) return wrongSyntax;
          const balance = (await balances.get(request.playerId, scope)) + amount.minor;
          await balances.set(request.playerId, balance, scope);
          return { status: "OK", balance: cents(balance) };
        },
      },
    ),
  });
}

async function serve(
  handler: ReturnType<typeof createCallbackHandler>,
): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/wallet/v2` };
}

async function stop(server: Server | undefined) {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
}

describe("a wallet on the in-memory idempotency store", () => {
  let wallet: { server: Server; url: string };
  const balances = new Map(PLAYERS.map((p) => [p, START]));
  beforeAll(async () => {
    wallet = await serve(
      sdkWallet(
        new MemoryIdempotencyStore(),
        {
          get: async (playerId) => balances.get(playerId) ?? 0n,
          set: async (playerId, minor) => {
            balances.set(playerId, minor);
          },
        },
        async () => new Set(PLAYERS),
      ),
    );
  });
  afterAll(async () => stop(wallet?.server));

  it("passes every check of the integration tester and leaves both players where they started", async () => {
    const report = await runTester({ ...configFor(wallet.url), secret: SECRET });
    expect(problems(report)).toEqual([]);
    expect(report.totals.pass).toBe(report.checks.length);
    expect(report.checks.filter((c) => c.category === "Idempotency").length).toBeGreaterThan(5);
    expect([...balances.values()]).toEqual([START, START]);
  }, 120_000);
});

const postgres = await postgresAvailable();

describe.skipIf(!postgres)("a wallet on the PostgreSQL idempotency store", () => {
  const schema = `sdk_${Math.random().toString(36).slice(2, 10)}`;
  let pool: pg.Pool;
  let wallet: { server: Server; url: string };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}`, max: 8 });
    const store = new PostgresIdempotencyStore(pool as unknown as { connect(): Promise<SqlClient> });
    await store.migrate();
    await pool.query("create table balances (player_id text primary key, minor bigint not null)");
    for (const player of PLAYERS) await pool.query("insert into balances values ($1, $2)", [player, START]);
    wallet = await serve(
      sdkWallet(
        store,
        {
          get: async (playerId, client) =>
            BigInt(
              ((await client.query("select minor from balances where player_id = $1", [playerId])).rows[0]
                ?.minor as string | undefined) ?? "0",
            ),
          set: async (playerId, minor, client) => {
            await client.query("update balances set minor = $2 where player_id = $1", [
              playerId,
              minor.toString(),
            ]);
          },
        },
        async () => new Set(PLAYERS),
      ),
    );
  });
  afterAll(async () => {
    await stop(wallet?.server);
    await pool?.query(`drop schema ${schema} cascade`);
    await pool?.end();
  });

  it("passes every check of the integration tester, with balances and records in one transaction", async () => {
    const report = await runTester({ ...configFor(wallet.url), secret: SECRET });
    expect(problems(report)).toEqual([]);
    const { rows } = await pool.query("select minor from balances order by player_id");
    expect(rows.map((r) => BigInt(r.minor as string))).toEqual([START, START]);
  }, 120_000);
});
