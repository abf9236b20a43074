import type { FastifyInstance } from "fastify";
import type { Lifecycle } from "../../shutdown/lifecycle.ts";
import { sendRetryableError } from "../error-reply.ts";

/** Probes keep answering while the instance stops: readiness says why it is not ready, liveness that it lives. */
const PROBES = new Set(["/healthz", "/readyz"]);

/**
 * Ties the HTTP server to the instance's lifecycle: every route's handler is counted in flight until it
 * ends; once the instance refuses new requests they are answered 503 `shutting_down` (Retry-After,
 * Connection: close, so the client's next attempt opens a connection the balancer sends elsewhere); and
 * from the moment it drains every answer closes its connection.
 */
export function registerLifecycle(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook("onRoute", (route) => {
    const handler = route.handler;
    route.handler = function tracked(this: unknown, request, reply) {
      return lifecycle.track(handler.call(this as FastifyInstance, request, reply));
    };
  });
  app.addHook("onRequest", async (request, reply) => {
    if (lifecycle.phase !== "refusing" || PROBES.has(request.url.split("?")[0] ?? "")) return;
    reply.header("connection", "close");
    return sendRetryableError(
      reply,
      "shutting_down",
      "This server instance is shutting down; send the request again (a bet or an action with the same Idempotency-Key).",
    );
  });
  app.addHook("onSend", async (_request, reply) => {
    if (lifecycle.phase !== "serving") reply.header("connection", "close");
  });
}
