import { signRequest } from "@rgs/protocol/signing";
import type { FastifyInstance } from "fastify";
import { buildWalletApp, type WalletAppOptions } from "../src/app.ts";
import { LedgerRepository } from "../src/store/ledger-repository.ts";
import { openPglite } from "../src/store/pglite.ts";
import type { SqlDatabase } from "../src/store/sql.ts";

export const SECRET = "e3b98a4f1c2d7e6a5b0f9c8d7e6a5b4c";
export const PREVIOUS_SECRET = "previous-secret-still-accepted";
export const BASE_PATH = "/wallet/v2";
/** The wallet's clock in tests: fixed, so timestamps and windows are exact. */
export const NOW = 1_800_000_000;

export type WalletResponse = { statusCode: number; body: Record<string, unknown> };

export interface TestWallet {
  app: FastifyInstance;
  ledger: LedgerRepository;
  /** A correctly signed callback: body is an object (sent as compact JSON) or raw text. */
  call(name: string, body: unknown, opts?: SignOptions): Promise<WalletResponse>;
  admin(method: "GET" | "POST", path: string, body?: unknown): Promise<WalletResponse>;
  /** Creates a player with a unique id (the prefix keeps it readable) and returns the id. */
  player(currency?: string, balance?: string, extra?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export interface SignOptions {
  secret?: string;
  timestamp?: number;
  /** The path that is signed, when it should differ from the one requested. */
  signedPath?: string;
  /** The path requested, when it should differ from `${BASE_PATH}/callback/${name}`. */
  path?: string;
  /** Replaces the body after signing. */
  tamper?: string;
  headers?: Record<string, string>;
}

let counter = 0;
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

export function signedRequest(name: string, body: unknown, opts: SignOptions = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const path = opts.path ?? `${BASE_PATH}/callback/${name}`;
  const timestamp = String(opts.timestamp ?? NOW);
  const signedPath = opts.signedPath ?? path.split("?")[0] ?? path;
  return {
    path,
    payload: opts.tamper ?? text,
    headers: {
      "content-type": "application/json",
      "x-timestamp": timestamp,
      "x-hmac-sha256": signRequest(opts.secret ?? SECRET, timestamp, signedPath, text),
      ...opts.headers,
    },
  };
}

export async function openTestLedger(db?: SqlDatabase): Promise<LedgerRepository> {
  const ledger = new LedgerRepository(db ?? (await openPglite()));
  await ledger.migrate();
  return ledger;
}

/** A wallet app over its own ledger, which `close` closes too. */
export async function createTestWallet(
  db?: SqlDatabase,
  config: Partial<WalletAppOptions["config"]> = {},
): Promise<TestWallet> {
  const ledger = await openTestLedger(db);
  const wallet = await createTestApp(ledger, config);
  return {
    ...wallet,
    async close() {
      await wallet.close();
      await ledger.close();
    },
  };
}

/** A wallet app over a shared ledger (PGlite takes seconds to start, so test files share one). */
export async function createTestApp(
  ledger: LedgerRepository,
  config: Partial<WalletAppOptions["config"]> = {},
): Promise<TestWallet> {
  const app = await buildWalletApp({
    config: {
      secrets: [SECRET, PREVIOUS_SECRET],
      operatorId: undefined,
      basePath: BASE_PATH,
      signatureWindowSeconds: 30,
      adminToken: undefined,
      faults: false,
      notEnoughMoneyMessage: undefined,
      ...config,
    },
    ledger,
    clock: () => NOW,
  });
  const parse = (payload: string) => (payload === "" ? {} : (JSON.parse(payload) as Record<string, unknown>));
  const wallet: TestWallet = {
    app,
    ledger,
    async call(name, body, opts) {
      const request = signedRequest(name, body, opts);
      const response = await app.inject({
        method: "POST",
        url: request.path,
        payload: request.payload,
        headers: request.headers,
      });
      return { statusCode: response.statusCode, body: parse(response.payload) };
    },
    async admin(method, path, body) {
      const response = await app.inject({
        method,
        url: path,
        ...(body === undefined
          ? {}
          : { payload: JSON.stringify(body), headers: { "content-type": "application/json" } }),
      });
      return { statusCode: response.statusCode, body: parse(response.payload) };
    },
    async player(currency = "USD", balance = "100.00", extra = {}) {
      const id = uniqueId("player");
      const response = await wallet.admin("POST", "/admin/players", { id, currency, balance, ...extra });
      if (response.statusCode !== 201)
        throw new Error(`player not created: ${JSON.stringify(response.body)}`);
      return id;
    },
    async close() {
      await app.close();
    },
  };
  return wallet;
}
