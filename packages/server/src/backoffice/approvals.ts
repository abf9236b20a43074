import { randomUUID } from "node:crypto";
import { formatAmount } from "@rgs/protocol/money";
import type { Kysely, Selectable } from "kysely";
import { asActor } from "../audit/actor.ts";
import type { AuditRecorder } from "../audit/audit-log.ts";
import type { Clock } from "../clock.ts";
import type { CallbackView, DeadLetterService } from "../outbox/dead-letters.ts";
import { type AbandonPreview, AbandonRuleUnreadable } from "../rounds/abandon-preview.ts";
import type { Database, Store } from "../store/database.ts";
import { BackofficeError } from "./backoffice-error.ts";
import {
  actionsFor,
  awaitsPerson,
  isMoneyAction,
  MONEY_ACTIONS,
  type MoneyAction,
  moneyMeaning,
  SETTLE_ROUND,
  settlementMeaning,
} from "./money-actions.ts";
import { isStuck, type OnCallLimits } from "./on-call.ts";
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
  action: MoneyAction | typeof SETTLE_ROUND;
  operatorId: string;
  /** The callback acted on; null for the settlement of a stuck round. */
  transactionId: string | null;
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

/** The round engine's abandon rule, as the sweeper uses it, and what it would give (RoundEngine). */
export interface StuckRounds {
  abandonPreview(roundId: string): Promise<AbandonPreview | undefined>;
  abandon(roundId: string): Promise<void>;
}

export class Approvals {
  readonly #db: BackofficeDb;
  readonly #rawDb: Kysely<Database>;
  readonly #audit: AuditRecorder;
  readonly #clock: Clock;
  readonly #callbacks: DeadLetterService;
  readonly #rounds: StuckRounds;
  readonly #limits: OnCallLimits;

  constructor(deps: {
    store: Pick<Store, "db" | "audit">;
    clock: Clock;
    callbacks: DeadLetterService;
    rounds: StuckRounds;
    limits: OnCallLimits;
  }) {
    this.#db = backofficeDb(deps.store);
    this.#rawDb = deps.store.db;
    this.#audit = deps.store.audit;
    this.#clock = deps.clock;
    this.#callbacks = deps.callbacks;
    this.#rounds = deps.rounds;
    this.#limits = deps.limits;
  }

