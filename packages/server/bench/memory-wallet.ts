/**
 * The least a wallet can be, for the benchmark: the five callbacks under BENCH_WALLET_BASE_PATH, each
 * checked against the HMAC signature the RGS sends (BENCH_WALLET_SECRET) and answered from memory, with no
 * store. Any player exists with a large USD balance. A transactionId seen before is answered with its first
 * answer, so a resent credit never pays twice; a rollback returns a debit's stake once, and claims an unknown
 * id so that debit is refused if it arrives later. Prints "listening" once it accepts requests.
 */
import { formatAmount, parseAmount } from "@rgs/protocol/money";
import { pathForSigning, SIGNATURE_HEADERS, verifyRequest } from "@rgs/protocol/signing";
import type { WalletStatus } from "@rgs/protocol/wallet-status";
import Fastify from "fastify";

const SECRET = process.env.BENCH_WALLET_SECRET ?? "";
const BASE_PATH = process.env.BENCH_WALLET_BASE_PATH ?? "/wallet";
const DECIMALS = 2;
const OPENING_BALANCE = 1_000_000_000_00n;

if (SECRET === "") {
  process.stderr.write("BENCH_WALLET_SECRET must be set\n");
  process.exit(2);
}

type Answer = { status: WalletStatus; balance?: string; [field: string]: unknown };
type Body = Record<string, unknown>;

const balances = new Map<string, bigint>();
/** Every transactionId answered, with its answer; a debit also keeps its stake for a rollback. */
const seen = new Map<string, { answer: Answer; debit?: { playerId: string; amount: bigint } }>();

function balanceOf(playerId: string): bigint {
  return balances.get(playerId) ?? OPENING_BALANCE;
}

function text(body: Body, field: string): string | undefined {
  const value = body[field];
  return typeof value === "string" && value !== "" ? value : undefined;
}

const ok = (playerId: string): Answer => ({
  status: "OK",
  balance: formatAmount(balanceOf(playerId), DECIMALS),
});

function move(playerId: string, transactionId: string, body: Body, sign: 1n | -1n): Answer {
  const before = seen.get(transactionId);
  if (before !== undefined) {
    return before.debit === undefined && sign < 0n
      ? { status: "ERROR_DUPLICATE_TRANSACTION" }
      : before.answer;
  }
  const amount = parseAmount(body.amount, DECIMALS, { allowZero: sign > 0n });
  if (!amount.ok) return { status: "ERROR_WRONG_SYNTAX" };
  const balance = balanceOf(playerId);
  if (sign < 0n && balance < amount.minor) return { status: "ERROR_NOT_ENOUGH_MONEY" };
  balances.set(playerId, balance + sign * amount.minor);
  const answer = ok(playerId);
  seen.set(transactionId, {
    answer,
    ...(sign < 0n && { debit: { playerId, amount: amount.minor } }),
  });
  return answer;
}

function rollback(playerId: string, transactionId: string, body: Body): Answer {
  const before = seen.get(transactionId);
  if (before !== undefined) return before.answer;
  const target = text(body, "reverseTransactionId");
  if (target === undefined) return { status: "ERROR_WRONG_SYNTAX" };
  const debit = seen.get(target);
  if (debit === undefined) {
    seen.set(target, { answer: { status: "ERROR_DUPLICATE_TRANSACTION" } });
  } else if (debit.debit === undefined || debit.debit.playerId !== playerId) {
    return { status: "ERROR_TRANSACTION_DOES_NOT_EXIST" };
  } else {
    balances.set(playerId, balanceOf(playerId) + debit.debit.amount);
    seen.set(target, { answer: { status: "ERROR_DUPLICATE_TRANSACTION" } });
  }
  const answer = ok(playerId);
  seen.set(transactionId, { answer });
  return answer;
}

function handle(name: string, body: Body): Answer {
  const playerId = text(body, "playerId");
  if (playerId === undefined) return { status: "ERROR_WRONG_SYNTAX" };
  if (name === "authenticate") {
    return { ...ok(playerId), accountCurrency: text(body, "currency") ?? "USD", excluded: false };
  }
  if (name === "balance") return ok(playerId);
  const transactionId = text(body, "transactionId");
  if (transactionId === undefined) return { status: "ERROR_WRONG_SYNTAX" };
  if (name === "debit") return move(playerId, transactionId, body, -1n);
  if (name === "credit") return move(playerId, transactionId, body, 1n);
  if (name === "rollback") return rollback(playerId, transactionId, body);
  return { status: "ERROR_WRONG_SYNTAX" };
}

const app = Fastify({ logger: false });
app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
  done(null, body),
);
app.post<{ Params: { name: string } }>(`${BASE_PATH}/callback/:name`, async (request, reply) => {
  const raw = typeof request.body === "string" ? request.body : "";
  let body: Body;
  try {
    const parsed: unknown = JSON.parse(raw);
    body = typeof parsed === "object" && parsed !== null ? (parsed as Body) : {};
  } catch {
    body = {};
  }
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === "string" ? value : undefined;
  };
  const verified = verifyRequest({
    secrets: [SECRET],
    timestamp: header(SIGNATURE_HEADERS.timestamp),
    signature: header(SIGNATURE_HEADERS.signature),
    path: pathForSigning(request.raw.url ?? request.url),
    body: raw,
    nowSeconds: Date.now() / 1000,
  });
  const answer: Answer = verified.ok
    ? handle(request.params.name, body)
    : { status: "ERROR_INVALID_SIGNATURE" };
  return reply.code(verified.ok ? 200 : 401).send({ requestId: body.requestId, ...answer });
});
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT ?? 0) });
process.stdout.write("listening\n");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
