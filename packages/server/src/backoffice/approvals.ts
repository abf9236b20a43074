import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { asActor } from "../audit/actor.ts";
import type { AuditRecorder } from "../audit/audit-log.ts";
import type { Clock } from "../clock.ts";
import type { CallbackView, DeadLetterService } from "../outbox/dead-letters.ts";
import type { Database, Store } from "../store/database.ts";
import { BackofficeError } from "./backoffice-error.ts";
import {
  awaitsPerson,
  isMoneyAction,
  MONEY_ACTIONS,
  type MoneyAction,
  moneyMeaning,
} from "./money-actions.ts";
import { isUuid, seesOperator } from "./roles.ts";
import { type BackofficeApprovalsTable, type BackofficeDb, backofficeDb } from "./tables.ts";
import { actorOf, type BackofficeUser } from "./users.ts";

/**
 * The four-eyes rule of money actions: one person asks (with a reason, having confirmed what the player gains
 * or loses), and the action takes effect only when a second platform admin approves it. The request, the
 * decision and the action itself are each recorded in the audit trail, with the callback before and after.
 */

export interface ApprovalView {
  id: string;
  action: MoneyAction;
  operatorId: string;
  transactionId: string;
  roundId: string;
  reason: string;
  meaning: string;
  requestedBy: string;
  requestedAt: string;
  status: BackofficeApprovalsTable["status"];
  decidedBy: string | null;
  decidedAt: string | null;
  outcome: string | null;
}

const REASON_MAX = 2000;

export class Approvals {
  readonly #db: BackofficeDb;
  readonly #rawDb: Kysely<Database>;
  readonly #audit: AuditRecorder;
  readonly #clock: Clock;
  readonly #callbacks: DeadLetterService;

  constructor(deps: { store: Pick<Store, "db" | "audit">; clock: Clock; callbacks: DeadLetterService }) {
    this.#db = backofficeDb(deps.store);
    this.#rawDb = deps.store.db;
    this.#audit = deps.store.audit;
    this.#clock = deps.clock;
    this.#callbacks = deps.callbacks;
  }

  /** The callback as `user` may see it: another operator's is unknown to them. */
  async callbackFor(user: BackofficeUser, transactionId: string): Promise<CallbackView> {
    const callback = await this.#callbacks.find(transactionId);
    if (!callback || !seesOperator(user, callback.operatorId)) {
      throw new BackofficeError("unknown_transaction", `No credit or rollback ${transactionId}.`);
    }
    return callback;
  }

