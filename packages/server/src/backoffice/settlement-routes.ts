import type { FastifyInstance } from "fastify";
import type { Approvals } from "./approvals.ts";
import { must, mustSee, userOf } from "./guard.ts";

/**
 * Settling a stuck round through the sweeper's abandon rule: what it gives the player, and the request of
 * it, which takes effect once a second platform admin approves it on the Approvals page.
 */

type Params = { operatorId: string; roundId: string };

export function registerSettlementRoutes(scope: FastifyInstance, deps: { approvals: Approvals }): void {
  scope.get<{ Params: Params }>("/api/operators/:operatorId/rounds/:roundId/settlement", async (request) => {
    const user = userOf(request);
    must(user, "rounds.read");
    mustSee(user, request.params.operatorId);
    const { preview, meaning } = await deps.approvals.settlementFor(
      user,
      request.params.operatorId,
      request.params.roundId,
    );
    return { settlement: { roundId: preview.roundId, status: preview.status, meaning } };
  });

  scope.post<{ Params: Params; Body: { reason?: unknown; confirmed?: unknown } }>(
    "/api/operators/:operatorId/rounds/:roundId/settlement",
    async (request, reply) => {
      const user = userOf(request);
      must(user, "rounds.settle");
      mustSee(user, request.params.operatorId);
      const approval = await deps.approvals.requestSettlement(user, {
        ...request.params,
        reason: request.body?.reason,
        confirmed: request.body?.confirmed,
      });
      return reply.code(201).send({ approval });
    },
  );
}
