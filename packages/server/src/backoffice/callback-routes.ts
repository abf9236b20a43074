import type { FastifyInstance } from "fastify";
import type { DeadLetterService } from "../outbox/dead-letters.ts";
import type { Approvals } from "./approvals.ts";
import { must, mustSee, userOf } from "./guard.ts";
import { actionsFor, moneyMeaning } from "./money-actions.ts";

/**
 * Dead letters and callbacks still failing, what each action on them means for the player, and the
 * four-eyes approvals of those actions.
 */

interface Deps {
  callbacks: DeadLetterService;
  approvals: Approvals;
}

export function registerCallbackRoutes(scope: FastifyInstance, deps: Deps): void {
  scope.get<{ Querystring: { operatorId?: string } }>("/api/callbacks", async (request) => {
    const user = userOf(request);
    must(user, "callbacks.read");
    const asked = typeof request.query.operatorId === "string" ? request.query.operatorId : undefined;
    if (asked !== undefined) mustSee(user, asked);
    const operatorId = user.role === "platform_admin" ? asked : (user.operatorId ?? undefined);
    const callbacks = await deps.callbacks.list({
      dead: true,
      alerts: true,
      ...(operatorId !== undefined && { operatorId }),
    });
    return { callbacks };
  });

  scope.get<{ Params: { transactionId: string } }>("/api/callbacks/:transactionId", async (request) => {
    const user = userOf(request);
    must(user, "callbacks.read");
    const callback = await deps.approvals.callbackFor(user, request.params.transactionId);
    return {
      callback,
      actions: actionsFor(callback).map((action) => ({ action, meaning: moneyMeaning(action, callback) })),
    };
  });

  scope.post<{
    Params: { transactionId: string };
    Body: { action?: unknown; reason?: unknown; confirmed?: unknown };
  }>("/api/callbacks/:transactionId/actions", async (request, reply) => {
    const user = userOf(request);
    must(user, "callbacks.request");
    const body = request.body ?? {};
    const approval = await deps.approvals.request(user, {
      transactionId: request.params.transactionId,
      action: body.action,
      reason: body.reason,
      confirmed: body.confirmed,
    });
    return reply.code(201).send({ approval });
  });

  scope.get("/api/approvals", async (request) => {
    const user = userOf(request);
    must(user, "callbacks.read");
    return { approvals: await deps.approvals.list(user) };
  });

  scope.post<{ Params: { id: string } }>("/api/approvals/:id/approve", async (request) => {
    const user = userOf(request);
    must(user, "approvals.decide");
    return { approval: await deps.approvals.approve(user, request.params.id) };
  });

  scope.post<{ Params: { id: string }; Body: { reason?: unknown } }>(
    "/api/approvals/:id/reject",
    async (request) => {
      const user = userOf(request);
      must(user, "approvals.decide");
      return { approval: await deps.approvals.reject(user, request.params.id, request.body?.reason) };
    },
  );
}
