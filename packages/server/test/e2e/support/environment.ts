/**
 * One end-to-end environment: the RGS (embedded store in a temporary DATA_DIR, or PostgreSQL in a schema of
 * its own) and the reference wallet (PGlite in a temporary WALLET_DATA_DIR, fault injection on), each a
 * separate process. The operator is created with the `rgs` CLI, pointed at the wallet and given the secret
 * the wallet was started with.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { signedHeaders } from "@rgs/protocol/signing";
import pg from "pg";
import { TEST_DATABASE_URL } from "../../../../../test-support/services.ts";
import { baseEnv, Child, createOperatorByCli, freePort } from "./processes.ts";

export type StoreKind = "pglite" | "postgres";

/** Short waits everywhere, so failures and retries play out in seconds. */
export const CALLBACK_TIMEOUT_MS = 600;
export const DEBIT_RETRIES = 2;
const WALLET_BASE_PATH = "/wallet/v2";
export const NOT_ENOUGH_MONEY_MESSAGE = "Top up your casino account to keep playing.";

export interface EnvironmentOptions {
  store: StoreKind;
  /** Extra RGS settings (for example SWEEPER_IDLE_SECONDS). */
  rgsEnv?: Record<string, string>;
}

export interface HttpAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface Session {
  playerId: string;
  gameCode: string;
  token: string;
}

export interface WalletTransaction {
  transactionId: string;
  kind: "debit" | "credit" | "rollback" | "tombstone";
  roundId: string | null;
  amount: string;
  balanceDelta: string;
  balanceAfter: string;
  reverses: string | null;
  reversedBy: string | null;
}

export interface WalletStatement {
  id: string;
  currency: string;
  balance: string;
  openingBalance: string;
  ledgerBalance: string;
  reconciled: boolean;
  transactions: WalletTransaction[];
  rounds: { id: string; closed: boolean }[];
}

export interface Fault {
  callback: "authenticate" | "debit" | "credit" | "balance" | "rollback";
  mode: "error_before" | "error_after" | "hang_after" | "drop_before" | "drop_after" | "slow";
  count?: number;
  delayMs?: number;
}

export class Environment {
  readonly store: StoreKind;
  readonly baseUrl: string;
  readonly walletUrl: string;
  operatorId = "";
  readonly #secret = randomBytes(32).toString("base64url");
  #rgs: Child | undefined;
  #wallet: Child | undefined;
  readonly #rgsEnv: NodeJS.ProcessEnv;
  readonly #dirs: string[];
  readonly #schema: string | undefined;
  readonly #walletPort: number;
  #players = 0;

  private constructor(opts: {
    store: StoreKind;
    rgsPort: number;
    walletPort: number;
    rgsEnv: NodeJS.ProcessEnv;
    dirs: string[];
    schema: string | undefined;
  }) {
    this.store = opts.store;
    this.baseUrl = `http://127.0.0.1:${opts.rgsPort}`;
    this.walletUrl = `http://127.0.0.1:${opts.walletPort}`;
    this.#walletPort = opts.walletPort;
    this.#rgsEnv = opts.rgsEnv;
    this.#dirs = opts.dirs;
    this.#schema = opts.schema;
  }

