import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../support.ts";

/**
 * Real sockets against a listening server with small limits, so every time-out here is a fraction
 * of a second. Connections that must count as another client come from 127.0.0.2 (any 127/8
 * address is the loopback interface).
 */
const LIMITS = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 500,
  keepAliveTimeoutMs: 300,
  sendStallTimeoutMs: 400,
  maxConnectionsPerPeer: 3,
};

let h: Harness;
let port: number;
beforeAll(async () => {
  h = await createHarness({ config: { http: LIMITS } });
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  port = (h.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => h.close());

interface Exchange {
  /** Everything the server sent before closing. */
  received: string;
  /** Milliseconds from connecting to the server closing the connection. */
  closedAfterMs: number;
}

/** Opens a connection, sends `chunks`, and waits (at most `giveUpMs`) for the server to close it. */
function exchange(
  chunks: string[],
  opts: { from?: string; giveUpMs?: number; port?: number } = {},
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect({
      host: "127.0.0.1",
      port: opts.port ?? port,
      localAddress: opts.from ?? "127.0.0.1",
    });
    let received = "";
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${opts.giveUpMs ?? 5000} ms; received ${JSON.stringify(received)}`));
    }, opts.giveUpMs ?? 5000);
    socket.on("connect", () => {
      for (const chunk of chunks) socket.write(chunk);
    });
    socket.on("data", (data) => {
      received += data.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(giveUp);
      resolve({ received, closedAfterMs: Date.now() - started });
    });
  });
}

/** A connection held open with a request whose body never completes; resolves once connected. */
function stalledBody(from: string, toPort = port): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port: toPort, localAddress: from }, () => {
      socket.write(
        "POST /operator/launch HTTP/1.1\r\nHost: rgs.test\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{",
      );
      resolve(socket);
    });
    // Reading keeps the socket flowing, so the server's closing of the connection is seen.
    socket.resume();
    socket.on("error", () => {});
  });
}

function get(path: string, from = "127.0.0.1", toPort = port): Promise<Exchange> {
  return exchange([`GET ${path} HTTP/1.1\r\nHost: rgs.test\r\nConnection: close\r\n\r\n`], {
    from,
    port: toPort,
  });
}

/** The server notices a closed connection a moment after the client: ask again for up to 2 s. */
async function eventuallyAnswered(path: string, from: string, toPort: number): Promise<number> {
  const until = Date.now() + 2000;
  for (;;) {
    const status = statusOf(await get(path, from, toPort));
    if (status === 200 || Date.now() > until) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function statusOf(answer: Exchange): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer.received)?.[1] ?? 0);
}

function bodyOf(answer: Exchange): Record<string, unknown> {
  return JSON.parse(answer.received.slice(answer.received.indexOf("\r\n\r\n") + 4));
}

function expectErrorAnswer(answer: Exchange, status: number, code: string): void {
  expect(statusOf(answer), answer.received).toBe(status);
  expect(bodyOf(answer)).toMatchObject({ status, code });
  expect(answer.received.toLowerCase()).toContain("x-content-type-options: nosniff");
  expect(answer.received.toLowerCase()).toContain("content-security-policy: default-src 'none'");
  expect(answer.received.toLowerCase()).toContain("cache-control: no-store");
}

describe("time limits of each phase of a request", () => {
  it("answers 408 and closes a request whose body stalls (Content-Length 50, one byte sent)", async () => {
    const answer = await exchange([
      "POST /game/verify HTTP/1.1\r\nHost: rgs.test\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{",
    ]);
    expectErrorAnswer(answer, 408, "request_timeout");
    // The limit plus one checking interval (a quarter of the shortest limit), with room for a busy machine.
    expect(answer.closedAfterMs).toBeLessThan(LIMITS.requestTimeoutMs + 1500);
  });

  it("closes a request whose headers stall", async () => {
    const answer = await exchange(["GET /healthz HTTP/1.1\r\nHost: rgs.test\r\nX-Slow: "]);
    expectErrorAnswer(answer, 408, "request_timeout");
    expect(answer.closedAfterMs).toBeLessThan(LIMITS.headersTimeoutMs + 1500);
  });

  it("closes a body trickled a byte at a time once the whole request took too long", async () => {
    const socket = await stalledBody("127.0.0.1");
    // 49 bytes still to come at one per 150 ms would take over 7 s.
    const trickle = setInterval(() => socket.write(" "), 150);
    const closed = await new Promise<number>((resolve) => {
      const started = Date.now();
      socket.on("close", () => resolve(Date.now() - started));
    });
    clearInterval(trickle);
    expect(closed).toBeLessThan(LIMITS.requestTimeoutMs + 1500);
  });

  it("closes an idle keep-alive connection after its time-out", async () => {
    const answer = await exchange(["GET /healthz HTTP/1.1\r\nHost: rgs.test\r\n\r\n"]);
    expect(statusOf(answer)).toBe(200);
    // Node closes the socket one second after the advertised time-out, so a client's request racing
    // the advertised time-out never meets a closed connection.
    expect(answer.closedAfterMs).toBeLessThan(LIMITS.keepAliveTimeoutMs + 1000 + 1500);
  });
});

describe("a client that stops reading its answers", () => {
  it("is cut off once it has taken nothing of its answers for the send-stall time-out", async () => {
    const requests = 300;
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.on("error", () => {});
    await new Promise((resolve) => socket.once("connect", resolve));
    // Far more pipelined answers (about 85 kB each) than the socket buffers hold, not read for a while.
    socket.write("GET /docs HTTP/1.1\r\nHost: rgs.test\r\n\r\n".repeat(requests));
    await new Promise((resolve) => setTimeout(resolve, LIMITS.sendStallTimeoutMs + 2000));
    let received = "";
    socket.on("data", (data) => {
      received += data.toString("latin1");
    });
    await new Promise((resolve, reject) => {
      socket.on("close", resolve);
      setTimeout(() => reject(new Error("still open 5 s after reading resumed")), 5000);
    });
    const answered = received.split("HTTP/1.1 200 OK").length - 1;
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(requests);
  });
});

describe("connections per client address", () => {
  // Time limits long enough that the held connections outlast each check on a busy machine.
  let peers: Harness;
  let peersPort: number;
  beforeAll(async () => {
    peers = await createHarness({
      config: {
        http: { ...LIMITS, headersTimeoutMs: 1500, requestTimeoutMs: 2000, sendStallTimeoutMs: 2000 },
      },
    });
    await peers.app.listen({ port: 0, host: "127.0.0.1" });
    peersPort = (peers.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => peers.close());

  it("refuses connections beyond the limit from one address while /healthz keeps answering others", async () => {
    const held = await Promise.all([1, 2, 3].map(() => stalledBody("127.0.0.2", peersPort)));
    try {
      const refused = await get("/healthz", "127.0.0.2", peersPort);
      expectErrorAnswer(refused, 429, "too_many_connections");
      const health = await get("/healthz", "127.0.0.1", peersPort);
      expect(statusOf(health)).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
    // Closed connections free their places again.
    expect(await eventuallyAnswered("/healthz", "127.0.0.2", peersPort)).toBe(200);
  });

  it("frees the places of stalled connections once the server closes them", async () => {
    const held = await Promise.all([1, 2, 3].map(() => stalledBody("127.0.0.3", peersPort)));
    await Promise.all(held.map((socket) => new Promise((resolve) => socket.on("close", resolve))));
    expect(await eventuallyAnswered("/healthz", "127.0.0.3", peersPort)).toBe(200);
  });
});

/**
 * Hostile raw requests and the answer each gets: always the one error shape with the security
 * headers, never a 500, never a word of the request repeated back. Add a row for each new kind.
 */
const HOSTILE_REQUESTS: [name: string, request: string, status: number, code: string][] = [
  ["a request line that is not HTTP", "HELLO\r\n\r\n", 400, "invalid_request"],
  [
    "a header without a colon",
    "GET /healthz HTTP/1.1\r\nHost: rgs.test\r\nBroken header\r\n\r\n",
    400,
    "invalid_request",
  ],
  [
    "a bad Content-Length",
    "POST /game/verify HTTP/1.1\r\nHost: rgs.test\r\nContent-Length: abc\r\n\r\n",
    400,
    "invalid_request",
  ],
  ["a NUL in the path", "GET /he\u0000althz HTTP/1.1\r\nHost: rgs.test\r\n\r\n", 400, "invalid_request"],
  [
    "both Content-Length and chunked encoding",
    "POST /game/verify HTTP/1.1\r\nHost: rgs.test\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    400,
    "invalid_request",
  ],
  [
    "headers over Node's size limit",
    `GET /healthz HTTP/1.1\r\nHost: rgs.test\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    431,
    "headers_too_large",
  ],
  [
    "a 5,000-character round ID",
    `GET /game/round/${"r".repeat(5000)} HTTP/1.1\r\nHost: rgs.test\r\nConnection: close\r\n\r\n`,
    414,
    "uri_too_long",
  ],
  [
    "a malformed percent-encoding",
    "GET /game/round/%E0%A4%A HTTP/1.1\r\nHost: rgs.test\r\nConnection: close\r\n\r\n",
    400,
    "invalid_request",
  ],
  [
    "CONNECT (this server is no proxy)",
    "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
    405,
    "method_not_allowed",
  ],
];

describe("hostile raw requests", () => {
  it.each(HOSTILE_REQUESTS)(
    "answers %s with %i %s in the error shape, quoting nothing",
    async (_name, request, status, code) => {
      const answer = await exchange([request]);
      expectErrorAnswer(answer, status, code);
      const body = answer.received.slice(answer.received.indexOf("\r\n\r\n") + 4);
      for (const echoed of ["HPE_", "FST_", "Broken", "rrrrrrrrrr", "%E0", "example.com", "aaaaaaaaaa"]) {
        expect(body).not.toContain(echoed);
      }
    },
  );
});
