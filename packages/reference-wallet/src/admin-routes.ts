import { timingSafeEqual } from "node:crypto";
import { resolveCurrency } from "@rgs/protocol/currencies";
import { formatAmount, parseAmount } from "@rgs/protocol/money";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Refusal } from "./callbacks/callback.ts";
import { decimalsOf, requiredId } from "./callbacks/request-fields.ts";
import { type FaultSchedule, readFaultRequest, readRandomFaults } from "./faults.ts";
import { bodyText, parseJsonObject } from "./json-body.ts";
import type { LedgerRepository, PlayerStatement } from "./store/ledger-repository.ts";

export interface AdminRoutesOptions {
  ledger: LedgerRepository;
  adminToken: string | undefined;
  faults: FaultSchedule | undefined;
}

function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const ip = address.startsWith("::ffff:") ? address.slice(7) : address;
  return ip === "::1" || ip.startsWith("127.");
}

function tokenMatches(header: string | undefined, token: string): boolean {
  if (header === undefined || !header.startsWith("Bearer ")) return false;
  const sent = Buffer.from(header.slice(7), "utf8");
  const expected = Buffer.from(token, "utf8");
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

function badRequest(reply: FastifyReply, detail: string) {
  return reply.code(400).send({ error: "invalid_request", detail });
}

/** A player's balance, ledger and rounds, with the check that the ledger explains the balance. */
function statementView(statement: PlayerStatement) {
  const { player, entries, rounds } = statement;
  const decimals = decimalsOf(player.currency);
  const money = (minor: bigint) => formatAmount(minor, decimals);
  const ledgerBalance = entries.reduce((sum, entry) => sum + entry.balanceDelta, player.openingBalance);
  return {
    id: player.id,
    currency: player.currency,
    balance: money(player.balance),
    openingBalance: money(player.openingBalance),
    disabled: player.disabled,
    excluded: player.excluded,
    ledgerBalance: money(ledgerBalance),
    reconciled: ledgerBalance === player.balance,
    transactions: entries.map((entry) => ({
      transactionId: entry.transactionId,
      kind: entry.kind,
      roundId: entry.roundId,
      amount: money(entry.amount),
      balanceDelta: money(entry.balanceDelta),
      balanceAfter: money(entry.balanceAfter),
      reverses: entry.reverses,
      reversedBy: entry.reversedBy,
      createdAt: entry.createdAt,
    })),
    rounds: rounds.map((round) => ({ id: round.id, closed: round.closed })),
  };
}

/**
 * Unsigned endpoints for setting up players and reconciling them, outside the callback prefix. With
 * WALLET_ADMIN_TOKEN set they need `Authorization: Bearer <token>`; without it only loopback clients
 * may call them. The fault endpoints exist only when fault injection is enabled.
 */
export function registerAdminRoutes(app: FastifyInstance, opts: AdminRoutesOptions): void {
  app.register(
    async (admin) => {
      admin.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
        if (opts.adminToken !== undefined) {
          if (!tokenMatches(request.headers.authorization, opts.adminToken)) {
            return reply
              .code(401)
              .send({ error: "unauthorized", detail: "send Authorization: Bearer <admin token>" });
          }
        } else if (!isLoopback(request.socket.remoteAddress)) {
          return reply.code(403).send({
            error: "forbidden",
            detail: "admin endpoints answer loopback clients only without an admin token",
          });
        }
      });

      admin.post("/players", async (request, reply) => {
        const parsed = parseJsonObject(bodyText(request.body));
        if (!parsed.ok) return badRequest(reply, parsed.detail);
        const body = parsed.value;
        let id: string;
        try {
          id = requiredId(body, "id");
        } catch (error) {
          if (error instanceof Refusal) return badRequest(reply, error.message);
          throw error;
        }
        const currency = typeof body.currency === "string" ? resolveCurrency(body.currency) : undefined;
        if (currency === undefined) return badRequest(reply, "currency must be a supported currency code");
        const balance = parseAmount(body.balance ?? "0", currency.decimals);
        if (!balance.ok) return badRequest(reply, `balance: ${balance.detail}`);
        for (const flag of ["disabled", "excluded"] as const) {
          if (body[flag] !== undefined && typeof body[flag] !== "boolean") {
            return badRequest(reply, `${flag} must be true or false`);
          }
        }
        const created = await opts.ledger.createPlayer({
          id,
          currency: currency.code,
          balance: balance.minor,
          disabled: body.disabled === true,
          excluded: body.excluded === true,
        });
        if (!created) return reply.code(409).send({ error: "player_exists", detail: `player ${id} exists` });
        const statement = await opts.ledger.statement(id);
        return reply.code(201).send(statement === undefined ? {} : statementView(statement));
      });

      admin.get<{ Params: { id: string } }>("/players/:id", async (request, reply) => {
        const statement = await opts.ledger.statement(request.params.id);
        if (statement === undefined)
          return reply.code(404).send({ error: "not_found", detail: "no such player" });
        return reply.send(statementView(statement));
      });

      const faults = opts.faults;
      if (faults !== undefined) {
        admin.post("/faults", async (request, reply) => {
          const parsed = parseJsonObject(bodyText(request.body));
          if (!parsed.ok) return badRequest(reply, parsed.detail);
          const fault = readFaultRequest(parsed.value);
          if (!fault.ok) return badRequest(reply, fault.detail);
          faults.add(fault.fault);
          return reply.code(201).send({ faults: faults.list() });
        });
        admin.get("/faults", async () => ({ faults: faults.list() }));
        admin.post("/faults/random", async (request, reply) => {
          const parsed = parseJsonObject(bodyText(request.body));
          if (!parsed.ok) return badRequest(reply, parsed.detail);
          const random = readRandomFaults(parsed.value);
          if (!random.ok) return badRequest(reply, random.detail);
          faults.setRandom(random.random);
          return reply.code(201).send({ random: faults.randomFaults() });
        });
        admin.get("/faults/random", async () => ({ random: faults.randomFaults() }));
        admin.delete("/faults", async () => {
          faults.clear();
          return { faults: [] };
        });
      }
    },
    { prefix: "/admin" },
  );
}
