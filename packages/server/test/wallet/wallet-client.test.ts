import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { verifyRequest } from "@rgs/protocol/signing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { debitBody } from "../../src/wallet/callback-bodies.ts";
import {
  createWalletClient,
  createWalletClientPool,
  type WalletClient,
  type WalletClientOptions,
} from "../../src/wallet/wallet-client.ts";

const OPERATOR_ID = "0b6f1f9e-3c1a-4c55-9d55-6f0f5a0c2b11";
const SECRET = "wallet-secret-1";
const START_MS = 1_731_500_000_000;

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  socket: number;
}

type Handler = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => void;

const clock = manualClock(START_MS);
const seen: Seen[] = [];
const sockets = new WeakMap<Socket, number>();
let connections = 0;
let handler: Handler;
let server: http.Server;
let origin: string;
const clients: WalletClient[] = [];

/** A wallet that checks signatures as operators must: timestamp + full path as received + raw body. */
function verify(req: http.IncomingMessage, body: Buffer, secrets = [SECRET]) {
  return verifyRequest({
    secrets,
    timestamp: req.headers["x-timestamp"] as string | undefined,
    signature: req.headers["x-hmac-sha256"] as string | undefined,
    path: req.url ?? "",
    body: body.toString("utf8"),
    nowSeconds: clock.now() / 1000,
  });
}

function json(res: http.ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

const honestWallet: Handler = (req, body, res) => {
  if (!verify(req, body).ok) {
    json(res, 401, { error: "bad signature" });
    return;
  }
  const request = JSON.parse(body.toString("utf8")) as { requestId: string };
  json(res, 200, { requestId: request.requestId, status: "OK", balance: "100.00" });
};

function client(overrides: Partial<WalletClientOptions> = {}): WalletClient {
  const created = createWalletClient({
    operatorId: OPERATOR_ID,
    callbackBaseUrl: `${origin}/wallet/v2`,
    callbackSecret: () => SECRET,
    timeoutMs: 2000,
    clock,
    ...overrides,
  });
  clients.push(created);
  return created;
}

const debit = {
  requestId: "req-1",
  playerId: "player-42",
  transactionId: "tx-1",
  roundId: "round-1",
  gameCode: "dice-alpha",
  amount: 150n,
  decimals: 2,
  sessionToken: "session-7",
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      seen.push({ url: req.url ?? "", headers: req.headers, body, socket: sockets.get(req.socket) ?? -1 });
      handler(req, body, res);
    });
  });
  server.on("connection", (socket: Socket) => {
    connections += 1;
    sockets.set(socket, connections);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  handler = honestWallet;
  clock.set(START_MS);
});

afterEach(() => {
  for (const created of clients.splice(0)) created.close();
  // Sockets of a wallet that never answered would otherwise stay open until the end of the file.
  server.closeAllConnections();
  connections = 0;
});