  static async start(opts: EnvironmentOptions): Promise<Environment> {
    const dataDir = mkdtempSync(path.join(tmpdir(), "rgs-e2e-"));
    const walletDir = mkdtempSync(path.join(tmpdir(), "rgs-e2e-wallet-"));
    const [rgsPort, walletPort] = [await freePort(), await freePort()];
    const schema =
      opts.store === "postgres" ? `e2e_${randomUUID().replaceAll("-", "").slice(0, 16)}` : undefined;
    const rgsEnv: NodeJS.ProcessEnv = {
      ...baseEnv(),
      RGS_ENV: "staging",
      PORT: String(rgsPort),
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: `http://127.0.0.1:${rgsPort}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_SECOND: "10000",
      RATE_LIMIT_BURST: "10000",
      GAME_RATE_LIMIT_PER_SECOND: "10000",
      GAME_RATE_LIMIT_BURST: "10000",
      CALLBACK_TIMEOUT_MS: String(CALLBACK_TIMEOUT_MS),
      DEBIT_RETRIES: String(DEBIT_RETRIES),
      DEBIT_RETRY_DELAY_MS: "20",
      OUTBOX_BASE_DELAY_MS: "50",
      OUTBOX_MAX_DELAY_MS: "400",
      OUTBOX_POLL_MS: "100",
      OUTBOX_LEASE_MS: "2000",
      ...opts.rgsEnv,
    };
    if (schema !== undefined) {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`create schema ${schema}`);
      await client.end();
      const url = new URL(TEST_DATABASE_URL);
      url.searchParams.set("options", `-c search_path=${schema}`);
      rgsEnv.DATABASE_URL = url.toString();
      rgsEnv.SECRET_KEY = randomBytes(32).toString("base64");
    }
    const environment = new Environment({
      store: opts.store,
      rgsPort,
      walletPort,
      rgsEnv,
      dirs: [dataDir, walletDir],
      schema,
    });
    try {
      // The secret is chosen here and given to both sides, so the wallet starts while the RGS does.
      const startWallet = async () => {
        environment.#wallet = await Child.start({
          name: "the reference wallet",
          entry: "packages/reference-wallet/src/main.ts",
          env: {
            ...baseEnv(),
            WALLET_SECRET: environment.#secret,
            WALLET_PORT: String(walletPort),
            WALLET_HOST: "127.0.0.1",
            WALLET_BASE_PATH,
            WALLET_DATA_DIR: walletDir,
            WALLET_FAULTS: "1",
            WALLET_NOT_ENOUGH_MONEY_MESSAGE: NOT_ENOUGH_MONEY_MESSAGE,
            WALLET_LOG_LEVEL: "warn",
          },
          ready: /fault injection is ENABLED/,
        });
      };
      // Both settle before anything is cleaned up, so no process is left starting behind a failure.
      const started = await Promise.allSettled([
        environment.startRgs().then(() => environment.#createOperator()),
        startWallet(),
      ]);
      const failed = started.find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
    } catch (error) {
      await environment.close();
      throw error;
    }
    return environment;
  }

  /** Starts the RGS, or starts it again on the same store and port after a kill. */
  async startRgs(): Promise<void> {
    if (this.#rgs?.running) throw new Error("the RGS is already running");
    this.#rgs = await Child.start({
      name: "the RGS",
      entry: "packages/server/src/main.ts",
      env: this.#rgsEnv,
      ready: /RGS staging listening on/,
    });
  }

  /** SIGKILL: the RGS stops at once, whatever it was doing, like a crash. */
  async killRgs(): Promise<void> {
    await this.#rgs?.kill();
  }

  /** SIGTERM: the RGS shuts down gracefully; resolves with its exit code. */
  async terminateRgs(): Promise<number | null> {
    if (!this.#rgs) throw new Error("the RGS is not running");
    return this.#rgs.terminate();
  }

  /** The operator's HMAC secret, shared with the wallet: to sign callbacks to it directly. */
  get secret(): string {
    return this.#secret;
  }

  /** Where the wallet serves the five callbacks. */
  get callbackBaseUrl(): string {
    return `${this.walletUrl}${WALLET_BASE_PATH}`;
  }

  /** The output of the RGS and the wallet, for failure messages. */
  get logs(): string {
    return `--- RGS ---\n${this.#rgs?.output ?? ""}\n--- wallet ---\n${this.#wallet?.output ?? ""}`;
  }

  async close(): Promise<void> {
    await Promise.all([this.#rgs?.stop(), this.#wallet?.stop()]);
    for (const dir of this.#dirs) rmSync(dir, { recursive: true, force: true });
    if (this.#schema !== undefined) {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists ${this.#schema} cascade`);
      await client.end();
    }
  }

  /** `npm run rgs -- operator create ... --json`: through the admin socket of the running embedded RGS, or PostgreSQL. */
  async #createOperator(): Promise<void> {
    this.operatorId = await createOperatorByCli(this.#rgsEnv, {
      name: "End-to-end casino",
      callbackUrl: `http://127.0.0.1:${this.#walletPort}${WALLET_BASE_PATH}`,
      secret: this.#secret,
      limits: ["USD:0.10:100.00:100000.00"],
    });
  }

  /** A wallet player with a unique id and the given USD balance. */
  async newPlayer(balance = "100.00"): Promise<string> {
    const id = `e2e-${this.store}-${process.pid}-${++this.#players}-${randomUUID().slice(0, 8)}`;
    const answer = await this.walletAdmin("POST", "/admin/players", { id, currency: "USD", balance });
    if (answer.status !== 201) throw new Error(`creating a wallet player failed: ${JSON.stringify(answer)}`);
    return id;
  }

  /**
   * A launch through the signed operator API: real money by default (the RGS authenticates the player with
   * the wallet), or a demo session with a virtual balance.
   */
  async launch(playerId: string, gameCode: string, opts: { demo?: boolean } = {}): Promise<Session> {
    return signedLaunch(
      this.baseUrl,
      { operatorId: this.operatorId, secret: this.#secret },
      { playerId, gameCode, demo: opts.demo ?? false },
    );
  }

  /** A signed operator API POST (campaigns); never throws on an HTTP error status. */
  async operatorPost<T = Record<string, unknown>>(apiPath: string, body: unknown): Promise<HttpAnswer<T>> {
    const text = JSON.stringify(body);
    const headers = signedHeaders({
      operatorId: this.operatorId,
      secret: this.#secret,
      path: apiPath,
      body: text,
      nowSeconds: Date.now() / 1000,
    });
    const response = await fetch(`${this.baseUrl}${apiPath}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: text,
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  /** A game API call; never throws on an HTTP error status (network errors do throw). */
  async game<T = Record<string, unknown>>(
    session: Session,
    method: "GET" | "POST",
    apiPath: string,
    body?: unknown,
  ): Promise<HttpAnswer<T>> {
    const response = await fetch(`${this.baseUrl}${apiPath}`, {
      method,
      headers: {
        authorization: `Bearer ${session.token}`,
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  async walletAdmin<T = Record<string, unknown>>(
    method: "GET" | "POST" | "DELETE",
    apiPath: string,
    body?: unknown,
  ): Promise<HttpAnswer<T>> {
    const response = await fetch(`${this.walletUrl}${apiPath}`, {
      method,
      ...(body !== undefined && {
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  async statement(playerId: string): Promise<WalletStatement> {
    const answer = await this.walletAdmin<WalletStatement>(
      "GET",
      `/admin/players/${encodeURIComponent(playerId)}`,
    );
    if (answer.status !== 200)
      throw new Error(`no wallet statement for ${playerId}: ${JSON.stringify(answer)}`);
    return answer.body;
  }

  /** Schedules faults for the next calls of a callback (the wallet's fault injection). */
  async fault(...faults: Fault[]): Promise<void> {
    for (const fault of faults) {
      const answer = await this.walletAdmin("POST", "/admin/faults", fault);
      if (answer.status !== 201) throw new Error(`scheduling a fault failed: ${JSON.stringify(answer)}`);
    }
  }

  async randomFaults(setting: {
    share: number;
    callbacks: Fault["callback"][];
    modes: Fault["mode"][];
    delayMs: number;
  }): Promise<void> {
    const answer = await this.walletAdmin("POST", "/admin/faults/random", setting);
    if (answer.status !== 201) throw new Error(`random faults refused: ${JSON.stringify(answer)}`);
  }

  async clearFaults(): Promise<void> {
    await this.walletAdmin("DELETE", "/admin/faults");
  }
}

/** A signed `POST /operator/launch` in USD from Germany; throws unless it answers a launch URL. */
export async function signedLaunch(
  baseUrl: string,
  operator: { operatorId: string; secret: string },
  launch: { playerId: string; gameCode: string; demo: boolean },
): Promise<Session> {
  const { playerId, gameCode, demo } = launch;
  const body = JSON.stringify({ playerId, currency: "USD", gameCode, countryCode: "DE", demo });
  const response = await fetch(`${baseUrl}/operator/launch`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...signedHeaders({ ...operator, path: "/operator/launch", body, nowSeconds: Date.now() / 1000 }),
    },
    body,
  });
  const answer = (await response.json()) as { launchUrl?: string };
  if (!response.ok || !answer.launchUrl) {
    throw new Error(`launch of ${gameCode} for ${playerId} failed: ${JSON.stringify(answer)}`);
  }
  const token = new URL(answer.launchUrl).searchParams.get("sessionToken") ?? "";
  return { playerId, gameCode, token };
}
