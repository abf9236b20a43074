import { OPERATOR_API_VERSION } from "@rgs/protocol/operator-api";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Lifecycle } from "../../shutdown/lifecycle.ts";
import type { Store } from "../../store/database.ts";

const READINESS_TIMEOUT_MS = 2000;

const Health = Type.Object({
  status: Type.String(),
  environment: Type.String(),
  version: Type.String({ description: "Operator API version." }),
});

async function storeReachable(store: Store): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS);
  });
  const probe = sql`select 1`.execute(store.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (the process answers) and readiness (it can reach its store and is not stopping) for load
 * balancers. A stopping instance stays live, so it is not killed before it has finished its requests.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { store: Store; environment: string; lifecycle?: Lifecycle },
): void {
  const body = (status: string) => ({ status, environment: deps.environment, version: OPERATOR_API_VERSION });
  app.get(
    "/healthz",
    {
      schema: {
        summary: "Liveness",
        operationId: "getHealth",
        tags: ["service"],
        security: [],
        response: { 200: { ...Health, description: "The process answers." } },
      },
    },
    async () => body("ok"),
  );
  app.get(
    "/readyz",
    {
      schema: {
        summary:
          "Readiness: 200 when the store answers; 503 `unavailable` when it does not, `draining` once the instance is shutting down",
        operationId: "getReadiness",
        tags: ["service"],
        security: [],
        response: {
          200: { ...Health, description: "Ready to serve." },
          503: {
            ...Health,
            description:
              "status `unavailable`: the store does not answer; `draining`: the instance is shutting down (SIGTERM), send no more requests to it.",
          },
        },
      },
    },
    async (_request, reply) => {
      if (deps.lifecycle !== undefined && deps.lifecycle.phase !== "serving") {
        return reply.code(503).send(body("draining"));
      }
      if (await storeReachable(deps.store)) return body("ready");
      return reply.code(503).send(body("unavailable"));
    },
  );
}
