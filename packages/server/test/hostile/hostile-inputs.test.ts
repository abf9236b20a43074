/**
 * Every class of hostile input the RGS must survive, as tables a newcomer extends by adding a row:
 * - WALLET_ANSWERS: what the operator's wallet may answer to a debit or a credit;
 * - REQUESTS: what a client may send over a raw TCP connection (slow or stalled, replayed, not UTF-8,
 *   over-long, or garbage that Node's HTTP parser refuses);
 * - SETTINGS: operator settings the onboarding CLI and the admin interface may be given;
 * - PAGES: game page addresses anyone can write around a player's token.
 * Each row names the hostile input, how to produce it, the answer expected (status and error code; never
 * a 500), and the money invariant checked afterwards: the player's balance at the wallet is unchanged, or
 * the round is reconciled (the wallet holds start - stake + payout and the round is closed).
 *
 * One real RGS app on the embedded store, listening on a loopback port, with a scripted wallet: an
 * in-memory ledger that applies debits, credits and rollbacks idempotently, and answers the callback of
 * the row under test the row's way. Time-outs are configured to fractions of a second, and the outbox is driven
 * by hand with the harness's clock, so the whole suite takes seconds.
 */
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OperatorError, type OperatorPatch, OperatorService } from "../../src/operators/operator-service.ts";
import { createHarness, errorOf, type Harness, type TestOperator } from "../http/support.ts";

const WALLET_SECRET = "hostile-suite-wallet-secret-0123456789";
const START = 10_000n;
const STAKE = "1.00";
const DICE = { condition: "over", target: "50.50" };
// Short, so that the row of a wallet slower than it stays quick, yet long enough for a loaded CI machine to
// answer a suite's first authenticate (a new connection, code not yet optimised) within it.
const CALLBACK_TIMEOUT_MS = 1000;
const LIMITS = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  keepAliveTimeoutMs: 2000,
  sendStallTimeoutMs: 1000,
  maxConnectionsPerPeer: 0,
};

// ---------------------------------------------------------------------------------------------------
// The scripted wallet

interface Callback {
  kind: string;
  body: Record<string, unknown>;
}

/** What the wallet does with a callback: `answer` writes the reply (or breaks the connection). */
interface AnswerScript {
  /** Whether the wallet moves the money before answering (true makes an unclear answer truly ambiguous). */
  applies: boolean;
  answer(res: http.ServerResponse, ctx: { requestId: string; balance: string }): void;
}

/** The callback a row's script answers, and how many times (then the wallet answers honestly). */
interface Scripted {
  on: "debit" | "credit";
  remaining: number;
  /** Calls answered by the script so far: a row whose script never ran proves nothing. */
  used: number;
  script: AnswerScript;
}

