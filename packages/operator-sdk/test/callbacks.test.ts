import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { signedHeaders } from "@rgs/protocol/signing";
import { callbackRequestText, type WALLET_CALLBACKS } from "@rgs/protocol/wallet-callbacks";
import express from "express";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, DEMO_LAUNCH, type Harness } from "../../server/test/http/support.ts";
import { expressCallbacks } from "../src/express.ts";
import { fastifyCallbacks } from "../src/fastify.ts";
import { type CallbackHandlers, createCallbackHandler, OperatorClient } from "../src/index.ts";

const SECRET = "wallet-callback-secret";
const NOW_MS = Date.UTC(2030, 0, 1, 12);

/** A one-player wallet: enough to see each callback reach its typed handler. */
function handlers(seen: string[]): CallbackHandlers {
  return {
    authenticate: (request) => {
      seen.push(`authenticate ${request.playerId} ${request.currency}`);
      return { status: "OK", balance: "250.00", accountCurrency: "USD", excluded: false };
    },
    balance: () => ({ status: "OK", balance: "250.00" }),
    debit: (request) =>
      request.amount === "999.00"
        ? { status: "ERROR_NOT_ENOUGH_MONEY", balance: "250.00" }
        : { status: "OK", balance: "249.00" },
    credit: () => ({ status: "OK", balance: "251.00" }),
    rollback: () => ({ status: "ERROR_TRANSACTION_DOES_NOT_EXIST" }),
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the node:http handler behind a real RGS", () => {
  let h: Harness;
  let rgsUrl: string;
  let wallet: Server;
  let walletUrl: string;
  /** What the wallet server runs: each test mounts the SDK handler it needs. */
  let handle: RequestListener = (_request, response) => response.writeHead(503).end();
  const seen: string[] = [];

  beforeAll(async () => {
    h = await createHarness();
    await h.app.listen({ port: 0, host: "127.0.0.1" });
    rgsUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    wallet = createServer((request, response) => handle(request, response));
    walletUrl = `${await listen(wallet)}/wallet/v2`;
  });
  afterAll(async () => {
    wallet.closeAllConnections();
    await new Promise((resolve) => wallet.close(resolve));
    h.app.server.closeAllConnections();
    await h.close();
  });

  it("verifies the RGS's authenticate callback and answers it, so a real-money launch opens", async () => {
    const operator = await h.createOperator({ name: "SDK wallet", callbackUrl: walletUrl });
    const secret = operator.secret;
    handle = createCallbackHandler({ secrets: secret, handlers: handlers(seen), now: () => h.clock.now() });
    const client = new OperatorClient({
      baseUrl: rgsUrl,
      operatorId: operator.id,
      secret,
      now: () => h.clock.now(),
    });
    const session = await client.launch({ ...DEMO_LAUNCH, playerId: "sdk-real", demo: false });
    expect(session.sessionId).toBeTruthy();
    expect(seen).toEqual(["authenticate sdk-real USD"]);
  });

  it("refuses a callback signed with another secret with HTTP 401, which the RGS reports as wallet_signature_refused", async () => {
    const operator = await h.createOperator({ name: "Rotated", callbackUrl: walletUrl });
    handle = createCallbackHandler({
      secrets: "stale-secret",
      handlers: handlers([]),
      now: () => h.clock.now(),
    });
    const client = new OperatorClient({
      baseUrl: rgsUrl,
      operatorId: operator.id,
      secret: operator.secret,
      now: () => h.clock.now(),
    });
    const error = await client
      .launch({ ...DEMO_LAUNCH, playerId: "sdk-refused", demo: false })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: "wallet_signature_refused" });
  });
});