describe("signing", () => {
  it("signs the full path under the base URL's prefix, with the three headers", async () => {
    const { body, answer } = await client().debit(debit);
    expect(answer).toMatchObject({ outcome: "ok", balanceMinor: 10000n });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.url).toBe("/wallet/v2/callback/debit");
    expect(request?.body.toString("utf8")).toBe(body);
    expect(request?.headers["x-operator-id"]).toBe(OPERATOR_ID);
    expect(request?.headers["x-timestamp"]).toBe(String(START_MS / 1000));
    expect(request?.headers["content-type"]).toBe("application/json");
    const signedWithoutPrefix = verifyRequest({
      secrets: [SECRET],
      timestamp: request?.headers["x-timestamp"] as string,
      signature: request?.headers["x-hmac-sha256"] as string,
      path: "/callback/debit",
      body,
      nowSeconds: START_MS / 1000,
    });
    expect(signedWithoutPrefix.ok).toBe(false);
  });

  it("treats a trailing slash on the base URL as the same address", async () => {
    const answer = await client({ callbackBaseUrl: `${origin}/wallet/v2/` }).send(
      "balance",
      '{"requestId":"r","playerId":"p"}',
      "r",
      2,
    );
    expect(answer.outcome).toBe("ok");
    expect(seen[0]?.url).toBe("/wallet/v2/callback/balance");
  });

  it("resends a stored body byte for byte with a new timestamp and signature", async () => {
    const wallet = client();
    const stored = debitBody(debit);
    const first = await wallet.send("debit", stored, debit.requestId, 2);
    clock.advance(7000);
    const second = await wallet.send("debit", stored, debit.requestId, 2);
    expect(first.outcome).toBe("ok");
    expect(second.outcome).toBe("ok");
    const [a, b] = seen;
    expect(b?.body.equals(a?.body ?? Buffer.alloc(0))).toBe(true);
    expect(JSON.parse(b?.body.toString("utf8") ?? "")).toMatchObject({
      requestId: "req-1",
      transactionId: "tx-1",
    });
    expect(Number(b?.headers["x-timestamp"]) - Number(a?.headers["x-timestamp"])).toBe(7);
    expect(b?.headers["x-hmac-sha256"]).not.toBe(a?.headers["x-hmac-sha256"]);
  });

  it("signs with whichever secret signs callbacks at the moment of sending", async () => {
    let current = SECRET;
    const wallet = client({ callbackSecret: () => current });
    await wallet.balance({ requestId: "r-1", playerId: "p", decimals: 2 });
    current = "wallet-secret-2";
    const answer = await wallet.balance({ requestId: "r-2", playerId: "p", decimals: 2 });
    expect(answer.answer).toMatchObject({
      outcome: "ambiguous",
      reason: "signature_refused",
      httpStatus: 401,
    });
    const last = seen[1];
    expect(
      last &&
        verify({ url: last.url, headers: last.headers } as http.IncomingMessage, last.body, [
          "wallet-secret-2",
        ]).ok,
    ).toBe(true);
  });
});

describe("the five callbacks", () => {
  it("go to their paths with the SPEC's bodies", async () => {
    const wallet = client();
    await wallet.authenticate({
      requestId: "a",
      playerId: "p",
      currency: "RMB",
      gameCode: "dice-alpha",
      sessionToken: "s",
    });
    await wallet.balance({ requestId: "b", playerId: "p", sessionToken: "s", decimals: 2 });
    await wallet.debit({ ...debit, requestId: "d" });
    await wallet.credit({
      requestId: "c",
      playerId: "p",
      transactionId: "tx-c",
      roundId: "round-1",
      roundClosed: true,
      gameId: "dice-alpha",
      amount: 0n,
      decimals: 2,
    });
    await wallet.rollback({
      requestId: "r",
      playerId: "p",
      transactionId: "tx-r",
      reverseTransactionId: "tx-1",
      roundId: "round-1",
      roundClosed: true,
      gameId: "dice-alpha",
      decimals: 2,
    });
    expect(seen.map((s) => [s.url, s.body.toString("utf8")])).toEqual([
      [
        "/wallet/v2/callback/authenticate",
        '{"requestId":"a","playerId":"p","currency":"CNY","gameCode":"dice-alpha","sessionToken":"s"}',
      ],
      ["/wallet/v2/callback/balance", '{"requestId":"b","playerId":"p","sessionToken":"s"}'],
      [
        "/wallet/v2/callback/debit",
        '{"requestId":"d","playerId":"player-42","transactionId":"tx-1","roundId":"round-1","gameCode":"dice-alpha","amount":"1.50","sessionToken":"session-7"}',
      ],
      [
        "/wallet/v2/callback/credit",
        '{"requestId":"c","playerId":"p","transactionId":"tx-c","roundId":"round-1","roundClosed":true,"gameId":"dice-alpha","amount":"0"}',
      ],
      [
        "/wallet/v2/callback/rollback",
        '{"requestId":"r","playerId":"p","transactionId":"tx-r","reverseTransactionId":"tx-1","roundId":"round-1","roundClosed":true,"gameId":"dice-alpha"}',
      ],
    ]);
  });

  it("reads the authenticate profile over the wire", async () => {
    handler = (_req, body, res) => {
      const { requestId } = JSON.parse(body.toString("utf8")) as { requestId: string };
      json(res, 200, { requestId, status: "OK", balance: "12.345", accountCurrency: "EUR", excluded: true });
    };
    const { answer } = await client().authenticate({
      requestId: "a-1",
      playerId: "p",
      currency: "EUR",
      gameCode: "dice-alpha",
    });
    expect(answer).toMatchObject({
      outcome: "ok",
      balance: { units: 12345n, scale: 3 },
      balanceMinor: 1234n,
      profile: { accountCurrency: "EUR", excluded: true },
    });
  });

  it("passes a definite refusal and the player's message through", async () => {
    handler = (_req, body, res) => {
      const { requestId } = JSON.parse(body.toString("utf8")) as { requestId: string };
      json(res, 200, {
        requestId,
        status: "ERROR_NOT_ENOUGH_MONEY",
        customUserError: "Top up to keep playing",
      });
    };
    const { answer } = await client().debit(debit);
    expect(answer).toMatchObject({
      outcome: "refused",
      status: "ERROR_NOT_ENOUGH_MONEY",
      customUserError: "Top up to keep playing",
    });
  });

  it("does not trust an answer echoing another request's id", async () => {
    handler = (_req, _body, res) =>
      json(res, 200, { requestId: "someone-else", status: "OK", balance: "1.00" });
    expect((await client().debit(debit)).answer).toMatchObject({
      outcome: "ambiguous",
      reason: "request_id_mismatch",
    });
  });
});

