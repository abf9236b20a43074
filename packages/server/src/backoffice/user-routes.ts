import type { FastifyInstance } from "fastify";
import { BackofficeError } from "./backoffice-error.ts";
import { must, mustSee, userOf } from "./guard.ts";
import type { BackofficeUsers } from "./users.ts";

/** Creating people: a platform admin anyone, an operator admin the support and finance of its own operator. */
export function registerUserRoutes(scope: FastifyInstance, deps: { users: BackofficeUsers }): void {
  scope.post<{ Body: { username?: unknown; password?: unknown; role?: unknown; operatorId?: unknown } }>(
    "/api/users",
    async (request, reply) => {
      const user = userOf(request);
      must(user, "users.manage");
      const body = request.body ?? {};
      if (user.role !== "platform_admin") {
        if (body.role !== "support" && body.role !== "finance") {
          throw new BackofficeError(
            "permission_denied",
            "An operator admin creates support and finance people.",
          );
        }
        if (typeof body.operatorId === "string") mustSee(user, body.operatorId);
      }
      const created = await deps.users.create({
        username: body.username,
        password: body.password,
        role: body.role,
        operatorId: user.role === "platform_admin" ? body.operatorId : user.operatorId,
      });
      return reply.code(201).send({ user: created });
    },
  );
}
