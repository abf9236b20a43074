import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { genReqId, loggerOptions, REDACTED, redactUrl } from "../../src/observability/logger.ts";

const SECRETS = {
  hmacHeader: "a1b2c3d4e5f6signature",
  authorization: "Bearer auth-secret-value",
  cookie: "sid=cookie-secret-value",
  adminToken: "admin-token-secret-value",
  secret: "body-secret-value",
  hmacSecret: "hmac-secret-value",
  secretKey: "secret-key-value",
  sessionToken: "session-token-value",
  token: "plain-token-value",
  nested: "deeply-nested-secret",
  urlSession: "url-session-token",
  urlToken: "url-plain-token",
  notFoundToken: "not-found-token",
};

function memoryStream(): { stream: Writable; lines: () => Record<string, unknown>[]; text: () => string } {
  let text = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk;
      done();
    },
  });
  return {
    stream,
    text: () => text,
    lines: () =>
      text
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

async function appLoggingTo(stream: Writable) {
  const app = Fastify({ logger: loggerOptions({ level: "info", stream }), genReqId });
  app.post("/operator/launch", async (request) => {
    request.log.info({ headers: request.headers, body: request.body }, "launch request received");
    request.log.info(`launching from ${request.url}`);
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe("loggerOptions", () => {
  it("keeps secrets, signatures and tokens out of the logs", async () => {
    const log = memoryStream();
    const app = await appLoggingTo(log.stream);
    await app.inject({
      method: "POST",
      url: `/operator/launch?game=dice&sessionToken=${SECRETS.urlSession}&token=${SECRETS.urlToken}`,
      headers: {
        "x-hmac-sha256": SECRETS.hmacHeader,
        authorization: SECRETS.authorization,
        cookie: SECRETS.cookie,
        "x-admin-token": SECRETS.adminToken,
      },
      payload: {
        secret: SECRETS.secret,
        hmacSecret: SECRETS.hmacSecret,
        secretKey: SECRETS.secretKey,
        sessionToken: SECRETS.sessionToken,
        token: SECRETS.token,
        operator: { credentials: { secret: SECRETS.nested } },
        playerId: "player-42",
      },
    });
    await app.inject({ method: "GET", url: `/nowhere?token=${SECRETS.notFoundToken}` });
    app.log.info({ secretKey: SECRETS.secretKey }, "started");
    await app.close();

    const text = log.text();
    for (const [name, value] of Object.entries(SECRETS)) {
      expect(text, `${name} leaked into the logs`).not.toContain(value);
    }
    expect(text).toContain(REDACTED);
    expect(text).toContain("player-42");
    expect(text).toContain("game=dice");
    const launch = log.lines().find((line) => line.msg === "launch request received");
    expect(launch).toMatchObject({
      headers: { "x-hmac-sha256": REDACTED, authorization: REDACTED, cookie: REDACTED },
      body: { secret: REDACTED, operator: { credentials: { secret: REDACTED } } },
    });
  });

  it("writes JSON lines carrying the request id on every request line", async () => {
    const log = memoryStream();
    const app = await appLoggingTo(log.stream);
    await app.inject({
      method: "POST",
      url: "/operator/launch",
      headers: { "x-request-id": "abc-123" },
      payload: {},
    });
    await app.close();
    const requestLines = log.lines().filter((line) => line.reqId !== undefined);
    expect(requestLines.length).toBeGreaterThanOrEqual(4);
    for (const line of requestLines) expect(line.reqId).toBe("abc-123");
    expect(requestLines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(["incoming request", "launch request received", "request completed"]),
    );
  });

  it("logs nothing below its level", async () => {
    const log = memoryStream();
    const app = Fastify({ logger: loggerOptions({ level: "warn", stream: log.stream }) });
    app.log.info("not shown");
    app.log.warn("shown");
    await app.close();
    expect(log.lines().map((line) => line.msg)).toEqual(["shown"]);
  });
});

describe("redactUrl", () => {
  it.each([
    ["/play?sessionToken=abc&game=dice", `/play?sessionToken=${REDACTED}&game=dice`],
    ["/play?game=dice&token=abc", `/play?game=dice&token=${REDACTED}`],
    ["/play?TOKEN=abc#x", `/play?TOKEN=${REDACTED}#x`],
    ["Route GET:/a?token=abc not found", `Route GET:/a?token=${REDACTED} not found`],
    ["/play?mytoken=abc&tokens=2", "/play?mytoken=abc&tokens=2"],
    ["/operator/games", "/operator/games"],
  ])("%s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe("genReqId", () => {
  const request = (id?: string) => ({ headers: id === undefined ? {} : { "x-request-id": id } }) as never;

  it("keeps a short plain X-Request-ID", () => {
    expect(genReqId(request("req_01HZX-9:a.b"))).toBe("req_01HZX-9:a.b");
  });

  it.each([undefined, "", "a".repeat(129), 'x"}\n{"forged":1', "id with spaces"])(
    "replaces %j with a UUID",
    (id) => {
      expect(genReqId(request(id))).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    },
  );
});
