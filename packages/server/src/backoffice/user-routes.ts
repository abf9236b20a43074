import type { FastifyInstance } from "fastify";
import { BackofficeError } from "./backoffice-error.ts";
import { must, mustSee, userOf } from "./guard.ts";
import { generatedPassword } from "./passwords.ts";
import type { BackofficeUsers } from "./users.ts";

/**
 * The people of the back office: a platform admin sees and creates anyone, an operator admin its own
 * operator's people and creates their support and finance. Without a password, one is generated and answered
 * once, for the creator to hand over. Disabling a person ends their sessions at once; enabling them again
 * lets them sign in with the password they had.
 */
export function registerUserRoutes(scope: FastifyInstance, deps: { users: BackofficeUsers }): void {
  scope.get("/api/users", async (request) => {
    const user = userOf(request);
    must(user, "users.manage");
    const mine = user.role === "platform_admin" ? {} : { operatorId: user.operatorId ?? "" };
    return { users: await deps.users.list(mine) };
  });

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
      const generated = body.password === undefined ? generatedPassword() : undefined;
      const created = await deps.users.create({
        username: body.username,
        password: generated ?? body.password,
        role: body.role,
        operatorId: user.role === "platform_admin" ? body.operatorId : user.operatorId,
      });
      return reply.code(201).send({ user: created, ...(generated !== undefined && { password: generated }) });
    },
  );

  for (const [path, disabled] of [
    ["/api/users/:id/disable", true],
    ["/api/users/:id/enable", false],
  ] as const) {
    scope.post<{ Params: { id: string } }>(path, async (request) => {
      const user = userOf(request);
      must(user, "users.manage");
      return { user: await deps.users.setDisabled(user, request.params.id, disabled) };
    });
  }
}
