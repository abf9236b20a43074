import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../http/error-reply.ts";
import { BackofficeError } from "./backoffice-error.ts";
import { allows, isUuid, type Permission, seesOperator } from "./roles.ts";
import type { BackofficeSessions } from "./sessions.ts";
import type { BackofficeUser, BackofficeUsers } from "./users.ts";

/**
 * Who is asking: the session of the cookie (its user read again on every request, so a change of role
 * applies at once), and for every request that changes something the CSRF token of that session in
 * X-CSRF-Token. The cookie is SameSite=Strict as well; the token also covers a browser that ignores it.
 */

export const SESSION_COOKIE = "rgs_backoffice";
export const CSRF_HEADER = "x-csrf-token";

const signedIn = new WeakMap<FastifyRequest, { user: BackofficeUser; csrfToken: string }>();

export function userOf(request: FastifyRequest): BackofficeUser {
  const found = signedIn.get(request);
  if (!found) throw new Error("route served without the back office's sign-in guard");
  return found.user;
}

export function csrfTokenOf(request: FastifyRequest): string {
  return signedIn.get(request)?.csrfToken ?? "";
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/** Registers the guard on `scope`: every route of it needs a session, and a change the CSRF token. */
export function requireSession(
  scope: FastifyInstance,
  deps: { sessions: BackofficeSessions; users: BackofficeUsers },
): void {
  scope.addHook("preHandler", async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await deps.sessions.find(token) : ({ state: "unknown" } as const);
    if (session.state === "expired") {
      return sendError(reply, "session_expired", "Your session has ended: sign in again.");
    }
    const user = session.state === "active" ? await deps.users.find(session.userId) : undefined;
    if (session.state !== "active" || !user) {
      return sendError(reply, "unauthorized", "Sign in first.");
    }
    // Disabling ends the sessions too; this covers one opened by another instance in the same instant.
    if (user.disabledAt !== null) {
      return sendError(reply, "account_disabled", "This account is disabled: ask an admin of your operator.");
    }
    if (!SAFE_METHODS.has(request.method) && request.headers[CSRF_HEADER] !== session.csrfToken) {
      return sendError(
        reply,
        "csrf_token_invalid",
        "Send the CSRF token of your session in X-CSRF-Token with every change.",
      );
    }
    signedIn.set(request, { user, csrfToken: session.csrfToken });
  });
}

/** Refuses a role without `permission`. */
export function must(user: BackofficeUser, permission: Permission): void {
  if (!allows(user.role, permission)) {
    throw new BackofficeError("permission_denied", `Your role (${user.role}) cannot do this.`);
  }
}

/** Another operator's data does not exist for an operator's people: 404, never 403. */
export function mustSee(user: BackofficeUser, operatorId: string): void {
  if (!isUuid(operatorId) || !seesOperator(user, operatorId)) {
    throw new BackofficeError("unknown_operator", `No operator has the ID ${operatorId}.`);
  }
}
