import type { ErrorCode } from "@rgs/protocol/errors";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GameError } from "../../game-error.ts";
import { isStoreUnavailable } from "../../store/unavailable.ts";
import { sendError, sendGameError, sendRetryableError } from "../error-reply.ts";
import { describeValidationError } from "../validation-detail.ts";
import { INVALID_ENCODING, UNSUPPORTED_CHARSET } from "./utf8-json.ts";

/** Fastify's own client errors, each mapped to the code and wording of the API. */
const FRAMEWORK_ERRORS: Readonly<Record<string, { code: ErrorCode; detail: (limit: number) => string }>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "unsupported_media_type",
    detail: () => "Send the request body as JSON with the header Content-Type: application/json.",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: "payload_too_large",
    detail: (limit) => `The request body is larger than ${limit} bytes.`,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: "invalid_request",
    detail: () => "The Content-Length header does not match the body that was sent.",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: "malformed_json",
    detail: () => "The body is empty although Content-Type is application/json.",
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "malformed_json", detail: () => "The body is not valid JSON." },
  [UNSUPPORTED_CHARSET]: {
    code: "unsupported_charset",
    detail: () =>
      "Bodies are JSON in UTF-8: send Content-Type: application/json (a charset parameter, if any, must be utf-8).",
  },
  [INVALID_ENCODING]: {
    code: "invalid_encoding",
    detail: () => "The body is not valid UTF-8; send JSON encoded in UTF-8.",
  },
};

/** Other 4xx statuses raised by the framework or a plugin, by status. */
const STATUS_CODES: Readonly<Record<number, ErrorCode>> = {
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limit_exceeded",
};

function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? "/";
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function quotePath(path: string): string {
  return JSON.stringify(path.length > 200 ? `${path.slice(0, 200)}…` : path);
}

/**
 * Errors Fastify raises before routing (a path parameter over its length limit, a malformed URL),
 * in the one error shape and without the path, which the framework's own message would repeat.
 * No hook runs for these answers, so the security headers and the request id are set here.
 */
export function frameworkErrorHandler(securityHeaders: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    reply.headers({ ...securityHeaders, "x-request-id": request.id });
    switch (error.code) {
      case "FST_ERR_MAX_PARAM_LENGTH":
        return sendError(
          reply,
          "uri_too_long",
          "A segment of the request path is longer than this API accepts.",
        );
      case "FST_ERR_BAD_URL":
        return sendError(
          reply,
          "invalid_request",
          "The request path is not a valid URL (malformed percent-encoding).",
        );
      default:
        return sendError(reply, "invalid_request", "The request could not be routed.");
    }
  };
}

/**
 * One error shape for every failure: framework errors, schema validation, refusals of the round
 * engine (GameError), unknown paths, wrong methods and unexpected exceptions. A 5xx never reveals its cause to the client; it is logged with
 * the request id, which the answer quotes so the operator can report it.
 */
export function registerErrorHandling(app: FastifyInstance, opts: { bodyLimitBytes: number }): void {
  const methodsByPath = new Map<string, Set<string>>();
  app.addHook("onRoute", (route) => {
    if (route.url.includes(":") || route.url.includes("*")) return;
    const methods = methodsByPath.get(route.url) ?? new Set<string>();
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) methods.add(method);
    methodsByPath.set(route.url, methods);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request);
    const allowed = methodsByPath.get(path);
    if (allowed !== undefined && allowed.size > 0) {
      const list = [...allowed].sort().join(", ");
      reply.header("allow", list);
      return sendError(
        reply,
        "method_not_allowed",
        `${request.method} is not supported on ${quotePath(path)}; allowed: ${list}.`,
      );
    }
    return sendError(reply, "not_found", `There is no endpoint at ${quotePath(path)}.`);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof GameError) return sendGameError(reply, error);
    if (error.validation) {
      return sendError(
        reply,
        "invalid_request",
        describeValidationError(error.validation, error.validationContext ?? "body"),
      );
    }
    const known = FRAMEWORK_ERRORS[error.code];
    if (known !== undefined) return sendError(reply, known.code, known.detail(opts.bodyLimitBytes));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, STATUS_CODES[status] ?? "invalid_request");
    }
    if (isStoreUnavailable(error)) {
      request.log.warn({ err: error }, "the store is unreachable");
      return sendRetryableError(
        reply,
        "store_unavailable",
        "The server cannot reach its database for a moment; nothing was lost. Retry shortly (with the same Idempotency-Key for a bet or action).",
      );
    }
    request.log.error({ err: error }, "request failed");
    return sendError(
      reply,
      "internal_error",
      `The server could not complete the request; quote request id ${request.id} when reporting it.`,
    );
  });
}
