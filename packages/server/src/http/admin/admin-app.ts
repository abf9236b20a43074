import { adminErrorBody, type ErrorCode } from "@rgs/protocol/errors";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from "fastify";
import { ACTOR_HEADER, asActor, validActor } from "../../audit/actor.ts";
import type { AuditChain } from "../../audit/audit-chain.ts";
import type { AuditRecorder } from "../../audit/audit-log.ts";
import type { AuditTrail } from "../../audit/audit-trail.ts";
import { BackofficeError } from "../../backoffice/backoffice-error.ts";
import type { CertificationService } from "../../operators/certification-service.ts";
import { localOnboarding, type OnboardingApi, type OnboardingOperation } from "../../operators/onboarding.ts";
import { ONBOARDING_ROUTES } from "../../operators/onboarding-routes.ts";
import { OperatorError } from "../../operators/operator-error.ts";
import type { OperatorService } from "../../operators/operator-service.ts";
import type { PackService } from "../../operators/pack-service.ts";
import type { DeadLetterService } from "../../outbox/dead-letters.ts";
import type { HistoryMover } from "../../rounds/history-mover.ts";
import type { HistoryRetention } from "../../rounds/history-retention.ts";
import { tokenMatches } from "./admin-token.ts";

export { loadOrCreateAdminToken } from "./admin-token.ts";

const CREATES = new Set<OnboardingOperation>(["createOperator", "createPack", "createBackofficeUser"]);

/** Sends the one error shape, with the status and title the error catalogue gives the code here. */
function sendAdminError(reply: FastifyReply, code: ErrorCode, detail?: string): FastifyReply {
  const body = adminErrorBody(code, detail);
  return reply.code(body.status).send(body);
}

/** The code of a request Fastify refused before any route ran (a body too large, of another type, not JSON). */
function parserRefusal(status: number): ErrorCode {
  if (status === 413) return "payload_too_large";
  if (status === 415) return "unsupported_media_type";
  return "invalid_request";
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
  /** The GGR roll-up and the reconciliation (`reports rebuild`, `reconciliation`). */
  reports?: Parameters<typeof localOnboarding>[0]["reports"];
  /** The people of the back office (`admin create`). */
  backofficeUsers?: Parameters<typeof localOnboarding>[0]["backofficeUsers"];
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
    ...(deps.reports && { reports: deps.reports }),
    ...(deps.backofficeUsers && { backofficeUsers: deps.backofficeUsers }),
  });

  app.addHook("onRequest", async (request, reply) => {
    const header = request.headers.authorization;
    const token = typeof header === "string" && header.startsWith("Bearer ") ? header.slice(7) : undefined;
    if (token === undefined || !tokenMatches(token, deps.adminToken)) {
      return sendAdminError(
        reply,
        "unauthorized",
        "Send the admin token of DATA_DIR/admin.token as 'Authorization: Bearer <token>'.",
      );
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof OperatorError || error instanceof BackofficeError) {
      return sendAdminError(reply, error.code, error.message);
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return sendAdminError(reply, parserRefusal(status), (error as Error).message);
    }
    request.log.error({ err: error }, "admin request failed");
    return sendAdminError(reply, "internal_error");
  });

  app.setNotFoundHandler((request, reply) =>
    sendAdminError(reply, "not_found", `No admin route ${request.method} ${request.url.split("?")[0]}.`),
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
          return sendAdminError(reply, "invalid_request", "The request body must be a JSON object.");
        }
        const args = { ...payload, ...(request.params as Record<string, string>) };
        const call = api[operation] as (args: unknown) => ReturnType<OnboardingApi[OnboardingOperation]>;
        const result = await asActor(actorOf(request.headers[ACTOR_HEADER]), () => call(args));
        return reply.code(CREATES.has(operation) ? 201 : 200).send(result);
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