describe("failed calls are ambiguous", () => {
  it("when the wallet never answers", async () => {
    handler = () => {};
    const answer = await client({ timeoutMs: 150 }).send("debit", debitBody(debit), debit.requestId, 2);
    expect(answer).toMatchObject({ outcome: "ambiguous", reason: "timeout" });
  });

  it("when the wallet answers the headers but never finishes the body", async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "100" });
      res.write('{"requestId":"req-1",');
    };
    const answer = await client({ timeoutMs: 150 }).send("debit", debitBody(debit), debit.requestId, 2);
    expect(answer).toMatchObject({ outcome: "ambiguous", reason: "timeout" });
  });

  it("when nothing listens", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const answer = await client({ callbackBaseUrl: `http://127.0.0.1:${port}/wallet` }).debit(debit);
    expect(answer.answer).toMatchObject({ outcome: "ambiguous", reason: "connection_refused" });
  });

  it("when the TLS handshake fails", async () => {
    const answer = await client({ callbackBaseUrl: origin.replace("http:", "https:") }).debit(debit);
    expect(answer.answer).toMatchObject({ outcome: "ambiguous", reason: "tls_failure" });
    expect(seen).toHaveLength(0);
  });

  it("on HTTP 500", async () => {
    handler = (_req, body, res) => {
      const { requestId } = JSON.parse(body.toString("utf8")) as { requestId: string };
      json(res, 500, { requestId, status: "OK", balance: "1.00" });
    };
    expect((await client().debit(debit)).answer).toMatchObject({
      outcome: "ambiguous",
      reason: "http_status",
      httpStatus: 500,
    });
  });

  it("when the wallet drops the connection before answering", async () => {
    handler = (req) => req.socket.destroy();
    expect((await client().debit(debit)).answer).toMatchObject({
      outcome: "ambiguous",
      reason: "connection_reset",
    });
  });

  it("when the wallet drops the connection in the middle of the answer", async () => {
    handler = (req, _body, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "100" });
      res.write('{"requestId":"req-1","status":"OK"', () => req.socket.destroy());
    };
    expect((await client().debit(debit)).answer).toMatchObject({
      outcome: "ambiguous",
      reason: "connection_reset",
    });
  });

  it("on a redirect, which is not followed", async () => {
    handler = (req, body, res) => {
      if (req.url === "/wallet/v2/callback/debit") {
        res.writeHead(307, { Location: "/elsewhere/callback/debit", "Content-Length": "0" });
        res.end();
        return;
      }
      honestWallet(req, body, res);
    };
    expect((await client().debit(debit)).answer).toMatchObject({
      outcome: "ambiguous",
      reason: "http_status",
      httpStatus: 307,
    });
    expect(seen.map((s) => s.url)).toEqual(["/wallet/v2/callback/debit"]);
  });

  it("when the answer is too large, declared or streamed", async () => {
    const big = JSON.stringify({
      requestId: "req-1",
      status: "OK",
      balance: "1.00",
      pad: "x".repeat(100_000),
    });
    handler = (_req, _body, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(big) });
      res.end(big);
    };
    expect((await client().debit(debit)).answer).toMatchObject({
      outcome: "ambiguous",
      reason: "body_too_large",
    });
    handler = (_req, _body, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(big);
    };
    expect((await client().debit(debit)).answer).toMatchObject({
      outcome: "ambiguous",
      reason: "body_too_large",
    });
  });

  it("and the client keeps working afterwards", async () => {
    handler = () => {};
    const wallet = client({ timeoutMs: 150 });
    expect((await wallet.debit(debit)).answer).toMatchObject({ reason: "timeout" });
    handler = honestWallet;
    expect((await wallet.debit(debit)).answer).toMatchObject({ outcome: "ok" });
  });
});

