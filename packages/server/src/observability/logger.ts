import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyRequest, FastifyServerOptions } from "fastify";

export type LoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

/** What replaces every secret in the logs. */
export const REDACTED = "[REDACTED]";

/** Object keys whose values are never logged, at any of the first four levels of a logged object. */
const SENSITIVE_FIELDS = [
  "secret",
  "hmacSecret",
  "secretKey",
  "callbackSecret",
  "acceptedSecrets",
  "sessionToken",
  "token",
  "adminToken",
  "password",
] as const;

/** Request headers that carry credentials or signatures. */
const SENSITIVE_HEADERS = ["x-hmac-sha256", "authorization", "cookie", "x-admin-token"] as const;

const SENSITIVE_QUERY = /([?&#;](?:sessionToken|token)=)[^&#;\s"']*/gi;

/** Replaces the values of `sessionToken` and `token` query parameters; works on any text containing URLs. */
export function redactUrl(url: string): string {
  return url.replace(SENSITIVE_QUERY, `$1${REDACTED}`);
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify `genReqId`: keeps the caller's `X-Request-ID` when it is a short plain token, so logs on
 * both sides correlate, and otherwise (absent, too long, or anything that could forge log content)
 * generates a UUID.
 */
export function genReqId(req: IncomingMessage): string {
  const sent = req.headers["x-request-id"];
  return typeof sent === "string" && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

function redactPaths(): string[] {
  const paths: string[] = [];
  for (const field of SENSITIVE_FIELDS) {
    paths.push(field, `*.${field}`, `*.*.${field}`, `*.*.*.${field}`);
  }
  for (const header of SENSITIVE_HEADERS) {
    paths.push(`headers["${header}"]`, `*.headers["${header}"]`, `*.*.headers["${header}"]`);
  }
  return paths;
}

/**
 * Options for Fastify's `logger` option (not `loggerInstance`, which takes a ready pino instance):
 * `Fastify({ logger: loggerOptions({ level }), genReqId })`. Lines are JSON; Fastify adds the request
 * id (`reqId`) to every line logged through `request.log`. Secrets are replaced by `[REDACTED]`:
 * credential headers, sensitive fields of logged objects, and session tokens in URLs, including
 * inside message strings such as Fastify's "Route GET:/... not found".
 */
export function loggerOptions(opts: { level: string; stream?: NodeJS.WritableStream }): LoggerOptions {
  return {
    level: opts.level,
    ...(opts.stream ? { stream: opts.stream } : {}),
    redact: { paths: redactPaths(), censor: REDACTED },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((arg: unknown) => (typeof arg === "string" ? redactUrl(arg) : arg));
        method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
}