  async request(
    user: BackofficeUser,
    input: { transactionId: string; action: unknown; reason: unknown; confirmed: unknown },
  ): Promise<ApprovalView> {
    const callback = await this.callbackFor(user, input.transactionId);
    if (!isMoneyAction(input.action)) {
      throw new BackofficeError("invalid_request", `action is one of ${MONEY_ACTIONS.join(", ")}.`);
    }
    const reason = typeof input.reason === "string" ? input.reason.trim() : "";
    if (reason === "" || reason.length > REASON_MAX) {
      throw new BackofficeError("reason_required", `Say why, in 1 to ${REASON_MAX} characters.`);
    }
    if (input.confirmed !== true) {
      throw new BackofficeError(
        "confirmation_required",
        `Confirm what this means for the player: ${moneyMeaning(input.action, callback)}`,
      );
    }
    if (!awaitsPerson(callback)) {
      throw new BackofficeError(
        "callback_not_dead",
        `Callback ${callback.transactionId} is ${callback.state}: only a dead letter or an alerting callback is acted on.`,
      );
    }
    const now = new Date(this.#clock.now());
    const id = randomUUID();
    await this.#rawDb.transaction().execute(async (raw) => {
      const trx = backofficeDb({ db: raw });
      const pending = await trx
        .selectFrom("backoffice_approvals")
        .select("id")
        .where("transaction_id", "=", callback.transactionId)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (pending) {
        throw new BackofficeError(
          "approval_pending",
          `An action on ${callback.transactionId} already awaits approval (${pending.id}).`,
        );
      }
      await trx
        .insertInto("backoffice_approvals")
        .values({
          id,
          action: input.action as MoneyAction,
          operator_id: callback.operatorId,
          transaction_id: callback.transactionId,
          round_id: callback.roundId,
          reason,
          requested_by: user.id,
          requested_at: now,
          status: "pending",
        })
        .execute();
      await this.#audit.record(
        {
          operatorId: callback.operatorId,
          kind: "backoffice.money_action_requested",
          actor: actorOf(user),
          at: now,
          before: callback,
          data: {
            approvalId: id,
            action: input.action,
            reason,
            meaning: moneyMeaning(input.action as MoneyAction, callback),
          },
        },
        { db: raw },
      );
    });
    return this.#view(id);
  }

  /** Pending first, newest first; only those of operators `user` sees. */
  async list(user: BackofficeUser, opts: { limit?: number } = {}): Promise<ApprovalView[]> {
    let query = this.#selectViews().orderBy("a.status", "desc").orderBy("a.requested_at", "desc");
    if (user.role !== "platform_admin" && user.operatorId !== null) {
      query = query.where("a.operator_id", "=", user.operatorId);
    }
    const rows = await query.limit(opts.limit ?? 100).execute();
    return Promise.all(rows.map((row) => this.#present(row)));
  }

  /** A second platform admin's yes: the action runs now, in their name and the requester's. */
  async approve(user: BackofficeUser, id: string): Promise<ApprovalView> {
    const approval = await this.#pendingFor(user, id);
    const now = new Date(this.#clock.now());
    const by = `${approval.requesterName} (approved by ${user.username})`;
    const before = await this.#callbacks.find(approval.transaction_id);
    let status: "approved" | "failed" = "approved";
    let outcome: string;
    try {
      const after = await asActor(actorOf(user), () =>
        approval.action === "requeue"
          ? this.#callbacks.retry({ transactionId: approval.transaction_id, by })
          : this.#callbacks.resolve({
              transactionId: approval.transaction_id,
              by,
              note: `${approval.reason} (back office approval ${approval.id})`,
            }),
      );
      outcome = `Callback ${after.transactionId} is now ${after.state}.`;
    } catch (error) {
      status = "failed";
      outcome = error instanceof Error ? error.message : String(error);
    }
    const after = await this.#callbacks.find(approval.transaction_id);
    await this.#decide(approval, user, { status, outcome, now, before, after });
    return this.#view(id);
  }

  async reject(user: BackofficeUser, id: string, reason: unknown): Promise<ApprovalView> {
    const approval = await this.#pendingFor(user, id);
    const text = typeof reason === "string" ? reason.trim() : "";
    if (text === "" || text.length > REASON_MAX) {
      throw new BackofficeError("reason_required", `Say why, in 1 to ${REASON_MAX} characters.`);
    }
    const callback = await this.#callbacks.find(approval.transaction_id);
    await this.#decide(approval, user, {
      status: "rejected",
      outcome: `Rejected: ${text}`,
      now: new Date(this.#clock.now()),
      before: callback,
      after: callback,
    });
    return this.#view(id);
  }

  async #pendingFor(user: BackofficeUser, id: string) {
    const row = isUuid(id) ? await this.#selectViews().where("a.id", "=", id).executeTakeFirst() : undefined;
    if (!row || !seesOperator(user, row.operator_id)) {
      throw new BackofficeError("unknown_approval", `No approval ${id}.`);
    }
    if (row.status !== "pending") {
      throw new BackofficeError("approval_not_pending", `Approval ${id} was already ${row.status}.`);
    }
    if (row.requested_by === user.id) {
      throw new BackofficeError(
        "approval_by_requester",
        "A money action takes effect only once a second platform admin approves it.",
      );
    }
    return row;
  }

  async #decide(
    approval: ApprovalRow,
    user: BackofficeUser,
    decision: {
      status: "approved" | "rejected" | "failed";
      outcome: string;
      now: Date;
      before: CallbackView | undefined;
      after: CallbackView | undefined;
    },
  ): Promise<void> {
    await this.#rawDb.transaction().execute(async (raw) => {
      const trx = backofficeDb({ db: raw });
      await trx
        .updateTable("backoffice_approvals")
        .set({
          status: decision.status,
          decided_by: user.id,
          decided_at: decision.now,
          outcome: decision.outcome,
        })
        .where("id", "=", approval.id)
        .where("status", "=", "pending")
        .execute();
      await this.#audit.record(
        {
          operatorId: approval.operator_id,
          kind: `backoffice.money_action_${decision.status}`,
          actor: actorOf(user),
          at: decision.now,
          before: decision.before ?? null,
          after: decision.after ?? null,
          data: {
            approvalId: approval.id,
            action: approval.action,
            requestedBy: approval.requesterName,
            reason: approval.reason,
            outcome: decision.outcome,
          },
        },
        { db: raw },
      );
    });
  }

  #selectViews() {
    return this.#db
      .selectFrom("backoffice_approvals as a")
      .innerJoin("backoffice_users as r", "r.id", "a.requested_by")
      .leftJoin("backoffice_users as d", "d.id", "a.decided_by")
      .selectAll("a")
      .select(["r.username as requesterName", "d.username as deciderName"]);
  }

  async #view(id: string): Promise<ApprovalView> {
    return this.#present(await this.#selectViews().where("a.id", "=", id).executeTakeFirstOrThrow());
  }

  async #present(row: ApprovalRow): Promise<ApprovalView> {
    const callback = await this.#callbacks.find(row.transaction_id);
    return {
      id: row.id,
      action: row.action as MoneyAction,
      operatorId: row.operator_id,
      transactionId: row.transaction_id,
      roundId: row.round_id,
      reason: row.reason,
      meaning: callback ? moneyMeaning(row.action as MoneyAction, callback) : "",
      requestedBy: row.requesterName,
      requestedAt: row.requested_at.toISOString(),
      status: row.status,
      decidedBy: row.deciderName,
      decidedAt: row.decided_at?.toISOString() ?? null,
      outcome: row.outcome,
    };
  }
}

type ApprovalRow = Selectable<BackofficeApprovalsTable> & {
  requesterName: string;
  deciderName: string | null;
};