describe("connections", () => {
  it("reuses one keep-alive connection for consecutive callbacks", async () => {
    const wallet = client();
    for (let i = 0; i < 4; i++) {
      const { answer } = await wallet.balance({ requestId: `r-${i}`, playerId: "p", decimals: 2 });
      expect(answer.outcome).toBe("ok");
    }
    expect(new Set(seen.map((s) => s.socket)).size).toBe(1);
    expect(connections).toBe(1);
  });

  it("opens no more connections than allowed", async () => {
    handler = (req, body, res) => setTimeout(() => honestWallet(req, body, res), 20);
    const wallet = client({ http: { maxSockets: 2 } });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        wallet.balance({ requestId: `r-${i}`, playerId: "p", decimals: 2 }),
      ),
    );
    expect(answers.every(({ answer }) => answer.outcome === "ok")).toBe(true);
    expect(connections).toBe(2);
  });

  it("shares an operator's pool across the clients a pool hands out", async () => {
    const pool = createWalletClientPool({ clock, timeoutMs: 2000 });
    const operator = {
      operatorId: OPERATOR_ID,
      callbackBaseUrl: `${origin}/wallet/v2`,
      callbackSecret: () => SECRET,
    };
    await pool.client(operator).balance({ requestId: "r-1", playerId: "p", decimals: 2 });
    await pool.client(operator).balance({ requestId: "r-2", playerId: "p", decimals: 2 });
    expect(connections).toBe(1);
    await pool
      .client({ ...operator, operatorId: "another-operator" })
      .balance({ requestId: "r-3", playerId: "p", decimals: 2 });
    expect(connections).toBe(2);
    pool.evict(OPERATOR_ID);
    await pool.client(operator).balance({ requestId: "r-4", playerId: "p", decimals: 2 });
    expect(connections).toBe(3);
    pool.close();
    expect(seen.map((s) => s.socket)).toEqual([1, 1, 2, 3]);
  });
});

describe("configuration", () => {
  it("refuses a base URL that is not absolute http(s) without query", () => {
    expect(() => client({ callbackBaseUrl: "wallet.example.com/cb" })).toThrow(/absolute/);
    expect(() => client({ callbackBaseUrl: "ftp://wallet.example.com" })).toThrow(/http/);
    expect(() => client({ callbackBaseUrl: "https://wallet.example.com/cb?x=1" })).toThrow(/query/);
  });

  it("refuses a timeout that is not a positive number of milliseconds", () => {
    expect(() => client({ timeoutMs: 0 })).toThrow(RangeError);
  });

  it("refuses to send a callback kind it does not know", async () => {
    await expect(client().send("refund" as never, "{}", "r", 2)).rejects.toThrow(/unknown callback kind/);
    await expect(client().send("toString" as never, "{}", "r", 2)).rejects.toThrow(/unknown callback kind/);
    expect(seen).toHaveLength(0);
  });

  it("names each callback's address", () => {
    expect(client({ callbackBaseUrl: "https://w.example/api/" }).callbackUrl("rollback").href).toBe(
      "https://w.example/api/callback/rollback",
    );
  });
});
