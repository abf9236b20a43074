import type { FastifyInstance, FastifyReply } from "fastify";
import { csrfTokenOf, requireSession, SESSION_COOKIE, userOf } from "./guard.ts";
import { ABSOLUTE_HOURS, type BackofficeSessions } from "./sessions.ts";
import type { BackofficeUsers } from "./users.ts";

/**
 * Signing in and out, and the one-time code of one's own account. The session's cookie is HttpOnly (no
 * script reads it), Secure and SameSite=Strict; its CSRF token travels in the answers' bodies instead.
 */

interface Deps {
  users: BackofficeUsers;
  sessions: BackofficeSessions;
}

function setSessionCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "strict",
    maxAge: ABSOLUTE_HOURS * 3600,
  });
}

export function registerAuthRoutes(app: FastifyInstance, deps: Deps): void {
  app.post<{ Body: { username?: unknown; password?: unknown; totp?: unknown } }>(
    "/api/session",
    async (request, reply) => {
      const body = request.body ?? {};
      const user = await deps.users.signIn({
        username: body.username,
        password: body.password,
        totp: body.totp,
      });
      const session = await deps.sessions.open(user.id);
      setSessionCookie(reply, session.token);
      return reply.code(201).send({ user, csrfToken: session.csrfToken });
    },
  );

  app.register(async (scope) => {
    requireSession(scope, deps);
    scope.get("/api/session", async (request) => ({
      user: userOf(request),
      csrfToken: csrfTokenOf(request),
    }));
    scope.delete("/api/session", async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deps.sessions.close(token);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return reply.code(204).send();
    });
    scope.post<{ Body: { current?: unknown; next?: unknown } }>(
      "/api/session/password",
      async (request, reply) => {
        const body = request.body ?? {};
        await deps.users.changePassword(
          userOf(request),
          { current: body.current, next: body.next },
          request.cookies[SESSION_COOKIE] ?? "",
        );
        return reply.code(204).send();
      },
    );
    scope.post<{ Body: { code?: unknown } | undefined }>("/api/session/totp", async (request) =>
      deps.users.startTotp(userOf(request), request.body?.code),
    );
    scope.post<{ Body: { code?: unknown } }>("/api/session/totp/confirm", async (request) => ({
      user: await deps.users.confirmTotp(userOf(request), request.body?.code),
    }));
  });
}
