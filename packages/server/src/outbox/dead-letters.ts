import { randomUUID } from "node:crypto";
import { formatAmount } from "@rgs/protocol/money";
import type { AuditRecorder } from "../audit/audit-log.ts";
import type { Clock } from "../clock.ts";
import { OperatorError } from "../operators/operator-error.ts";
import type { NewTransactionRow } from "../rounds/ledger.ts";
import type { Store } from "../store/database.ts";
import { creditBody } from "../wallet/callback-bodies.ts";
import { newRequestId } from "../wallet/wallet-client.ts";
import { CallbackLedger } from "./callback-ledger.ts";
import { type OutboxDb, outboxDb } from "./tables.ts";

/**
 * What a person does about callbacks the outbox cannot finish alone: list the dead letters (refused by the
 * wallet) and the alerts (still failing past the alert age), send a dead letter again once the wallet's
 * problem is fixed, or record that it was settled by hand. Every change writes an audit event (who, what,
 * when) in the same transaction.
 */

export interface CallbackView {
  transactionId: string;
  roundId: string;
  operatorId: string;
  playerId: string;
  gameCode: string;
  kind: string;
  /** Decimal string in the round's currency. */
  amount: string;
  currency: string;
  roundClosed: boolean;
  /**
   * dead: refused, waiting for a person; alerting: still retried past the alert age; pending: being retried;
   * replaced: settled by a new credit with its own transaction ID (`replacedBy`), never counted as paid.
   */
  state: "dead" | "alerting" | "pending" | "resolved" | "replaced" | "delivered";
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
  alertedAt: string | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
  resolutionNote: string | null;
  replacedBy: string | null;
}

const NOTE_MAX = 2000;
const NAME_MAX = 200;

export class DeadLetterService {
  readonly #db: OutboxDb;
  readonly #ledger: CallbackLedger;
  readonly #clock: Clock;
  readonly #audit: AuditRecorder;

  constructor(deps: { store: Pick<Store, "db" | "writer" | "audit">; clock: Clock }) {
    this.#db = outboxDb(deps.store);
    this.#ledger = new CallbackLedger(deps.store.writer);
    this.#clock = deps.clock;
    this.#audit = deps.store.audit;
  }

  /** Undelivered credits and rollbacks, oldest first; `dead` and `alerts` narrow the list (both: either), as `operatorId` does. */
  async list(
    filter: { dead?: boolean; alerts?: boolean; limit?: number; operatorId?: string } = {},
  ): Promise<CallbackView[]> {
    let query = selectCallbacks(this.#db).where("t.kind", "in", ["credit", "rollback"]);
    if (filter.operatorId !== undefined) query = query.where("r.operator_id", "=", filter.operatorId);
    const rows = await query
      .where((eb) => {
        const dead = eb.and([eb("t.status", "=", "dead"), eb("t.resolved_at", "is", null)]);
        const alerting = eb.and([eb("t.status", "=", "pending"), eb("t.alerted_at", "is not", null)]);
        if (filter.dead && filter.alerts) return eb.or([dead, alerting]);
        if (filter.dead) return dead;
        if (filter.alerts) return alerting;
        return eb.or([dead, eb("t.status", "=", "pending")]);
      })
      .orderBy("t.created_at")
      .orderBy("t.seq")
      .limit(filter.limit ?? 100)
      .execute();
    return rows.map(view);
  }

  /** One credit or rollback, whatever its state; undefined for a debit or an unknown ID. */
  async find(transactionId: string): Promise<CallbackView | undefined> {
    const row = await selectCallbacks(this.#db)
      .where("t.transaction_id", "=", transactionId)
      .where("t.kind", "in", ["credit", "rollback"])
      .executeTakeFirst();
    return row && view(row);
  }

  /** Sends a dead letter again from now on, with its attempts kept. */
  async retry(args: { transactionId: string; by: string }): Promise<CallbackView> {
    const by = requireText("by", args.by, NAME_MAX);
    return this.#ledger.write("dead-letters", async (tx) => {
      const trx = outboxDb({ db: tx.db });
      const row = await this.#locked(trx, args.transactionId);
      if (row.status !== "dead" || row.resolved_at !== null) {
        throw new OperatorError(
          "callback_not_dead",
          `Callback ${row.transaction_id} is ${stateOf(row)}: only an unresolved dead letter can be retried.`,
        );
      }
      const now = new Date(this.#clock.now());
      await tx.requeueDeadLetter(row.transaction_id, now);
      await this.#audit.record(
        {
          operatorId: row.operator_id,
          kind: "callback.retried",
          at: now,
          data: {
            transactionId: row.transaction_id,
            roundId: row.round_id,
            by,
            lastError: row.last_error,
            attempts: row.attempts,
          },
        },
        { db: tx.db },
      );
      return view(
        await selectCallbacks(trx)
          .where("t.transaction_id", "=", row.transaction_id)
          .executeTakeFirstOrThrow(),
      );
    });
  }