const money = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, "0")}`;
const minor = (amount: string) => {
  const [whole = "0", fraction = ""] = amount.split(".");
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
};

function send(res: http.ServerResponse, status: number, body: string | Buffer, type = "application/json") {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  res.writeHead(status, { "content-type": type, "content-length": bytes.length }).end(bytes);
}

class ScriptedWallet {
  readonly balances = new Map<string, bigint>();
  readonly #debits = new Map<string, { playerId: string; amount: bigint }>();
  readonly #settled = new Set<string>();
  readonly calls: Callback[] = [];
  /** The scripted behaviour of the player under test; everyone else gets honest answers. */
  readonly scripts = new Map<string, Scripted>();
  readonly #server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => this.#handle(req, Buffer.concat(chunks), res));
  });
  origin = "";

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.#server.address() as net.AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #handle(req: http.IncomingMessage, raw: Buffer, res: http.ServerResponse) {
    const kind = (req.url ?? "").split("/").pop() ?? "";
    const body = JSON.parse(raw.toString("utf8")) as Record<string, string>;
    this.calls.push({ kind, body });
    const playerId = body.playerId ?? "";
    const balance = this.balances.get(playerId) ?? START;
    this.balances.set(playerId, balance);
    const ok = () =>
      send(
        res,
        200,
        JSON.stringify({
          requestId: body.requestId,
          status: "OK",
          balance: money(this.balances.get(playerId) ?? 0n),
        }),
      );
    const transactionId = body.transactionId ?? "";
    const scripted = this.scripts.get(playerId);
    let script: AnswerScript | undefined;
    if (scripted !== undefined && scripted.on === kind && scripted.remaining > 0) {
      scripted.remaining--;
      scripted.used++;
      script = scripted.script;
    }
    const answer = () =>
      script === undefined
        ? ok()
        : script.answer(res, {
            requestId: body.requestId ?? "",
            balance: money(this.balances.get(playerId) ?? 0n),
          });
    switch (kind) {
      case "authenticate":
      case "balance":
        return ok();
      case "debit": {
        const amount = minor(body.amount ?? "0");
        const fresh = !this.#debits.has(transactionId);
        if (fresh && (script === undefined || script.applies)) {
          if (amount > balance) {
            const refusal = { requestId: body.requestId, status: "ERROR_NOT_ENOUGH_MONEY" };
            return send(res, 200, JSON.stringify(refusal));
          }
          this.#debits.set(transactionId, { playerId, amount });
          this.balances.set(playerId, balance - amount);
        }
        return answer();
      }
      case "credit":
        if (!this.#settled.has(transactionId) && (script === undefined || script.applies)) {
          this.#settled.add(transactionId);
          this.balances.set(playerId, balance + minor(body.amount ?? "0"));
        }
        return answer();
      case "rollback": {
        const debit = this.#debits.get(body.reverseTransactionId ?? "");
        if (debit !== undefined && !this.#settled.has(transactionId)) {
          this.#settled.add(transactionId);
          this.#debits.delete(body.reverseTransactionId ?? "");
          this.balances.set(playerId, balance + debit.amount);
        }
        return ok();
      }
      default:
        return send(res, 404, "{}");
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Raw HTTP over TCP

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/**
 * Sends `chunks` on a fresh connection, then one more byte every `trickleMs` if given, and reads until the
 * server closes it (at most 5 s).
 */
function exchange(port: number, chunks: (string | Buffer)[], trickleMs?: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    const received: Buffer[] = [];
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after 5 s: ${Buffer.concat(received).toString("latin1")}`));
    }, 5000);
    let trickle: NodeJS.Timeout | undefined;
    socket.on("connect", () => {
      for (const chunk of chunks) socket.write(chunk);
      if (trickleMs !== undefined) trickle = setInterval(() => socket.write(" "), trickleMs);
    });
    socket.on("data", (data: Buffer) => received.push(data));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(giveUp);
      clearInterval(trickle);
      const text = Buffer.concat(received).toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        headers: split === -1 ? text : text.slice(0, split).toLowerCase(),
        body: split === -1 ? "" : text.slice(split + 4),
      });
    });
  });
}

/** Bodies of a chunked answer, joined (the app answers errors with Content-Length, others may be chunked). */
function bodyJson(answer: RawAnswer): Record<string, unknown> {
  const start = answer.body.indexOf("{");
  const end = answer.body.lastIndexOf("}");
  return JSON.parse(answer.body.slice(start, end + 1)) as Record<string, unknown>;
}

function expectErrorShape(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status, `${answer.headers}\n\n${answer.body}`).toBe(status);
  const body = bodyJson(answer);
  expect(body).toMatchObject({ status, code });
  expect(Object.keys(body).every((key) => ["status", "title", "code", "detail"].includes(key))).toBe(true);
  expect(answer.headers).toContain("x-content-type-options: nosniff");
  expect(answer.headers).toContain("content-security-policy: default-src 'none'");
  expect(answer.headers).toContain("cache-control: no-store");
}

// ---------------------------------------------------------------------------------------------------
// The suite's RGS

let h: Harness;
let clientDist: string;
let wallet: ScriptedWallet;
let operator: TestOperator;
let port: number;
let players = 0;