  /**
   * The abandon rule's outcome, or a refusal a person can act on: a round whose stored state its game cannot
   * read is one the sweeper fails on too, and is a case for the game's maintainers, not for a 500. Any other
   * failure (the store's) stays what it is.
   */
  async #previewOf(roundId: string): Promise<AbandonPreview | undefined> {
    try {
      return await this.#rounds.abandonPreview(roundId);
    } catch (error) {
      if (!(error instanceof AbandonRuleUnreadable)) throw error;
      throw new BackofficeError(
        "round_not_settleable",
        `The game cannot work out round ${roundId}'s abandon rule from its stored state (${(error as Error).message}): the sweeper cannot settle it either. Escalate it to the game's maintainers; nothing was changed.`,
      );
    }
  }

  /**
   * What settling a stuck round of `operatorId` would give its player: another operator's round, or one
   * that is not stuck (still played, or ended), is refused.
   */
  async settlementFor(
    user: BackofficeUser,
    operatorId: string,
    roundId: string,
  ): Promise<{ preview: AbandonPreview; meaning: string }> {
    const round = isUuid(roundId)
      ? await this.#rawDb
          .selectFrom("rounds")
          .select(["operator_id", "status", "last_action_at"])
          .where("id", "=", roundId)
          .executeTakeFirst()
      : undefined;
    if (!round || round.operator_id !== operatorId || !seesOperator(user, operatorId)) {
      throw new BackofficeError("round_not_found", `No round ${roundId} of ${operatorId}.`);
    }
    const stuck = isStuck(
      { status: round.status, lastActionAt: round.last_action_at },
      this.#clock.now(),
      this.#limits,
    );
    const preview = stuck ? await this.#previewOf(roundId) : undefined;
    if (!preview) {
      throw new BackofficeError(
        "round_not_stuck",
        `Round ${roundId} is ${round.status} and not past the sweeper's limit: only a stuck open or opening round is settled here.`,
      );
    }
    return { preview, meaning: settlementMeaning(preview) };
  }

  /** Asks for a stuck round to be settled through the sweeper's abandon rule, once a second platform admin approves. */
  async requestSettlement(
    user: BackofficeUser,
    input: { operatorId: string; roundId: string; reason: unknown; confirmed: unknown },
  ): Promise<ApprovalView> {
    const { preview, meaning } = await this.settlementFor(user, input.operatorId, input.roundId);
    const reason = requireReason(input.reason);
    if (input.confirmed !== true) {
      throw new BackofficeError(
        "confirmation_required",
        `Confirm what this means for the player: ${meaning}`,
      );
    }
    const now = new Date(this.#clock.now());
    const id = randomUUID();
    await this.#rawDb.transaction().execute(async (raw) => {
      const trx = backofficeDb({ db: raw });
      const pending = await trx
        .selectFrom("backoffice_approvals")
        .select("id")
        .where("round_id", "=", preview.roundId)
        .where("transaction_id", "is", null)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (pending) {
        throw new BackofficeError(
          "approval_pending",
          `A settlement of round ${preview.roundId} already awaits approval (${pending.id}).`,
        );
      }
      await trx
        .insertInto("backoffice_approvals")
        .values({
          id,
          action: SETTLE_ROUND,
          operator_id: preview.operatorId,
          transaction_id: null,
          round_id: preview.roundId,
          reason,
          requested_by: user.id,
          requested_at: now,
          status: "pending",
        })
        .execute();
      await this.#audit.record(
        {
          operatorId: preview.operatorId,
          kind: "backoffice.money_action_requested",
          actor: actorOf(user),
          at: now,
          before: factsOf(preview),
          data: { approvalId: id, action: SETTLE_ROUND, reason, meaning },
        },
        { db: raw },
      );
    });
    return this.#view(id);
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
    const reason = requireReason(input.reason);
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
    if (!actionsFor(callback).includes(input.action)) {
      throw callback.kind === "credit"
        ? new BackofficeError(
            "callback_not_dead",
            `Callback ${callback.transactionId} is still retried: only a dead letter is replaced by a new credit.`,
          )
        : new BackofficeError(
            "callback_not_credit",
            `Callback ${callback.transactionId} is a ${callback.kind}: only a credit is replaced by a new one.`,
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
    if (approval.transaction_id === null) {
      await this.#settle(approval, user, { now, by });
      return this.#view(id);
    }
    const transactionId = approval.transaction_id;
    const before = await this.#callbacks.find(transactionId);
    let status: "approved" | "failed" = "approved";
    let outcome: string;
    try {
      const note = `${approval.reason} (back office approval ${approval.id})`;
      const after = await asActor(actorOf(user), () => {
        if (approval.action === "requeue") return this.#callbacks.retry({ transactionId, by });
        if (approval.action === "replace") return this.#callbacks.replace({ transactionId, by, note });
        return this.#callbacks.resolve({ transactionId, by, note, applied: true });
      });
      outcome = `Callback ${after.transactionId} is now ${after.state}.`;
    } catch (error) {
      status = "failed";
      outcome = error instanceof Error ? error.message : String(error);
    }
    const after = await this.#callbacks.find(transactionId);
    await this.#decide(approval, user, { status, outcome, now, before, after });
    return this.#view(id);
  }

  /**
   * The abandon rule applied for a person, only to the round they confirmed: one the player (or the sweeper)
   * changed since the request is left alone and the approval fails, to be asked again with its new meaning.
   */
  async #settle(approval: ApprovalRow, user: BackofficeUser, at: { now: Date; by: string }): Promise<void> {
    const before = await this.#rounds.abandonPreview(approval.round_id);
    let status: "approved" | "failed" = "failed";
    let outcome: string;
    if (!before) {
      outcome = `Round ${approval.round_id} is no longer open or opening: it ended meanwhile, and nothing was done.`;
    } else if (before.lastActionAt.getTime() > approval.requested_at.getTime()) {
      outcome = `Round ${approval.round_id} changed after the request: nothing was done; ask again to see what settling it means now.`;
    } else {
      try {
        await asActor(actorOf(user), () => this.#rounds.abandon(approval.round_id));
        status = "approved";
        outcome = `Round ${approval.round_id} was settled through the abandon rule.`;
      } catch (error) {
        outcome = error instanceof Error ? error.message : String(error);
      }
    }
    const after = await this.#rawDb
      .selectFrom("rounds")
      .select(["status", "close_reason", "stake_total", "payout_total"])
      .where("id", "=", approval.round_id)
      .executeTakeFirst();
    const afterFacts = after && {
      status: after.status,
      closeReason: after.close_reason,
      stakeTotal: after.stake_total.toString(),
      payoutTotal: after.payout_total.toString(),
    };
    if (status === "approved" && before) {
      await this.#audit.record({
        operatorId: approval.operator_id,
        kind: "round.settled_by_abandon_rule",
        actor: actorOf(user),
        at: at.now,
        before: factsOf(before),
        after: afterFacts ?? null,
        data: { roundId: approval.round_id, by: at.by, reason: approval.reason, approvalId: approval.id },
      });
    }
    await this.#decide(approval, user, {
      status,
      outcome,
      now: at.now,
      before: before ? factsOf(before) : undefined,
      after: afterFacts,
    });
  }

  async reject(user: BackofficeUser, id: string, reason: unknown): Promise<ApprovalView> {
    const approval = await this.#pendingFor(user, id);
    const text = requireReason(reason);
    const callback =
      approval.transaction_id === null ? undefined : await this.#callbacks.find(approval.transaction_id);
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
      /** The callback or the round acted on, as it stood before and after. */
      before: object | undefined;
      after: object | undefined;
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

  /** What the action means for the player, as it stands now: a settlement only while it can still be done. */
  async #meaningOf(row: ApprovalRow): Promise<string> {
    if (row.transaction_id === null) {
      const preview = row.status === "pending" ? await this.#rounds.abandonPreview(row.round_id) : undefined;
      return preview ? settlementMeaning(preview) : "";
    }
    const callback = await this.#callbacks.find(row.transaction_id);
    return callback ? moneyMeaning(row.action as MoneyAction, callback) : "";
  }

  async #present(row: ApprovalRow): Promise<ApprovalView> {
    return {
      id: row.id,
      action: row.action as ApprovalView["action"],
      operatorId: row.operator_id,
      transactionId: row.transaction_id,
      roundId: row.round_id,
      reason: row.reason,
      meaning: await this.#meaningOf(row),
      requestedBy: row.requesterName,
      requestedAt: row.requested_at.toISOString(),
      status: row.status,
      decidedBy: row.deciderName,
      decidedAt: row.decided_at?.toISOString() ?? null,
      outcome: row.outcome,
    };
  }
}

function requireReason(value: unknown): string {
  const reason = typeof value === "string" ? value.trim() : "";
  if (reason === "" || reason.length > REASON_MAX) {
    throw new BackofficeError("reason_required", `Say why, in 1 to ${REASON_MAX} characters.`);
  }
  return reason;
}

/** A round as the audit trail keeps it before a settlement: amounts as decimal strings. */
function factsOf(preview: AbandonPreview) {
  return {
    roundId: preview.roundId,
    status: preview.status,
    lastActionAt: preview.lastActionAt.toISOString(),
    currency: preview.currency,
    refund: formatAmount(preview.refund, preview.decimals),
    abandonWin: formatAmount(preview.win, preview.decimals),
  };
}

type ApprovalRow = Selectable<BackofficeApprovalsTable> & {
  requesterName: string;
  deciderName: string | null;
};