  /**
   * Records that a person settled the callback by hand (a dead letter, or one still failing that is not
   * being sent right now): it is never sent again, and the round closes if it was the closing callback.
   */
  async resolve(args: { transactionId: string; note: string; by: string }): Promise<CallbackView> {
    const by = requireText("by", args.by, NAME_MAX);
    const note = requireText("note", args.note, NOTE_MAX);
    return this.#ledger.write("dead-letters", async (tx) => {
      const trx = outboxDb({ db: tx.db });
      const row = await this.#locked(trx, args.transactionId);
      const now = new Date(this.#clock.now());
      const unresolvedDead = row.status === "dead" && row.resolved_at === null;
      if (!unresolvedDead && row.status !== "pending") {
        throw new OperatorError(
          "callback_not_dead",
          `Callback ${row.transaction_id} is ${stateOf(row)}: there is nothing to resolve.`,
        );
      }
      if (row.lease_until !== null && row.lease_until.getTime() > now.getTime()) {
        throw new OperatorError(
          "callback_in_delivery",
          `Callback ${row.transaction_id} is being sent right now; try again in a moment.`,
        );
      }
      await tx.resolveByHand(row.transaction_id, { now, by, note });
      const closedRound = row.round_closed ? await tx.rounds.closeRound(row.round_id, now, row.kind) : false;
      await this.#audit.record(
        {
          operatorId: row.operator_id,
          kind: "callback.resolved",
          at: now,
          data: {
            transactionId: row.transaction_id,
            roundId: row.round_id,
            by,
            note,
            previousStatus: row.status,
            lastError: row.last_error,
            closedRound,
          },
        },
        { db: tx.db },
      );
      return view(
        await selectCallbacks(trx)
          .where("t.transaction_id", "=", row.transaction_id)
          .executeTakeFirstOrThrow(),
      );
    });
  }

  /**
   * Replaces a dead credit the wallet did not apply with a new credit of the same amount and its own
   * transaction ID (the wallet may have burnt the old ID, so sending it again would never be applied). The
   * old one ends replaced, never counted as paid; the new one goes through the outbox like any credit and
   * closes the round if the old one would have. A rollback is never replaced (see docs/back-office.md): its
   * refund is tied to the debit it reverses, and a credit in its place would count as a win in reports.
   */
  async replace(args: { transactionId: string; note: string; by: string }): Promise<CallbackView> {
    const by = requireText("by", args.by, NAME_MAX);
    const note = requireText("note", args.note, NOTE_MAX);
    return this.#ledger.write("dead-letters", async (tx) => {
      const trx = outboxDb({ db: tx.db });
      const row = await this.#locked(trx, args.transactionId);
      if (row.kind !== "credit") {
        throw new OperatorError(
          "callback_not_credit",
          `Callback ${row.transaction_id} is a ${row.kind}: only a credit is replaced by a new one.`,
        );
      }
      if (row.status !== "dead" || row.resolved_at !== null) {
        throw new OperatorError(
          "callback_not_dead",
          `Callback ${row.transaction_id} is ${stateOf(row)}: only an unresolved dead letter is replaced.`,
        );
      }
      const now = new Date(this.#clock.now());
      const last = await trx
        .selectFrom("wallet_transactions")
        .select((eb) => eb.fn.max("seq").as("seq"))
        .where("round_id", "=", row.round_id)
        .executeTakeFirstOrThrow();
      const ids = { transactionId: randomUUID(), requestId: newRequestId() };
      const replacement: NewTransactionRow = {
        ...ids,
        roundId: row.round_id,
        seq: Number(last.seq) + 1,
        kind: "credit",
        amount: row.amount,
        roundClosed: row.round_closed,
        reverseTransactionId: null,
        requestBody: creditBody({
          ...ids,
          playerId: row.player_id,
          roundId: row.round_id,
          roundClosed: row.round_closed,
          gameId: row.game_code,
          amount: row.amount,
          decimals: row.decimals,
          metadata: { reason: "replacement", replaces: row.transaction_id },
        }),
        createdAt: now,
        nextAttemptAt: now,
      };
      await tx.replaceDeadLetter(row.transaction_id, replacement, {
        now,
        by,
        note: `Replaced by credit ${ids.transactionId}: ${note}`,
      });
      await this.#audit.record(
        {
          operatorId: row.operator_id,
          kind: "callback.replaced",
          at: now,
          data: {
            transactionId: row.transaction_id,
            replacedBy: ids.transactionId,
            roundId: row.round_id,
            by,
            note,
            lastError: row.last_error,
          },
        },
        { db: tx.db },
      );
      return view(
        await selectCallbacks(trx)
          .where("t.transaction_id", "=", row.transaction_id)
          .executeTakeFirstOrThrow(),
      );
    });
  }

  async #locked(trx: OutboxDb, transactionId: unknown): Promise<Row> {
    const id = requireText("transactionId", transactionId, 200);
    const row = await selectCallbacks(trx)
      .where("t.transaction_id", "=", id)
      .forUpdate("t")
      .executeTakeFirst();
    if (!row || row.kind === "debit") {
      throw new OperatorError(
        "unknown_transaction",
        `No credit or rollback has the transaction ID ${JSON.stringify(id)}.`,
      );
    }
    return row;
  }
}

