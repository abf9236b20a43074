import type { ErrorBody } from "@rgs/protocol/errors";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { ACTOR_HEADER, asActor, validActor } from "../../audit/actor.ts";
import type { AuditChain } from "../../audit/audit-chain.ts";
import type { AuditRecorder } from "../../audit/audit-log.ts";
import type { AuditTrail } from "../../audit/audit-trail.ts";
import type { CertificationService } from "../../operators/certification-service.ts";
import {
  localOnboarding,
  ONBOARDING_ROUTES,
  type OnboardingApi,
  type OnboardingOperation,
} from "../../operators/onboarding.ts";
import { OperatorError, operatorErrorStatus } from "../../operators/operator-error.ts";
import type { OperatorService } from "../../operators/operator-service.ts";
import type { PackService } from "../../operators/pack-service.ts";
import type { DeadLetterService } from "../../outbox/dead-letters.ts";
import type { HistoryMover } from "../../rounds/history-mover.ts";
import type { HistoryRetention } from "../../rounds/history-retention.ts";
import { tokenMatches } from "./admin-token.ts";

export { loadOrCreateAdminToken } from "./admin-token.ts";

const TITLES: Record<number, string> = {
  400: "Invalid request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  409: "Conflict",
  413: "Payload too large",
  415: "Unsupported media type",
  500: "Internal server error",
};

function body(status: number, code: string, detail?: string): ErrorBody {
  return { status, title: TITLES[status] ?? "Error", code, ...(detail !== undefined && { detail }) };
}

/**
 * The admin interface the CLI uses while the server holds the data directory: the onboarding
 * operations as JSON routes (ONBOARDING_ROUTES), each requiring `Authorization: Bearer <admin token>`.
 * Not listening by itself: the caller feeds it the connections of the lock socket. Responses may
 * carry operator secrets, so request and response bodies are never logged.
 */
export async function buildAdminApp(deps: {
  operators: OperatorService;
  packs: PackService;
  /** Dead letters and alerts of the wallet callback outbox (`callbacks` CLI commands). */
  callbacks?: DeadLetterService;
  /** Certification runs of operators (`operator certify` and `operator certifications`). */
  certifications?: CertificationService;
  /** The audit trail (`audit list`). */
  audit?: AuditTrail;
  /** Its seals (`audit verify`, `audit export`, `audit head`). */
  auditChain?: AuditChain;
  /** Where the history commands are recorded. */
  auditLog?: AuditRecorder;
  /** Moves finished rounds to the history tables (`history move`). */
  history?: HistoryMover;
  /** Exports and drops archived months (`history export`, `history drop`). */
  retention?: HistoryRetention;
  adminToken: string;
  logger?: FastifyServerOptions["logger"];
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: deps.logger ?? false, bodyLimit: 256 * 1024 });
  const api = localOnboarding({
    operators: deps.operators,
    packs: deps.packs,
    ...(deps.callbacks && { callbacks: deps.callbacks }),
    ...(deps.certifications && { certifications: deps.certifications }),
    ...(deps.audit && { audit: deps.audit }),
    ...(deps.auditChain && { auditChain: deps.auditChain }),
    ...(deps.auditLog && { auditLog: deps.auditLog }),
    ...(deps.history && { history: deps.history }),
    ...(deps.retention && { retention: deps.retention }),
  });

  app.addHook("onRequest", async (request, reply) => {
    const header = request.headers.authorization;
    const token = typeof header === "string" && header.startsWith("Bearer ") ? header.slice(7) : undefined;
    if (token === undefined || !tokenMatches(token, deps.adminToken)) {
      return reply
        .code(401)
        .send(
          body(
            401,
            "unauthorized",
            "Send the admin token of DATA_DIR/admin.token as 'Authorization: Bearer <token>'.",
          ),
        );
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof OperatorError) {
      const status = operatorErrorStatus(error.code);
      return reply.code(status).send(body(status, error.code, error.message));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send(body(status, "invalid_request", (error as Error).message));
    }
    request.log.error({ err: error }, "admin request failed");
    return reply.code(500).send(body(500, "internal_error"));
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(body(404, "not_found", `No admin route ${request.method} ${request.url.split("?")[0]}.`)),
  );

  for (const [operation, route] of Object.entries(ONBOARDING_ROUTES) as [
    OnboardingOperation,
    (typeof ONBOARDING_ROUTES)[OnboardingOperation],
  ][]) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const payload = request.body ?? {};
        if (typeof payload !== "object" || Array.isArray(payload) || payload === null) {
          return reply
            .code(400)
            .send(body(400, "invalid_request", "The request body must be a JSON object."));
        }
        const args = { ...payload, ...(request.params as Record<string, string>) };
        const call = api[operation] as (args: unknown) => ReturnType<OnboardingApi[OnboardingOperation]>;
        const result = await asActor(actorOf(request.headers[ACTOR_HEADER]), () => call(args));
        return reply
          .code(operation === "createOperator" || operation === "createPack" ? 201 : 200)
          .send(result);
      },
    });
  }

  await app.ready();
  return app;
}

/**
 * Who the CLI says runs the command (its shell's account). Whoever holds the admin token may name anyone,
 * as with `--by`: the record keeps the claim. Absent or unreadable: someone holding the token.
 */
function actorOf(header: string | string[] | undefined): string {
  try {
    return validActor(decodeURIComponent(typeof header === "string" ? header : ""));
  } catch {
    return "admin:unknown";
  }
}
