import { SIGNATURE_HEADERS, verifyRequest } from "@rgs/protocol/signing";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../../clock.ts";
import { type ReplayGuard, replayExpiry, replayKey } from "../../replay/replay-guard.ts";
import type { OperatorCredentials } from "../../store/operators-repository.ts";
import { sendError } from "../error-reply.ts";
import { parseVerifiedJsonBody, rawBodyOf, refuseMissingJsonBody } from "./raw-body.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The authenticated operator of an operator-API request (empty elsewhere). */
    operatorId: string;
  }
}

/** What authentication needs of the operator service. */
export interface CredentialSource {
  credentials(id: string): Promise<OperatorCredentials | undefined>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
}

/** One answer for a malformed and an unknown ID, so the API does not confirm which IDs exist. */
function unknownOperator(reply: FastifyReply): FastifyReply {
  return sendError(
    reply,
    "unknown_operator",
    "X-Operator-ID does not name an operator of this environment; check the operator ID you were given for it.",
  );
}

/**
 * Operator endpoints: no query string (the signature covers the path only, so a query would be
 * unsigned input), then authentication of X-Operator-ID / X-Timestamp / X-HMAC-SHA256 over the raw
 * body, then refusal of an exact replay of a POST, then JSON parsing. Register after the rate limit
 * so floods never reach the database. GETs may repeat: two identical reads within a second are honest.
 */
export function registerOperatorAuthentication(
  scope: FastifyInstance,
  deps: { operators: CredentialSource; clock: Clock; windowSeconds: number; replays: ReplayGuard },
): void {
  scope.decorateRequest("operatorId", "");

  scope.addHook("onRequest", async (request, reply) => {
    if ((request.raw.url ?? "").includes("?")) {
      return sendError(
        reply,
        "query_not_allowed",
        "Operator endpoints take no query string (it would not be covered by the signature); remove everything from the '?' on.",
      );
    }
  });

  scope.addHook("preValidation", async (request, reply) => {
    const missingBody = refuseMissingJsonBody(request, reply);
    if (missingBody !== undefined) return missingBody;

    const operatorId = singleHeader(request, SIGNATURE_HEADERS.operatorId);
    if (operatorId === undefined || operatorId === "") {
      return sendError(
        reply,
        "missing_operator_id",
        "The X-Operator-ID header is missing; send your operator ID (a UUID) with every request.",
      );
    }
    if (!UUID.test(operatorId)) return unknownOperator(reply);
    const credentials = await deps.operators.credentials(operatorId.toLowerCase());
    if (credentials === undefined) return unknownOperator(reply);

    const timestamp = singleHeader(request, SIGNATURE_HEADERS.timestamp);
    const signature = singleHeader(request, SIGNATURE_HEADERS.signature);
    const verdict = verifyRequest({
      secrets: credentials.acceptedSecrets,
      timestamp,
      signature,
      path: request.raw.url ?? "",
      body: rawBodyOf(request) ?? Buffer.alloc(0),
      nowSeconds: deps.clock.now() / 1000,
      windowSeconds: deps.windowSeconds,
    });
    if (!verdict.ok) return sendError(reply, verdict.reason, verdict.detail);
    if (request.method !== "GET" && request.method !== "HEAD" && timestamp && signature) {
      const first = await deps.replays.firstUse(
        replayKey(credentials.operatorId, timestamp, signature),
        replayExpiry(Number(timestamp), deps.windowSeconds),
      );
      if (!first) {
        return sendError(
          reply,
          "replayed_request",
          "This exact signed request (same timestamp and signature) was already received; sign each request, including each retry, with the current time, at least one second after the previous one.",
        );
      }
    }

    request.operatorId = credentials.operatorId;
    return parseVerifiedJsonBody(request, reply);
  });
}
