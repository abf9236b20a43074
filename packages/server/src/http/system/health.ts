import { OPERATOR_API_VERSION } from "@rgs/protocol/operator-api";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
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

/** Liveness (the process answers) and readiness (it can reach its store) for load balancers. */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { store: Store; environment: string },
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
        summary: "Readiness: 200 when the store answers, 503 otherwise",
        operationId: "getReadiness",
        tags: ["service"],
        security: [],
        response: {
          200: { ...Health, description: "Ready to serve." },
          503: { ...Health, description: "The store does not answer." },
        },
      },
    },
    async (_request, reply) => {
      if (await storeReachable(deps.store)) return body("ready");
      return reply.code(503).send(body("unavailable"));
    },
  );
}
