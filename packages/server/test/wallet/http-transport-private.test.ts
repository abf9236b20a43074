/**
 * Production's wallet transport connects to public addresses only, unless the operator allows a private
 * network: a literal internal address, a name resolving to one (localhost), and a name whose resolution
 * changes between the check and the call (DNS rebinding) never reach the listening server.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTransport, type TransportRequest } from "../../src/wallet/http-transport.ts";

let server: http.Server;
let port: number;
let received = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    received++;
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const request = (host: string, extra: Partial<TransportRequest> = {}): TransportRequest => ({
  url: new URL(`http://${host}:${port}/wallet/callback/balance`),
  headers: {},
  body: "{}",
  timeoutMs: 2000,
  ...extra,
});

/** Answers the local server's address for every name: what a rebinding name answers on its second query. */
const toLoopback = async () => ["127.0.0.1"];

describe("a production wallet transport", () => {
  it("refuses a literal loopback address, IPv4 and IPv4-mapped IPv6, without connecting", async () => {
    const transport = createHttpTransport({ refusePrivateAddresses: true, resolveHost: toLoopback });
    try {
      const before = received;
      for (const host of ["127.0.0.1", "[::ffff:127.0.0.1]", "2130706433"]) {
        const result = await transport.post(request(host));
        expect(result).toMatchObject({ ok: false, error: "private_address" });
      }
      expect(received).toBe(before);
    } finally {
      transport.close();
    }
  });

  it("refuses a host name that resolves to an internal address, at the connection itself", async () => {
    const transport = createHttpTransport({ refusePrivateAddresses: true, resolveHost: toLoopback });
    try {
      const before = received;
      const result = await transport.post(request("wallet.rebinding.example"));
      expect(result).toMatchObject({ ok: false, error: "private_address" });
      if (!result.ok) expect(result.detail).toContain("wallet.rebinding.example resolves to 127.0.0.1");
      expect(received).toBe(before);
    } finally {
      transport.close();
    }
  });

  it("checks each connection's own resolution: a name turning internal after a public answer is refused", async () => {
    const answers = [["93.184.216.34"], ["127.0.0.1"]];
    const asked: string[] = [];
    const rebinding = async (host: string) => {
      asked.push(host);
      return answers[Math.min(asked.length - 1, answers.length - 1)] ?? [];
    };
    const transport = createHttpTransport({ refusePrivateAddresses: true, resolveHost: rebinding });
    try {
      const before = received;
      // The first answer is public (nothing listens there on this port: the call fails or times out), the
      // second internal: refused, never connected.
      await transport.post(request("wallet.rebinding.example", { timeoutMs: 300 }));
      const second = await transport.post(request("wallet.rebinding.example"));
      expect(second).toMatchObject({ ok: false, error: "private_address" });
      expect(asked).toEqual(["wallet.rebinding.example", "wallet.rebinding.example"]);
      expect(received).toBe(before);
    } finally {
      transport.close();
    }
  });

  it("calls an internal address for an operator allowed a private network", async () => {
    const transport = createHttpTransport({ refusePrivateAddresses: true, resolveHost: toLoopback });
    try {
      const before = received;
      const literal = await transport.post(request("127.0.0.1", { privateNetworkAllowed: true }));
      expect(literal).toMatchObject({ ok: true, httpStatus: 200 });
      const named = await transport.post(request("localhost", { privateNetworkAllowed: true }));
      expect(named).toMatchObject({ ok: true, httpStatus: 200 });
      expect(received).toBe(before + 2);
    } finally {
      transport.close();
    }
  });

  it("is not the staging transport: staging calls localhost wallets as before", async () => {
    const transport = createHttpTransport();
    try {
      expect(await transport.post(request("127.0.0.1"))).toMatchObject({ ok: true, httpStatus: 200 });
      expect(await transport.post(request("localhost"))).toMatchObject({ ok: true, httpStatus: 200 });
    } finally {
      transport.close();
    }
  });
});