beforeAll(async () => {
  // The game pages are served from a client build of their own, so the suite runs without `npm run build:client`.
  clientDist = mkdtempSync(path.join(tmpdir(), "rgs-hostile-client-"));
  writeFileSync(
    path.join(clientDist, "index.html"),
    '<!doctype html><html><head></head><body><div id="app"></div></body></html>',
  );
  h = await createHarness({
    clientDistDir: clientDist,
    config: {
      callbackTimeoutMs: CALLBACK_TIMEOUT_MS,
      debitRetries: 1,
      debitRetryDelayMs: 0,
      creditRetries: 0,
      http: LIMITS,
    },
  });
  wallet = new ScriptedWallet();
  await wallet.start();
  const { operator: created } = await h.operators.create({
    name: "Hostile wallet operator",
    callbackUrl: `${wallet.origin}/wallet`,
    secret: WALLET_SECRET,
  });
  operator = { id: created.id, secret: WALLET_SECRET };
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  port = (h.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await h.close();
  await wallet.close();
  rmSync(clientDist, { recursive: true, force: true });
});

interface Player {
  playerId: string;
  token: string;
}

function launchBody(playerId: string): string {
  return JSON.stringify({
    playerId,
    currency: "USD",
    gameCode: "dice-alpha",
    countryCode: "DE",
    demo: false,
  });
}

/** A real-money session of a fresh player whose wallet balance is START. */
async function newPlayer(): Promise<Player> {
  const playerId = `hostile-${++players}`;
  h.clock.advance(1000);
  const response = await h.signed({
    method: "POST",
    path: "/operator/launch",
    body: launchBody(playerId),
    operator,
  });
  if (response.statusCode !== 200) throw new Error(`launch failed: ${response.body}`);
  const url = new URL((response.json() as { launchUrl: string }).launchUrl);
  return { playerId, token: url.searchParams.get("sessionToken") ?? "" };
}

/** Delivers every due credit and rollback, as the outbox's polling would over the next minutes. */
async function drainOutbox(): Promise<void> {
  for (let pass = 0; pass < 20; pass++) {
    h.clock.advance(60_000);
    const attempts = await h.runtime.outbox.runOnce();
    await h.runtime.outbox.settled();
    if (attempts === 0) return;
  }
  throw new Error("the outbox still has callbacks to deliver after 20 passes");
}

async function roundsOf(playerId: string) {
  return h.store.db
    .selectFrom("rounds")
    .select(["id", "status", "stake_total", "payout_total"])
    .where("player_id", "=", playerId)
    .execute();
}

type Invariant = "balance unchanged" | "round reconciled";

/** Checks the money invariant of a row once every callback the RGS owes has been delivered. */
async function checkInvariant(player: Player, invariant: Invariant): Promise<void> {
  await drainOutbox();
  const rounds = await roundsOf(player.playerId);
  const balance = wallet.balances.get(player.playerId) ?? START;
  for (const round of rounds) expect(round.status, `round ${round.id}`).not.toBe("settling");
  if (invariant === "balance unchanged") {
    expect(balance).toBe(START);
    for (const round of rounds) expect(round.payout_total - round.stake_total).toBe(0n);
    return;
  }
  expect(rounds).toHaveLength(1);
  const [round] = rounds;
  expect(round?.status).toBe("closed");
  expect(balance).toBe(START - (round?.stake_total ?? 0n) + (round?.payout_total ?? 0n));
}

// ---------------------------------------------------------------------------------------------------
// Table 1: wallet answers to a debit or a credit

interface WalletRow {
  name: string;
  /** The callback answered this way: the bet's debit (default) or the round's credit. */
  on?: "debit" | "credit";
  /** How many of its calls are answered this way (default: every one, resends included). */
  times?: number;
  answer: AnswerScript;
  /** The answer to POST /game/play. */
  expected: { status: number; code?: string };
  invariant: Invariant;
}

/** An answer with the given JSON text (escapes are the wallet's, sent as they are). */
const answering = (applies: boolean, text: (ctx: { requestId: string; balance: string }) => string) => ({
  applies,
  answer: (res: http.ServerResponse, ctx: { requestId: string; balance: string }) =>
    send(res, 200, text(ctx)),
});
const ok = (extra: string) =>
  answering(
    true,
    ({ requestId, balance }) => `{"requestId":"${requestId}","status":"OK",${extra}"balance":"${balance}"}`,
  );
const httpStatus = (status: number, body = "{}", headers: Record<string, string> = {}) => ({
  applies: true,
  answer: (res: http.ServerResponse) => {
    res.writeHead(status, { "content-type": "application/json", ...headers }).end(body);
  },
});
const UNAVAILABLE = { status: 503, code: "wallet_unavailable" };
const PLAYED = { status: 200 };

const WALLET_ANSWERS: WalletRow[] = [
  {
    name: "an escaped NUL in an unknown field",
    answer: ok('"x":"a\\u0000b",'),
    expected: PLAYED,
    invariant: "round reconciled",
  },
  {
    name: "an escaped ESC and BEL in an unknown field",
    answer: ok('"note":"\\u001b[31m\\u0007",'),
    expected: PLAYED,
    invariant: "round reconciled",
  },
  {
    name: "an escaped NUL in the player's message of a refusal",
    answer: answering(
      false,
      ({ requestId }) =>
        `{"requestId":"${requestId}","status":"ERROR_NOT_ENOUGH_MONEY","customUserError":"low\\u0000"}`,
    ),
    expected: { status: 402, code: "not_enough_money" },
    invariant: "balance unchanged",
  },
  {
    name: "bidirectional overrides in the player's message of a refusal (taken out)",
    answer: answering(
      false,
      ({ requestId }) =>
        `{"requestId":"${requestId}","status":"ERROR_NOT_ENOUGH_MONEY","customUserError":"Top up at \\u202egro.live\\u202c \\u2067now\\u2069"}`,
    ),
    expected: { status: 402, code: "not_enough_money" },
    invariant: "balance unchanged",
  },
  {
    name: "an escaped NUL in the requestId",
    answer: answering(
      true,
      ({ requestId, balance }) => `{"requestId":"${requestId}\\u0000","status":"OK","balance":"${balance}"}`,
    ),
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "an escaped NUL in the status",
    answer: answering(
      true,
      ({ requestId, balance }) => `{"requestId":"${requestId}","status":"OK\\u0000","balance":"${balance}"}`,
    ),
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "an escaped NUL in the balance",
    answer: answering(
      true,
      ({ requestId, balance }) => `{"requestId":"${requestId}","status":"OK","balance":"${balance}\\u0000"}`,
    ),
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "a raw control byte inside a string (not JSON)",
    answer: answering(
      true,
      ({ requestId, balance }) =>
        `{"requestId":"${requestId}","status":"OK","balance":"${balance}","x":"\u0001"}`,
    ),
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "invalid UTF-8",
    answer: {
      applies: true,
      answer: (res, { requestId, balance }) =>
        send(
          res,
          200,
          Buffer.concat([
            Buffer.from(`{"requestId":"${requestId}","status":"OK","balance":"${balance}","x":"`),
            Buffer.from([0xc3, 0x28, 0xff]),
            Buffer.from('"}'),
          ]),
        ),
    },
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "another request's requestId",
    answer: answering(
      true,
      ({ balance }) => `{"requestId":"someone-else","status":"OK","balance":"${balance}"}`,
    ),
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "no requestId",
    answer: answering(true, ({ balance }) => `{"status":"OK","balance":"${balance}"}`),
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "an unknown status",
    answer: answering(
      true,
      ({ requestId, balance }) => `{"requestId":"${requestId}","status":"ok","balance":"${balance}"}`,
    ),
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "ERROR_UNKNOWN",
    answer: answering(true, ({ requestId }) => `{"requestId":"${requestId}","status":"ERROR_UNKNOWN"}`),
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "a balance as a JSON number",
    answer: answering(
      true,
      ({ requestId, balance }) => `{"requestId":"${requestId}","status":"OK","balance":${balance}}`,
    ),
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "a negative balance (an overdraft the wallet allows: a readable balance)",
    answer: answering(
      true,
      ({ requestId }) => `{"requestId":"${requestId}","status":"OK","balance":"-5.00"}`,
    ),
    expected: PLAYED,
    invariant: "round reconciled",
  },
  {
    name: "an answer over the 64 KiB limit",
    answer: answering(
      true,
      ({ requestId, balance }) =>
        `{"requestId":"${requestId}","status":"OK","balance":"${balance}","pad":"${"x".repeat(70_000)}"}`,
    ),
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "an answer slower than the callback time-out",
    answer: {
      applies: true,
      answer: (res, { requestId, balance }) => {
        const timer = setTimeout(
          () => send(res, 200, `{"requestId":"${requestId}","status":"OK","balance":"${balance}"}`),
          CALLBACK_TIMEOUT_MS * 3,
        );
        res.on("close", () => clearTimeout(timer));
      },
    },
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "HTTP 302 to another address",
    answer: httpStatus(302, "", { location: "http://127.0.0.1:1/elsewhere" }),
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  { name: "HTTP 400", answer: httpStatus(400), expected: UNAVAILABLE, invariant: "balance unchanged" },
  {
    name: "HTTP 401 (the wallet refuses the RGS's signature)",
    answer: httpStatus(401),
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  { name: "HTTP 404", answer: httpStatus(404), expected: UNAVAILABLE, invariant: "balance unchanged" },
  { name: "HTTP 500", answer: httpStatus(500), expected: UNAVAILABLE, invariant: "balance unchanged" },
  { name: "HTTP 503", answer: httpStatus(503), expected: UNAVAILABLE, invariant: "balance unchanged" },
  {
    name: "a dropped connection before any answer",
    answer: { applies: true, answer: (res) => res.socket?.destroy() },
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "a connection dropped in the middle of the answer",
    answer: {
      applies: true,
      answer: (res, { requestId }) => {
        res.writeHead(200, { "content-type": "application/json", "content-length": 200 });
        res.write(`{"requestId":"${requestId}","sta`);
        setTimeout(() => res.socket?.destroy(), 10);
      },
    },
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "an empty body",
    answer: answering(true, () => ""),
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "an HTML page",
    answer: {
      applies: true,
      answer: (res) => send(res, 200, "<html><body><h1>502 Bad Gateway</h1></body></html>", "text/html"),
    },
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "a JSON array",
    answer: answering(true, () => "[]"),
    expected: UNAVAILABLE,
    invariant: "balance unchanged",
  },
  {
    name: "a credit answered with an escaped NUL in an unknown field",
    on: "credit",
    answer: ok('"x":"a\\u0000b",'),
    expected: PLAYED,
    invariant: "round reconciled",
  },
  {
    name: "a credit answered with an escaped NUL in the status, twice, then honestly",
    on: "credit",
    times: 2,
    answer: answering(
      false,
      ({ requestId, balance }) => `{"requestId":"${requestId}","status":"OK\\u0000","balance":"${balance}"}`,
    ),
    expected: PLAYED,
    invariant: "round reconciled",
  },
  {
    name: "a credit applied but answered HTTP 500, then honestly",
    on: "credit",
    times: 1,
    answer: httpStatus(500),
    expected: PLAYED,
    invariant: "round reconciled",
  },
  {
    name: "a credit applied but its connection dropped, then honestly",
    on: "credit",
    times: 1,
    answer: { applies: true, answer: (res) => res.socket?.destroy() },
    expected: PLAYED,
    invariant: "round reconciled",
  },
  {
    name: "a debit applied but answered HTTP 500 once, then honestly to the resend",
    times: 1,
    answer: httpStatus(500),
    expected: PLAYED,
    invariant: "round reconciled",
  },
];

/** The one error shape, with the wallet's message for the player where the game API allows one. */
function gameErrorOf(response: LightMyRequestResponse): { code: string; customUserError?: string } {
  const body = response.json() as Record<string, unknown>;
  const allowed = ["status", "title", "code", "detail", "customUserError"];
  expect(
    Object.keys(body).every((key) => allowed.includes(key)),
    response.body,
  ).toBe(true);
  expect(body.status).toBe(response.statusCode);
  return body as { code: string; customUserError?: string };
}

describe("table: hostile wallet answers", () => {
  it.each(WALLET_ANSWERS)("$name: answers $expected.status, $invariant", async (row) => {
    const player = await newPlayer();
    const scripted: Scripted = {
      on: row.on ?? "debit",
      remaining: row.times ?? Number.POSITIVE_INFINITY,
      used: 0,
      script: row.answer,
    };
    wallet.scripts.set(player.playerId, scripted);
    // The player is this row's alone, so the script stays while the outbox settles the round.
    const response = await h.app.inject({
      method: "POST",
      url: "/game/play",
      headers: { authorization: `Bearer ${player.token}`, "content-type": "application/json" },
      payload: JSON.stringify({ amount: STAKE, params: DICE }),
    });
    expect(response.statusCode, response.body).toBe(row.expected.status);
    expect(response.statusCode).not.toBe(500);
    if (row.expected.code !== undefined) expect(gameErrorOf(response).code).toBe(row.expected.code);
    expect(response.body).not.toContain("\u0000");
    expect(response.body).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    await checkInvariant(player, row.invariant);
    expect(scripted.used).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------------
// Table 2: hostile requests on the wire

interface RequestContext {
  player: Player;
  /** Signed operator headers for `body` (raw bytes) at the harness's current second. */
  signedHeaders(path: string, body: Buffer): string;
}

interface RequestRow {
  name: string;
  /** Sent before the request under test, answered as `firstStatus` (a replay's original). */
  first?: (ctx: RequestContext) => (string | Buffer)[];
  firstStatus?: number;
  /** The bytes of the request under test, as written to the socket (several writes when stalling). */
  send: (ctx: RequestContext) => (string | Buffer)[];
  /** Then one more byte every this many milliseconds (a trickled body). */
  trickleMs?: number;
  expected: { status: number; code: string };
  invariant: "balance unchanged";
}

const HOST = "Host: rgs.test\r\n";
const play = (ctx: RequestContext, body: string | Buffer, type = "application/json") => {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  return [
    Buffer.concat([
      Buffer.from(
        `POST /game/play HTTP/1.1\r\n${HOST}Authorization: Bearer ${ctx.player.token}\r\nContent-Type: ${type}\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`,
      ),
      bytes,
    ]),
  ];
};
const get = (path: string, extra = "") => [
  `GET ${path} HTTP/1.1\r\n${HOST}${extra}Connection: close\r\n\r\n`,
];
const signedLaunch = (ctx: RequestContext, body: Buffer) => [
  Buffer.concat([
    Buffer.from(
      `POST /operator/launch HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n${ctx.signedHeaders("/operator/launch", body)}Connection: close\r\n\r\n`,
    ),
    body,
  ]),
];
const PLAY_BODY = JSON.stringify({ amount: STAKE, params: DICE });

const REQUESTS: RequestRow[] = [
  {
    name: "headers that stall",
    send: () => [`POST /game/play HTTP/1.1\r\n${HOST}X-Slow: `],
    expected: { status: 408, code: "request_timeout" },
    invariant: "balance unchanged",
  },
  {
    name: "a bet whose body stalls (Content-Length 50, one byte sent)",
    send: (ctx) => [
      `POST /game/play HTTP/1.1\r\n${HOST}Authorization: Bearer ${ctx.player.token}\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{`,
    ],
    expected: { status: 408, code: "request_timeout" },
    invariant: "balance unchanged",
  },
  {
    name: "a bet whose body trickles in a byte at a time",
    send: (ctx) => [
      `POST /game/play HTTP/1.1\r\n${HOST}Authorization: Bearer ${ctx.player.token}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{`,
    ],
    trickleMs: 50,
    expected: { status: 408, code: "request_timeout" },
    invariant: "balance unchanged",
  },
  {
    name: "an exact replay of a signed launch",
    first: (ctx) => signedLaunch(ctx, Buffer.from(launchBody(ctx.player.playerId))),
    firstStatus: 200,
    send: (ctx) => signedLaunch(ctx, Buffer.from(launchBody(ctx.player.playerId))),
    expected: { status: 401, code: "replayed_request" },
    invariant: "balance unchanged",
  },
  {
    name: "a bet whose body is not UTF-8",
    send: (ctx) =>
      play(
        ctx,
        Buffer.concat([
          Buffer.from('{"amount":"1.00","params":{"x":"'),
          Buffer.from([0xff, 0xfe]),
          Buffer.from('"}}'),
        ]),
      ),
    expected: { status: 400, code: "invalid_encoding" },
    invariant: "balance unchanged",
  },
  {
    name: "a bet declared as UTF-16",
    send: (ctx) => play(ctx, PLAY_BODY, "application/json; charset=utf-16"),
    expected: { status: 415, code: "unsupported_charset" },
    invariant: "balance unchanged",
  },
  {
    name: "a correctly signed launch whose body is not UTF-8",
    send: (ctx) =>
      signedLaunch(
        ctx,
        Buffer.concat([
          Buffer.from(launchBody(ctx.player.playerId).slice(0, -1)),
          Buffer.from(',"x":"\xff"}', "latin1"),
        ]),
      ),
    expected: { status: 400, code: "invalid_encoding" },
    invariant: "balance unchanged",
  },
  {
    name: "a signed launch whose playerId holds a right-to-left override",
    send: (ctx) => signedLaunch(ctx, Buffer.from(launchBody(`${ctx.player.playerId}\u202e1-reyalp`))),
    expected: { status: 400, code: "invalid_request" },
    invariant: "balance unchanged",
  },
  {
    name: "a signed launch whose maxWin is below its minBet (no bet could be placed)",
    send: (ctx) =>
      signedLaunch(
        ctx,
        Buffer.from(
          JSON.stringify({
            ...JSON.parse(launchBody(ctx.player.playerId)),
            betLimits: { minBet: "5.00", maxWin: "2.00" },
          }),
        ),
      ),
    expected: { status: 400, code: "bet_limits_unplayable" },
    invariant: "balance unchanged",
  },
  {
    name: "a bet with broken JSON",
    send: (ctx) => play(ctx, '{"amount":"1.00","params":'),
    expected: { status: 400, code: "malformed_json" },
    invariant: "balance unchanged",
  },
  {
    name: "a 5,000-character round ID",
    send: (ctx) => get(`/game/round/${"r".repeat(5000)}`, `Authorization: Bearer ${ctx.player.token}\r\n`),
    expected: { status: 414, code: "uri_too_long" },
    invariant: "balance unchanged",
  },
  {
    name: "a 100,000-character query parameter",
    send: (ctx) =>
      get(`/game/history?before=${"9".repeat(100_000)}`, `Authorization: Bearer ${ctx.player.token}\r\n`),
    expected: { status: 431, code: "headers_too_large" },
    invariant: "balance unchanged",
  },
  {
    name: "an over-long history limit",
    send: (ctx) =>
      get(`/game/history?limit=${"9".repeat(400)}`, `Authorization: Bearer ${ctx.player.token}\r\n`),
    expected: { status: 400, code: "invalid_request" },
    invariant: "balance unchanged",
  },
  {
    name: "a malformed percent-encoding in the path",
    send: (ctx) => get("/game/round/%zz%", `Authorization: Bearer ${ctx.player.token}\r\n`),
    expected: { status: 400, code: "invalid_request" },
    invariant: "balance unchanged",
  },
  {
    name: "a request line that is not HTTP",
    send: () => ["GARBAGE\r\n\r\n"],
    expected: { status: 400, code: "invalid_request" },
    invariant: "balance unchanged",
  },
  {
    name: "a NUL byte in a header",
    send: () => [`GET /healthz HTTP/1.1\r\n${HOST}X-Evil: a\u0000b\r\n\r\n`],
    expected: { status: 400, code: "invalid_request" },
    invariant: "balance unchanged",
  },
  {
    name: "both Content-Length and Transfer-Encoding (request smuggling)",
    send: (ctx) => [
      `POST /game/play HTTP/1.1\r\n${HOST}Authorization: Bearer ${ctx.player.token}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    ],
    expected: { status: 400, code: "invalid_request" },
    invariant: "balance unchanged",
  },
  {
    name: "a malformed chunked body",
    send: (ctx) => [
      `POST /game/play HTTP/1.1\r\n${HOST}Authorization: Bearer ${ctx.player.token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`,
    ],
    expected: { status: 400, code: "invalid_request" },
    invariant: "balance unchanged",
  },
  {
    name: "headers over the parser's size limit",
    send: () => [`GET /healthz HTTP/1.1\r\n${HOST}X-Big: ${"a".repeat(20_000)}\r\n\r\n`],
    expected: { status: 431, code: "headers_too_large" },
    invariant: "balance unchanged",
  },
  {
    name: "CONNECT, as to a proxy",
    send: () => ["CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"],
    expected: { status: 405, code: "method_not_allowed" },
    invariant: "balance unchanged",
  },
];

describe("table: hostile requests on the wire", () => {
  it.each(REQUESTS)("$name: answers $expected.status $expected.code, $invariant", async (row) => {
    const player = await newPlayer();
    h.clock.advance(1000);
    const ctx: RequestContext = {
      player,
      signedHeaders: (path, body) => {
        const timestamp = String(Math.floor(h.clock.now() / 1000));
        const signature = createHmac("sha256", operator.secret)
          .update(Buffer.concat([Buffer.from(`${timestamp}${path}`), body]))
          .digest("hex");
        return `X-Operator-ID: ${operator.id}\r\nX-Timestamp: ${timestamp}\r\nX-HMAC-SHA256: ${signature}\r\n`;
      },
    };
    const authenticates = () => wallet.calls.filter((c) => c.kind === "authenticate").length;
    if (row.first !== undefined) {
      const first = await exchange(port, row.first(ctx));
      expect(first.status, first.body).toBe(row.firstStatus);
    }
    const before = authenticates();
    const answer = await exchange(port, row.send(ctx), row.trickleMs);
    expectErrorShape(answer, row.expected.status, row.expected.code);
    expect(answer.body).not.toMatch(/GARBAGE|X-Evil|rrrrrrrrrr|999999999|at .*\.ts:\d/);
    expect(authenticates()).toBe(before);
    await checkInvariant(player, row.invariant);
  });
});

// ---------------------------------------------------------------------------------------------------
// Table 3: hostile operator settings (the onboarding CLI and the admin API write them through the service)

interface SettingRow {
  name: string;
  patch: OperatorPatch;
  code: string;
  /** Set through a production server's rules (staging's otherwise). */
  production?: true;
}

/** What the production rows' host names resolve to. */
const HOSTS: Record<string, string[]> = { "wallet.rebound.example": ["93.184.216.34", "10.0.0.8"] };
const resolveHost = async (host: string) => {
  const addresses = HOSTS[host];
  if (addresses === undefined) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
  return addresses;
};

const SETTINGS: SettingRow[] = [
  {
    name: "an embedding origin with a stray quote",
    patch: { frameAncestors: ["https://a.example'"] },
    code: "invalid_frame_ancestors",
  },
  {
    name: "an embedding origin that smuggles a CSP directive",
    patch: { frameAncestors: ["https://a.example; script-src *"] },
    code: "invalid_frame_ancestors",
  },
  {
    name: "a callback URL at the cloud metadata service",
    patch: { callbackUrl: "https://169.254.169.254/latest/meta-data" },
    code: "callback_url_private_network",
    production: true,
  },
  {
    name: "a callback URL on loopback, by name",
    patch: { callbackUrl: "http://localhost:8080/wallet" },
    code: "callback_url_private_network",
    production: true,
  },
  {
    name: "a callback URL in a private range, as an IPv4-mapped IPv6 address",
    patch: { callbackUrl: "https://[::ffff:10.0.0.1]/wallet" },
    code: "callback_url_private_network",
    production: true,
  },
  {
    name: "a callback URL in CGNAT space",
    patch: { callbackUrl: "https://100.64.0.1/wallet" },
    code: "callback_url_private_network",
    production: true,
  },
  {
    name: "a callback URL whose name also resolves to a private address",
    patch: { callbackUrl: "https://wallet.rebound.example/wallet" },
    code: "callback_url_private_network",
    production: true,
  },
  {
    name: "a jurisdiction profile named like an object property",
    patch: { jurisdiction: "__proto__" },
    code: "unknown_jurisdiction",
  },
  {
    name: "a jurisdiction profile with a trailing NUL",
    patch: { jurisdiction: "UKGC\u0000" },
    code: "unknown_jurisdiction",
  },
];

describe("table: hostile operator settings", () => {
  it.each(SETTINGS)("$name: refused with $code, the operator unchanged", async (row) => {
    const before = await h.operators.get(operator.id);
    const service = row.production
      ? new OperatorService({
          store: h.store,
          secretBox: h.secretBoxes.operators,
          clock: h.clock,
          rotationGraceSeconds: 3600,
          environment: "production",
          resolveHost,
        })
      : h.operators;
    const refused = await service.update(operator.id, row.patch).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(OperatorError);
    expect((refused as OperatorError).code).toBe(row.code);
    expect(await h.operators.get(operator.id)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------
// Table 4: hostile game page addresses (a link anyone can write around a player's token)

interface PageRow {
  name: string;
  /** Added to the game page's address after the launch URL's own parameters. */
  query: string;
  /** Must appear nowhere in the page nor in the session the client reads. */
  hostile: string;
}

const PAGES: PageRow[] = [
  {
    name: "a lobbyUrl pointing at someone else's page",
    query: `lobbyUrl=${encodeURIComponent("https://attacker.example/phish")}`,
    hostile: "attacker.example",
  },
  {
    name: "a javascript: lobbyUrl",
    query: `lobbyUrl=${encodeURIComponent("javascript:alert(document.cookie)")}`,
    hostile: "javascript:",
  },
];

describe("table: hostile game page addresses", () => {
  it.each(PAGES)("$name: the session's lobby stays the operator's (none here)", async (row) => {
    const player = await newPlayer();
    const page = await h.app.inject({
      method: "GET",
      url: `/play/dice?sessionToken=${player.token}&id=dice-alpha&${row.query}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(row.hostile);
    const current = await h.app.inject({
      method: "POST",
      url: "/game/current",
      headers: {
        authorization: `Bearer ${player.token}`,
        referer: `https://rgs.test/play/dice?${row.query}`,
      },
    });
    expect(current.statusCode).toBe(200);
    const session = (current.json() as { session: Record<string, unknown> }).session;
    expect(session).not.toHaveProperty("lobbyUrl");
    expect(current.body).not.toContain(row.hostile);
  });
});

// ---------------------------------------------------------------------------------------------------
// A fault nobody foresaw

describe("a fault nobody foresaw", () => {
  const logs: string[] = [];
  let faulty: Harness;
  beforeAll(async () => {
    faulty = await createHarness({
      shareStoreOf: h,
      config: { logLevel: "error" },
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logs.push(String(chunk));
          done();
        },
      }),
      wrapOperators: (operators) => ({
        credentials: (id) => operators.credentials(id),
        get: (id) => operators.get(id),
        games: async () => {
          throw new TypeError("Cannot read properties of undefined (reading 'packs') at /srv/rgs/secret.ts");
        },
      }),
    });
  });
  afterAll(async () => faulty.close());

  it("answers 500 internal_error in the error shape with the security headers, and logs its cause", async () => {
    const response = await faulty.signed({
      method: "GET",
      path: "/operator/games",
      headers: { "x-request-id": "unforeseen-1" },
    });
    expect(errorOf(response)).toMatchObject({ status: 500, code: "internal_error" });
    expect(errorOf(response).detail).toContain("unforeseen-1");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-request-id"]).toBe("unforeseen-1");
    expect(response.body).not.toContain("packs");
    expect(response.body).not.toContain("/srv/rgs");
    const logged = logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    const entry = logged.find((line) => line.reqId === "unforeseen-1" && line.level === 50);
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).toContain("Cannot read properties of undefined");
    expect(JSON.stringify(entry)).toContain("TypeError");
    expect((entry?.err as { stack?: string } | undefined)?.stack).toContain("hostile-inputs.test.ts");
  });
});
