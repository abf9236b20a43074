/**
 * The floor of a real-money bet: a Fastify server (default settings, no logging, in a process of its own
 * like the RGS) whose one route sends a signed debit and then a signed credit to the wallet at
 * BENCH_WALLET_URL, signed the way the RGS signs callbacks (BENCH_WALLET_SECRET, X-Operator-ID
 * BENCH_OPERATOR_ID), over kept-alive node:http connections, and answers once the credit is confirmed.
 * No store, no game. Prints "listening" once it accepts requests.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { pathForSigning, signedHeaders } from "@rgs/protocol/signing";
import Fastify from "fastify";

const WALLET_URL = process.env.BENCH_WALLET_URL ?? "";
const SECRET = process.env.BENCH_WALLET_SECRET ?? "";
const OPERATOR_ID = process.env.BENCH_OPERATOR_ID ?? "bench-operator";

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function post(url: string, body: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const bytes = Buffer.from(body, "utf8");
    const req = http.request(
      url,
      {
        agent,
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": bytes.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          if (res.statusCode === 200 && text.includes('"status":"OK"')) resolve(text);
          else reject(new Error(`${url}: ${res.statusCode} ${text}`));
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(bytes);
  });
}

function callback(name: "debit" | "credit", fields: Record<string, unknown>): Promise<string> {
  const url = `${WALLET_URL}/callback/${name}`;
  const body = JSON.stringify({ requestId: randomUUID(), ...fields });
  return post(
    url,
    body,
    signedHeaders({
      operatorId: OPERATOR_ID,
      secret: SECRET,
      path: pathForSigning(url),
      body,
      nowSeconds: Date.now() / 1000,
    }),
  );
}

const app = Fastify({ logger: false });
app.post<{ Body: { playerId?: string } }>("/bet", async (request) => {
  const playerId = request.body?.playerId ?? "bench-player";
  const roundId = randomUUID();
  await callback("debit", {
    playerId,
    transactionId: randomUUID(),
    roundId,
    gameCode: "dice-alpha",
    amount: "1.00",
  });
  const credit = await callback("credit", {
    playerId,
    transactionId: randomUUID(),
    roundId,
    roundClosed: true,
    gameId: "dice-alpha",
    amount: "0.99",
  });
  return { balance: (JSON.parse(credit) as { balance?: string }).balance };
});
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT ?? 0) });
process.stdout.write("listening\n");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