/** Sends one callback as the RGS does: compact JSON in wire order, signed over timestamp + full path + body. */
async function send(
  baseUrl: string,
  name: (typeof WALLET_CALLBACKS)[number],
  values: Record<string, string | boolean>,
  tamper: { secret?: string; skewSeconds?: number; body?: string } = {},
) {
  const path = `${new URL(baseUrl).pathname}/callback/${name}`;
  const body = callbackRequestText(name, values);
  const headers = signedHeaders({
    operatorId: "00000000-0000-4000-8000-000000000001",
    secret: tamper.secret ?? SECRET,
    path,
    body,
    nowSeconds: NOW_MS / 1000 + (tamper.skewSeconds ?? 0),
  });
  const response = await fetch(`${baseUrl}/callback/${name}`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: tamper.body ?? body,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const DEBIT = {
  requestId: "r-1",
  playerId: "p-1",
  transactionId: "tx-1",
  roundId: "rd-1",
  gameCode: "dice-alpha",
  amount: "1.00",
};

const options = { secrets: [SECRET], handlers: handlers([]), now: () => NOW_MS };

const adapters: [string, () => Promise<{ url: string; close: () => Promise<void> }>][] = [
  [
    "node:http",
    async () => {
      const server = createServer(createCallbackHandler(options));
      const url = `${await listen(server)}/wallet/v2`;
      return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
    },
  ],
  [
    "Express",
    async () => {
      const app = express();
      app.use("/wallet/v2", expressCallbacks(options));
      app.use(express.json());
      const server = createServer(app);
      const url = `${await listen(server)}/wallet/v2`;
      return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
    },
  ],
  [
    "Fastify",
    async () => {
      const app = Fastify();
      await app.register(fastifyCallbacks, { prefix: "/wallet/v2", ...options });
      const address = await app.listen({ port: 0, host: "127.0.0.1" });
      return { url: `${address}/wallet/v2`, close: () => app.close() };
    },
  ],
];

describe.each(adapters)("the %s adapter", (_name, start) => {
  let wallet: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    wallet = await start();
  });
  afterAll(async () => wallet.close());

  it("answers each callback from its typed handler, echoing the requestId", async () => {
    expect(await send(wallet.url, "debit", DEBIT)).toEqual({
      status: 200,
      json: { requestId: "r-1", status: "OK", balance: "249.00" },
    });
    expect((await send(wallet.url, "debit", { ...DEBIT, amount: "999.00" })).json).toMatchObject({
      status: "ERROR_NOT_ENOUGH_MONEY",
    });
    expect((await send(wallet.url, "balance", { requestId: "r-2", playerId: "p-1" })).json).toEqual({
      requestId: "r-2",
      status: "OK",
      balance: "250.00",
    });
  });

  it("refuses with HTTP 401 a wrong secret, a body changed after signing, or a stale timestamp", async () => {
    expect((await send(wallet.url, "debit", DEBIT, { secret: "other" })).status).toBe(401);
    expect(
      (await send(wallet.url, "debit", DEBIT, { body: JSON.stringify({ ...DEBIT, amount: "0.01" }) })).status,
    ).toBe(401);
    const stale = await send(wallet.url, "debit", DEBIT, { skewSeconds: -31 });
    expect(stale).toMatchObject({ status: 401, json: { status: "ERROR_INVALID_SIGNATURE" } });
  });

  it("answers a signed body that breaks the contract with ERROR_WRONG_SYNTAX", async () => {
    expect((await send(wallet.url, "debit", { ...DEBIT, amount: "-1.00" })).json).toEqual({
      requestId: "r-1",
      status: "ERROR_WRONG_SYNTAX",
    });
  });
});

describe("the Express adapter's mounting", () => {
  async function serveExpress(setup: (app: ReturnType<typeof express>) => void) {
    const app = express();
    setup(app);
    const server = createServer(app);
    const url = `${await listen(server)}/wallet/v2`;
    return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it("verifies the bytes express.raw() kept", async () => {
    const wallet = await serveExpress((app) => {
      app.use("/wallet/v2", express.raw({ type: "application/json" }), expressCallbacks(options));
    });
    try {
      expect((await send(wallet.url, "debit", DEBIT)).json).toMatchObject({ requestId: "r-1", status: "OK" });
      expect((await send(wallet.url, "debit", DEBIT, { secret: "other" })).status).toBe(401);
    } finally {
      await wallet.close();
    }
  });

  it("refuses to guess when express.json() already parsed the body", async () => {
    let reported: unknown;
    const wallet = await serveExpress((app) => {
      app.use(express.json());
      app.use("/wallet/v2", expressCallbacks(options));
      app.use(
        (
          error: unknown,
          _request: unknown,
          response: { status(code: number): { end(): void } },
          _next: unknown,
        ) => {
          reported = error;
          response.status(500).end();
        },
      );
    });
    try {
      const response = await fetch(`${wallet.url}/callback/debit`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(DEBIT),
      });
      expect(response.status).toBe(500);
      expect(String(reported)).toMatch(/needs the raw body/);
    } finally {
      await wallet.close();
    }
  });
});