function selectCallbacks(db: OutboxDb) {
  return db
    .selectFrom("wallet_transactions as t")
    .innerJoin("rounds as r", "r.id", "t.round_id")
    .select([
      "t.transaction_id",
      "t.round_id",
      "t.kind",
      "t.amount",
      "t.round_closed",
      "t.status",
      "t.attempts",
      "t.last_error",
      "t.created_at",
      "t.next_attempt_at",
      "t.alerted_at",
      "t.lease_until",
      "t.resolved_at",
      "t.resolved_by",
      "t.resolution_note",
      "t.replaced_by",
      "r.operator_id",
      "r.player_id",
      "r.game_code",
      "r.currency",
      "r.decimals",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectCallbacks>["executeTakeFirstOrThrow"]>>;

function stateOf(
  row: Pick<Row, "status" | "resolved_at" | "alerted_at" | "replaced_by">,
): CallbackView["state"] {
  if (row.replaced_by !== null) return "replaced";
  if (row.resolved_at !== null) return "resolved";
  if (row.status === "dead") return "dead";
  if (row.status === "pending") return row.alerted_at !== null ? "alerting" : "pending";
  return "delivered";
}

function view(row: Row): CallbackView {
  const iso = (date: Date | null) => (date === null ? null : date.toISOString());
  return {
    transactionId: row.transaction_id,
    roundId: row.round_id,
    operatorId: row.operator_id,
    playerId: row.player_id,
    gameCode: row.game_code,
    kind: row.kind,
    amount: formatAmount(row.amount, row.decimals),
    currency: row.currency,
    roundClosed: row.round_closed,
    state: stateOf(row),
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    nextAttemptAt: iso(row.next_attempt_at),
    alertedAt: iso(row.alerted_at),
    resolvedAt: iso(row.resolved_at),
    resolvedBy: row.resolved_by,
    resolutionNote: row.resolution_note,
    replacedBy: row.replaced_by,
  };
}

function requireText(name: string, value: unknown, max: number): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "" || text.length > max) {
    throw new OperatorError(
      "invalid_request",
      `${name} must be a non-empty text of at most ${max} characters.`,
    );
  }
  return text;
}
