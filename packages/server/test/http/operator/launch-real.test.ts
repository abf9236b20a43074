import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyRequest } from "@rgs/protocol/signing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, DEMO_LAUNCH, errorOf, type Harness, type TestOperator } from "../support.ts";

/** A wallet that answers authenticate as each test says, and records what it received. */
interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}
type Answer = (body: Record<string, unknown>) => { status?: number; json?: unknown; hang?: boolean };

let answer: Answer;
const received: Received[] = [];
let server: Server;
let walletUrl: string;

let h: Harness;
let operator: TestOperator;
let players = 0;
const freshPlayer = () => `real-player-${++players}`;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body });
      const parsed = JSON.parse(body) as Record<string, unknown>;
      const reply = answer(parsed);
      if (reply.hang) return;
      response.writeHead(reply.status ?? 200, { "content-type": "application/json" });
      response.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  walletUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wallet/v2`;
  h = await createHarness({ config: { callbackTimeoutMs: 300 } });
  operator = await h.createOperator({ name: "Real", callbackUrl: walletUrl });
});
afterAll(async () => {
  await h.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answer = (body) => ({ json: { requestId: body.requestId, status: "OK", balance: "250.00" } });
});

function realLaunch(body: Record<string, unknown> = {}, who: TestOperator = operator) {
  return h.signed({
    method: "POST",
    path: "/operator/launch",
    body: { ...DEMO_LAUNCH, demo: false, playerId: freshPlayer(), ...body },
    operator: who,
  });
}

async function sessionRows(playerId: string) {
  return h.store.db.selectFrom("sessions").selectAll().where("player_id", "=", playerId).execute();
}

describe("real-money launch: the authenticate callback", () => {
  it("sends a signed authenticate with the session's stable id and opens a real session", async () => {
    answer = (body) => ({
      json: {
        requestId: body.requestId,
        status: "OK",
        balance: "250.005",
        accountCurrency: "USD",
        name: "Alice",
        countryCode: "de",
        languageCode: "de-AT",
      },
    });
    const playerId = freshPlayer();
    const response = await realLaunch({ playerId });
    expect(response.statusCode, response.body).toBe(200);
    const launched = response.json() as { sessionId: string; demo: boolean };
    expect(launched.demo).toBe(false);

    expect(received).toHaveLength(1);
    const call = received[0] as Received;
    expect(call.path).toBe("/wallet/v2/callback/authenticate");
    const body = JSON.parse(call.body) as Record<string, unknown>;
    expect(body).toEqual({
      requestId: expect.any(String),
      playerId,
      currency: "USD",
      gameCode: "dice-alpha",
      sessionToken: launched.sessionId,
    });
    expect(call.headers["x-operator-id"]).toBe(operator.id);
    const verdict = verifyRequest({
      secrets: [operator.secret],
      timestamp: call.headers["x-timestamp"] as string,
      signature: call.headers["x-hmac-sha256"] as string,
      path: call.path,
      body: call.body,
      nowSeconds: h.clock.now() / 1000,
    });
    expect(verdict.ok).toBe(true);

    const [row] = await sessionRows(playerId);
    expect(row).toMatchObject({
      id: launched.sessionId,
      mode: "real",
      demo_balance: null,
      player_name: "Alice",
      player_country: "DE",
      player_language: "de",
      launch_balance: 25000n,
    });
  });

  it("puts the launch's languageCode before the wallet's in what the game client reads", async () => {
    answer = (body) => ({
      json: { requestId: body.requestId, status: "OK", balance: "5.00", languageCode: "es" },
    });
    const language = async (launch: Record<string, unknown>) => {
      const { launchUrl } = (await realLaunch(launch)).json() as { launchUrl: string };
      const token = new URL(launchUrl).searchParams.get("sessionToken") ?? "";
      const response = await h.app.inject({
        method: "POST",
        url: "/game/current",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        payload: "{}",
      });
      return (response.json() as { session: { languageCode?: string } }).session.languageCode;
    };
    expect(await language({ languageCode: "pl" })).toBe("pl");
    expect(await language({})).toBe("es");
  });

  it("sends CNY for a launch in RMB and accepts either spelling back", async () => {
    for (const accountCurrency of ["RMB", "CNY"]) {
      answer = (body) => ({
        json: { requestId: body.requestId, status: "OK", balance: "10.00", accountCurrency },
      });
      const response = await realLaunch({ currency: "RMB" });
      expect(response.statusCode, response.body).toBe(200);
      expect(JSON.parse(received.at(-1)?.body ?? "{}").currency).toBe("CNY");
    }
  });

  it("reuses the live session of a repeated launch, calling the wallet again with the same id", async () => {
    const playerId = freshPlayer();
    const first = (await realLaunch({ playerId })).json() as { sessionId: string };
    h.clock.advance(1000);
    const second = (await realLaunch({ playerId })).json() as { sessionId: string };
    expect(second.sessionId).toBe(first.sessionId);
    expect(received.map((r) => JSON.parse(r.body).sessionToken)).toEqual([first.sessionId, first.sessionId]);
  });

  it("fails with currency_mismatch when the account is in another currency, storing nothing", async () => {
    answer = (body) => ({
      json: { requestId: body.requestId, status: "OK", balance: "1", accountCurrency: "EUR" },
    });
    const playerId = freshPlayer();
    const error = errorOf(await realLaunch({ playerId }));
    expect(error).toMatchObject({ status: 409, code: "currency_mismatch" });
    expect(error.detail).toContain("EUR");
    expect(await sessionRows(playerId)).toEqual([]);
  });

  it("refuses a self-excluded player with 403 player_self_excluded and audits it", async () => {
    answer = (body) => ({
      json: {
        requestId: body.requestId,
        status: "OK",
        balance: "1.00",
        excluded: true,
        excludedUntil: "2031-06-30",
      },
    });
    const playerId = freshPlayer();
    const error = errorOf(await realLaunch({ playerId }));
    expect(error).toMatchObject({ status: 403, code: "player_self_excluded" });
    expect(await sessionRows(playerId)).toEqual([]);
    const [event] = await h.store.audit.list({
      kind: "player_self_excluded",
      operatorId: operator.id,
      limit: 1,
    });
    expect(event?.data).toEqual({
      operatorId: operator.id,
      playerId,
      gameCode: "dice-alpha",
      excludedUntil: "2031-06-30",
    });
  });

  it.each(["true", 1, "yes", {}])(
    "refuses the launch with 502 wallet_answer_invalid when excluded is %j, and audits it",
    async (excluded) => {
      answer = (body) => ({ json: { requestId: body.requestId, status: "OK", balance: "1.00", excluded } });
      const playerId = freshPlayer();
      const error = errorOf(await realLaunch({ playerId }));
      expect(error).toMatchObject({ status: 502, code: "wallet_answer_invalid" });
      expect(error.detail).toContain("excluded");
      expect(await sessionRows(playerId)).toEqual([]);
      const events = await h.store.audit.list({ kind: "wallet_answer_invalid", operatorId: operator.id });
      expect(events.map((event) => event.data)).toContainEqual({
        operatorId: operator.id,
        playerId,
        gameCode: "dice-alpha",
        field: "excluded",
        problem: expect.stringContaining("not a JSON boolean"),
      });
    },
  );

  it.each([
    ["an HTTP 401", () => ({ status: 401, json: { error: "bad signature" } })],
    [
      "ERROR_INVALID_SIGNATURE",
      (body: Record<string, unknown>) => ({
        json: { requestId: body.requestId, status: "ERROR_INVALID_SIGNATURE" },
      }),
    ],
  ])("answers 502 wallet_signature_refused pointing at the secret for %s", async (_name, reply) => {
    answer = reply;
    const playerId = freshPlayer();
    const error = errorOf(await realLaunch({ playerId }));
    expect(error).toMatchObject({ status: 502, code: "wallet_signature_refused" });
    expect(error.detail).toContain("secret");
    expect(error.detail).not.toContain("Retry the launch");
    expect(await sessionRows(playerId)).toEqual([]);
  });

  it.each([
    ["ERROR_PLAYER_DISABLED", 403, "player_disabled"],
    ["ERROR_WRONG_CURRENCY", 409, "currency_mismatch"],
    ["ERROR_INVALID_SESSION", 403, "player_refused"],
    ["ERROR_INVALID_SIGNATURE", 502, "wallet_signature_refused"],
    ["ERROR_WRONG_SYNTAX", 502, "wallet_refused"],
  ])("maps the wallet status %s to %i %s", async (status, httpStatus, code) => {
    answer = (body) => ({ json: { requestId: body.requestId, status } });
    const playerId = freshPlayer();
    const error = errorOf(await realLaunch({ playerId }));
    expect(error).toMatchObject({ status: httpStatus, code });
    expect(error.detail).toContain(status);
    expect(await sessionRows(playerId)).toEqual([]);
  });

  it.each([
    ["an HTTP 500", () => ({ status: 500, json: { error: "boom" } })],
    [
      "ERROR_UNKNOWN",
      (body: Record<string, unknown>) => ({ json: { requestId: body.requestId, status: "ERROR_UNKNOWN" } }),
    ],
    ["a wrong requestId echo", () => ({ json: { requestId: "other", status: "OK", balance: "1" } })],
    ["no answer within the time-out", () => ({ hang: true })],
  ])("answers 503 wallet_unavailable for %s", async (_name, reply) => {
    answer = reply;
    const playerId = freshPlayer();
    const error = errorOf(await realLaunch({ playerId }));
    expect(error).toMatchObject({ status: 503, code: "wallet_unavailable" });
    expect(await sessionRows(playerId)).toEqual([]);
  });

  it("answers 503 wallet_unavailable when the wallet cannot be reached", async () => {
    const gone = await h.createOperator({ name: "Gone", callbackUrl: "http://127.0.0.1:1/wallet" });
    expect(errorOf(await realLaunch({}, gone))).toMatchObject({ status: 503, code: "wallet_unavailable" });
  });

  it("makes no callback for a demo launch", async () => {
    const response = await realLaunch({ demo: true });
    expect(response.statusCode).toBe(200);
    expect(received).toEqual([]);
  });
});

describe("real-money launch in production", () => {
  let production: Harness;
  beforeAll(async () => {
    production = await createHarness({ shareStoreOf: h, config: { environment: "production" } });
  });
  afterAll(async () => production.close());

  it("still requires a callback URL (409 callback_url_required)", async () => {
    const response = await production.signed({
      method: "POST",
      path: "/operator/launch",
      body: { ...DEMO_LAUNCH, demo: false },
      operator: production.operator,
    });
    expect(errorOf(response)).toMatchObject({ status: 409, code: "callback_url_required" });
  });
});
