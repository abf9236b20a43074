import { signRequest } from "@rgs/protocol/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LedgerRepository } from "../src/store/ledger-repository.ts";
import {
  BASE_PATH,
  createTestApp,
  NOW,
  openTestLedger,
  PREVIOUS_SECRET,
  signedRequest,
  type TestWallet,
  uniqueId,
} from "./support.ts";

let ledger: LedgerRepository;
beforeAll(async () => {
  ledger = await openTestLedger();
});
afterAll(async () => {
  await ledger?.close();
});

describe("callback signatures over HTTP", () => {
  let wallet: TestWallet;
  let playerId: string;
  beforeAll(async () => {
    wallet = await createTestApp(ledger);
    playerId = await wallet.player("USD", "100.00");
  });
  afterAll(() => wallet.close());

  const balanceBody = () => ({ requestId: "sig-1", playerId });

  async function expectRefused(response: { statusCode: number; body: Record<string, unknown> }) {
    expect(response).toEqual({
      statusCode: 401,
      body: { requestId: "sig-1", status: "ERROR_INVALID_SIGNATURE" },
    });
  }

  it("accepts a request signed over the prefixed path within the window", async () => {
    expect((await wallet.call("balance", balanceBody())).body).toMatchObject({
      status: "OK",
      balance: "100.00",
    });
    expect((await wallet.call("balance", balanceBody(), { timestamp: NOW - 30 })).statusCode).toBe(200);
    expect((await wallet.call("balance", balanceBody(), { timestamp: NOW + 30 })).statusCode).toBe(200);
  });

  it("accepts the previous secret during a rotation", async () => {
    const response = await wallet.call("balance", balanceBody(), { secret: PREVIOUS_SECRET });
    expect(response.body.status).toBe("OK");
  });

  it("refuses a wrong secret", async () => {
    await expectRefused(await wallet.call("balance", balanceBody(), { secret: "wrong" }));
  });

  it("refuses timestamps 31 s and 60 s old, and 31 s ahead", async () => {
    await expectRefused(await wallet.call("balance", balanceBody(), { timestamp: NOW - 31 }));
    await expectRefused(await wallet.call("balance", balanceBody(), { timestamp: NOW - 60 }));
    await expectRefused(await wallet.call("balance", balanceBody(), { timestamp: NOW + 31 }));
  });

  it("refuses a body changed after signing and moves nothing", async () => {
    const debit = {
      requestId: "sig-1",
      playerId,
      transactionId: uniqueId("tx"),
      roundId: uniqueId("round"),
      gameCode: "dice-alpha",
      amount: "1.00",
    };
    await expectRefused(
      await wallet.call("debit", debit, { tamper: JSON.stringify({ ...debit, amount: "100.00" }) }),
    );
    await expectRefused(await wallet.call("debit", debit, { tamper: JSON.stringify(debit, null, 2) }));
    expect((await wallet.call("balance", balanceBody())).body.balance).toBe("100.00");
  });

  it("refuses a signature over the path without the prefix", async () => {
    await expectRefused(await wallet.call("balance", balanceBody(), { signedPath: "/callback/balance" }));
  });

  it("does not serve the callbacks outside the prefix", async () => {
    const response = await wallet.call("balance", balanceBody(), { path: "/callback/balance" });
    expect(response.statusCode).toBe(404);
  });

  it("signs the path without the query string", async () => {
    const response = await wallet.call("balance", balanceBody(), {
      path: `${BASE_PATH}/callback/balance?x=1`,
    });
    expect(response.body.status).toBe("OK");
  });

  it("refuses missing or malformed signature headers", async () => {
    const request = signedRequest("balance", balanceBody());
    const cases = [
      { "x-timestamp": request.headers["x-timestamp"] },
      { "x-hmac-sha256": request.headers["x-hmac-sha256"] },
      { "x-timestamp": `${NOW}000`, "x-hmac-sha256": request.headers["x-hmac-sha256"] },
      { "x-timestamp": request.headers["x-timestamp"], "x-hmac-sha256": "abc" },
    ];
    for (const headers of cases) {
      const response = await wallet.app.inject({
        method: "POST",
        url: request.path,
        payload: request.payload,
        headers: { "content-type": "application/json", ...headers },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toEqual({ requestId: "sig-1", status: "ERROR_INVALID_SIGNATURE" });
    }
  });

  it("refuses an unparseable body with a bad signature without echoing anything", async () => {
    const response = await wallet.call("balance", "{oops", { secret: "wrong" });
    expect(response).toEqual({ statusCode: 401, body: { status: "ERROR_INVALID_SIGNATURE" } });
  });

  it("verifies the exact bytes of a Unicode body, whatever the content type", async () => {
    const body = `{"requestId":"sig-1","playerId":${JSON.stringify(playerId)},"note":"Jürgen 🎲"}`;
    const request = signedRequest("balance", body);
    const response = await wallet.app.inject({
      method: "POST",
      url: request.path,
      payload: Buffer.from(body, "utf8"),
      headers: { ...request.headers, "content-type": "text/plain; charset=utf-8" },
    });
    expect(response.json()).toMatchObject({ status: "OK" });
  });
});

describe("operator id", () => {
  let wallet: TestWallet;
  beforeAll(async () => {
    wallet = await createTestApp(ledger, { operatorId: "3f2a1c9e-0000-4000-8000-000000000001" });
  });
  afterAll(() => wallet.close());

  it("requires the configured X-Operator-ID", async () => {
    const playerId = await wallet.player();
    const body = { requestId: "op", playerId };
    const missing = await wallet.call("balance", body);
    expect(missing).toEqual({
      statusCode: 401,
      body: { requestId: "op", status: "ERROR_INVALID_SIGNATURE" },
    });
    const wrong = await wallet.call("balance", body, { headers: { "x-operator-id": "someone-else" } });
    expect(wrong.statusCode).toBe(401);
    const right = await wallet.call("balance", body, {
      headers: { "x-operator-id": "3f2a1c9e-0000-4000-8000-000000000001" },
    });
    expect(right.body.status).toBe("OK");
  });
});

describe("customUserError", () => {
  it("is sent with ERROR_NOT_ENOUGH_MONEY when configured", async () => {
    const wallet = await createTestApp(ledger, { notEnoughMoneyMessage: "Please top up your account." });
    const playerId = await wallet.player("USD", "1.00");
    const response = await wallet.call("debit", {
      requestId: "m",
      playerId,
      transactionId: uniqueId("tx"),
      roundId: uniqueId("round"),
      gameCode: "dice-alpha",
      amount: "2.00",
    });
    expect(response.body).toEqual({
      requestId: "m",
      status: "ERROR_NOT_ENOUGH_MONEY",
      customUserError: "Please top up your account.",
    });
    await wallet.close();
  });
});

describe("admin endpoints", () => {
  let wallet: TestWallet;
  beforeAll(async () => {
    wallet = await createTestApp(ledger);
  });
  afterAll(() => wallet.close());

  it("creates a player once and shows its balance and ledger", async () => {
    const id = uniqueId("admin");
    const created = await wallet.admin("POST", "/admin/players", { id, currency: "RMB", balance: "12.30" });
    expect(created.statusCode).toBe(201);
    expect(created.body).toMatchObject({ id, currency: "CNY", balance: "12.30", openingBalance: "12.30" });
    const again = await wallet.admin("POST", "/admin/players", { id, currency: "USD", balance: "1.00" });
    expect(again.statusCode).toBe(409);
    const view = await wallet.admin("GET", `/admin/players/${id}`);
    expect(view.body).toMatchObject({
      balance: "12.30",
      currency: "CNY",
      reconciled: true,
      transactions: [],
    });
  });

  it("validates what it creates", async () => {
    const cases = [
      { id: "", currency: "USD", balance: "1" },
      { id: uniqueId("a"), currency: "XXX", balance: "1" },
      { id: uniqueId("a"), currency: "USD", balance: "-1" },
      { id: uniqueId("a"), currency: "USD", balance: "1.001" },
      { id: uniqueId("a"), currency: "USD", balance: "1", disabled: "yes" },
    ];
    for (const body of cases)
      expect((await wallet.admin("POST", "/admin/players", body)).statusCode).toBe(400);
    expect((await wallet.admin("GET", `/admin/players/${uniqueId("missing")}`)).statusCode).toBe(404);
  });

  it("answers loopback clients only when no token is configured", async () => {
    const response = await wallet.app.inject({
      method: "GET",
      url: "/admin/players/x",
      remoteAddress: "203.0.113.9",
    });
    expect(response.statusCode).toBe(403);
  });

  it("requires the bearer token when one is configured, from any address", async () => {
    const guarded = await createTestApp(ledger, { adminToken: "t0ken" });
    const id = uniqueId("guarded");
    const payload = JSON.stringify({ id, currency: "USD", balance: "1.00" });
    const anonymous = await guarded.app.inject({ method: "POST", url: "/admin/players", payload });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await guarded.app.inject({
      method: "POST",
      url: "/admin/players",
      payload,
      headers: { authorization: "Bearer nope!" },
    });
    expect(wrong.statusCode).toBe(401);
    const remote = await guarded.app.inject({
      method: "POST",
      url: "/admin/players",
      payload,
      remoteAddress: "203.0.113.9",
      headers: { authorization: "Bearer t0ken" },
    });
    expect(remote.statusCode).toBe(201);
    await guarded.close();
  });

  it("has no fault endpoint unless fault injection is enabled", async () => {
    const response = await wallet.admin("POST", "/admin/faults", { callback: "debit", mode: "error_before" });
    expect(response.statusCode).toBe(404);
  });
});

describe("fault injection", () => {
  let wallet: TestWallet;
  let base: string;
  beforeAll(async () => {
    wallet = await createTestApp(ledger, { faults: true });
    base = await wallet.app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(() => wallet.close());

  function debitBody(playerId: string) {
    return {
      requestId: uniqueId("req"),
      playerId,
      transactionId: uniqueId("tx"),
      roundId: uniqueId("round"),
      gameCode: "dice-alpha",
      amount: "10.00",
    };
  }

  /** A signed debit over a real socket; resolves to the HTTP status or to "dropped". */
  async function send(body: Record<string, unknown>, timeoutMs = 5_000): Promise<number | "dropped"> {
    const text = JSON.stringify(body);
    const path = `${BASE_PATH}/callback/debit`;
    const timestamp = String(NOW);
    try {
      const response = await fetch(`${base}${path}`, {
        method: "POST",
        body: text,
        headers: {
          "content-type": "application/json",
          "x-timestamp": timestamp,
          "x-hmac-sha256": signRequest("e3b98a4f1c2d7e6a5b0f9c8d7e6a5b4c", timestamp, path, text),
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.text();
      return response.status;
    } catch {
      return "dropped";
    }
  }

  async function schedule(fault: Record<string, unknown>) {
    const response = await wallet.admin("POST", "/admin/faults", fault);
    expect(response.statusCode).toBe(201);
  }

  async function balance(playerId: string) {
    return (await wallet.call("balance", { requestId: "f", playerId })).body.balance;
  }

  it("validates fault requests", async () => {
    for (const fault of [
      { callback: "withdraw", mode: "error_before" },
      { callback: "debit", mode: "explode" },
      { callback: "debit", mode: "slow", count: 0 },
      { callback: "debit", mode: "slow", delayMs: -1 },
    ]) {
      expect((await wallet.admin("POST", "/admin/faults", fault)).statusCode).toBe(400);
    }
  });

  it("answers 500 before applying, for the next `count` calls only", async () => {
    const playerId = await wallet.player();
    await schedule({ callback: "debit", mode: "error_before", count: 2 });
    const debit = debitBody(playerId);
    expect(await send(debit)).toBe(500);
    expect(await send(debit)).toBe(500);
    expect(await balance(playerId)).toBe("100.00");
    expect(await send(debit)).toBe(200);
    expect(await balance(playerId)).toBe("90.00");
  });

  it("applies then answers 500; the retry gets the original answer", async () => {
    const playerId = await wallet.player();
    await schedule({ callback: "debit", mode: "error_after" });
    const debit = debitBody(playerId);
    expect(await send(debit)).toBe(500);
    expect(await balance(playerId)).toBe("90.00");
    expect(await send(debit)).toBe(200);
    expect(await balance(playerId)).toBe("90.00");
  });

  it("drops the connection before or after applying", async () => {
    const playerId = await wallet.player();
    await schedule({ callback: "debit", mode: "drop_before" });
    expect(await send(debitBody(playerId))).toBe("dropped");
    expect(await balance(playerId)).toBe("100.00");
    await schedule({ callback: "debit", mode: "drop_after" });
    expect(await send(debitBody(playerId))).toBe("dropped");
    expect(await balance(playerId)).toBe("90.00");
  });

  it("applies then hangs past the caller's timeout", async () => {
    const playerId = await wallet.player();
    await schedule({ callback: "debit", mode: "hang_after", delayMs: 60_000 });
    expect(await send(debitBody(playerId), 500)).toBe("dropped");
    // The caller gave up on its own clock; the wallet may still be applying the debit, so wait for it.
    let seen: unknown;
    for (let attempt = 0; attempt < 100 && seen !== "90.00"; attempt++) {
      seen = await balance(playerId);
      if (seen !== "90.00") await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toBe("90.00");
  });

  it("answers slowly but correctly", async () => {
    const playerId = await wallet.player();
    await schedule({ callback: "debit", mode: "slow", delayMs: 50 });
    expect(await send(debitBody(playerId))).toBe(200);
    expect(await balance(playerId)).toBe("90.00");
  });

  it("lists and clears scheduled faults", async () => {
    await schedule({ callback: "credit", mode: "error_before", count: 3 });
    const listed = await wallet.admin("GET", "/admin/faults");
    expect(listed.body).toEqual({
      faults: [{ callback: "credit", mode: "error_before", remaining: 3, delayMs: 60_000 }],
    });
    const cleared = await wallet.app.inject({ method: "DELETE", url: "/admin/faults" });
    expect(cleared.json()).toEqual({ faults: [] });
  });
});

describe("store failures", () => {
  it("answers HTTP 500 ERROR_UNKNOWN so the RGS retries, without leaking the error", async () => {
    const down = new Error("connection refused: db.internal:5432");
    const broken = new LedgerRepository({
      backend: "postgres",
      query: () => Promise.reject(down),
      transaction: () => Promise.reject(down),
      close: () => Promise.resolve(),
    });
    const wallet = await createTestApp(broken);
    const response = await wallet.call("credit", {
      requestId: "c-1",
      playerId: "p",
      transactionId: "tx",
      roundId: "r",
      roundClosed: true,
      gameId: "dice-alpha",
      amount: "1.00",
    });
    expect(response).toEqual({ statusCode: 500, body: { requestId: "c-1", status: "ERROR_UNKNOWN" } });
    await wallet.close();
  });
});

describe("request bodies", () => {
  let wallet: TestWallet;
  beforeAll(async () => {
    wallet = await createTestApp(ledger);
  });
  afterAll(() => wallet.close());

  it("reads a body sent without a content type", async () => {
    const playerId = await wallet.player();
    const request = signedRequest("balance", { requestId: "b", playerId });
    const { "content-type": _omitted, ...headers } = request.headers;
    const response = await wallet.app.inject({
      method: "POST",
      url: request.path,
      payload: request.payload,
      headers,
    });
    expect(response.json()).toMatchObject({ status: "OK", balance: "100.00" });
  });

  it("refuses an empty signed body as malformed", async () => {
    const response = await wallet.call("balance", "");
    expect(response).toEqual({ statusCode: 200, body: { status: "ERROR_WRONG_SYNTAX" } });
  });
});
