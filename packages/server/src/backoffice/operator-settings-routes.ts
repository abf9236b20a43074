import { renderHtml } from "@rgs/tester";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { CertificationService } from "../operators/certification-service.ts";
import type { OnboardingApi, OperatorFieldsJson } from "../operators/onboarding.ts";
import type { Store } from "../store/database.ts";
import { BackofficeError } from "./backoffice-error.ts";
import { must, mustSee, userOf } from "./guard.ts";
import { reporting } from "./reporting-refusals.ts";
import { EDITABLE_SETTINGS, OPERATOR_ADMIN_SETTINGS } from "./roles.ts";
import type { BackofficeUser } from "./users.ts";

/** The CLI's operations on operators, which the back office runs too (operators/onboarding.ts). */
export type OperatorOperations = Pick<
  OnboardingApi,
  "createOperator" | "updateOperator" | "rotateSecret" | "certificationReport"
>;

/**
 * A tester report opened in the browser: the tester's own page, inline styles and no scripts
 * (docs/tester.md), sandboxed so that nothing in it acts with the back office's session.
 */
const REPORT_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "sandbox",
].join("; ");

const TESTER_INPUTS = ["playerId", "secondPlayerId", "currency", "freeRounds"] as const;

type Params = { operatorId: string };

/**
 * Changes to operators from the back office (docs/back-office.md, "Operator"): creating one, editing its
 * settings, moving its callback URL, rotating its secret and running the tester against its wallet. Each
 * goes through the operations the CLI runs, so the checks, codes and audit records are the same.
 */
export function registerOperatorSettingsRoutes(
  scope: FastifyInstance,
  deps: {
    operators: OperatorOperations;
    certifications: Pick<CertificationService, "start">;
    store: Pick<Store, "reporting">;
    log: FastifyBaseLogger;
  },
): void {
  scope.post<{ Body: unknown }>("/api/operators", async (request, reply) => {
    must(userOf(request), "operators.create");
    // The values are the operator service's to check (operators/validation.ts), as they are from the CLI.
    const body = fieldsOf(request.body, ["callbackUrl", ...EDITABLE_SETTINGS]) as OperatorFieldsJson;
    const created = await deps.operators.createOperator({ ...body, name: body.name as string });
    return reply.code(201).send(created);
  });

  scope.post<{ Params: Params; Body: unknown }>("/api/operators/:operatorId/settings", async (request) => {
    const user = userOf(request);
    must(user, "operators.edit");
    mustSee(user, request.params.operatorId);
    const fields = fieldsOf(request.body, EDITABLE_SETTINGS) as OperatorFieldsJson;
    refuseOutsideRole(user, Object.keys(fields));
    return { operator: await deps.operators.updateOperator({ ...fields, id: request.params.operatorId }) };
  });

  scope.get<{ Params: Params }>("/api/operators/:operatorId/pending-callbacks", async (request) => {
    const user = userOf(request);
    must(user, "operators.callback_url");
    mustSee(user, request.params.operatorId);
    return pendingCallbacks(deps.store, request.params.operatorId);
  });

  scope.post<{ Params: Params; Body: unknown }>(
    "/api/operators/:operatorId/callback-url",
    async (request) => {
      const user = userOf(request);
      must(user, "operators.callback_url");
      mustSee(user, request.params.operatorId);
      const { callbackUrl } = fieldsOf(request.body, ["callbackUrl"]) as OperatorFieldsJson;
      if (callbackUrl === undefined) {
        throw new BackofficeError("invalid_callback_url", "Send the new callback URL as callbackUrl.");
      }
      return {
        operator: await deps.operators.updateOperator({ id: request.params.operatorId, callbackUrl }),
      };
    },
  );

  scope.post<{ Params: Params; Body: unknown }>(
    "/api/operators/:operatorId/secret",
    async (request, reply) => {
      const user = userOf(request);
      must(user, "operators.rotate_secret");
      mustSee(user, request.params.operatorId);
      fieldsOf(request.body ?? {}, []);
      // The secret goes to this answer only: the audit record of the rotation never holds it.
      const rotation = await deps.operators.rotateSecret({ id: request.params.operatorId });
      return reply.code(201).send(rotation);
    },
  );

  scope.post<{ Params: Params; Body: unknown }>(
    "/api/operators/:operatorId/certifications",
    async (request, reply) => {
      const user = userOf(request);
      must(user, "operators.certify");
      const { operatorId } = request.params;
      mustSee(user, operatorId);
      const inputs = testerInputs(request.body);
      // Refusals (no callback URL, a run already going, too many runs) come before the answer; the run
      // itself goes on after it, and its record shows on the operator's page when it is over.
      const { done } = await deps.certifications.start({ operatorId, ...inputs });
      done.catch((error: unknown) =>
        deps.log.error({ err: error, operatorId }, "a tester run started from the back office failed"),
      );
      return reply.code(202).send({ running: true });
    },
  );

  scope.get<{ Params: Params & { certificationId: string } }>(
    "/api/operators/:operatorId/certifications/:certificationId/report",
    async (request, reply) => {
      const user = userOf(request);
      must(user, "operators.certify");
      const { operatorId, certificationId } = request.params;
      mustSee(user, operatorId);
      const report = await deps.operators.certificationReport({
        id: operatorId,
        certification: certificationId,
      });
      return reply
        .header("content-security-policy", REPORT_CSP)
        .type("text/html; charset=utf-8")
        .send(renderHtml(report));
    },
  );
}

/** The body as an object of the named fields only: anything else is a mistake worth saying. */
function fieldsOf<K extends string>(body: unknown, allowed: readonly K[]): Partial<Record<K, unknown>> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new BackofficeError("invalid_request", "Send the fields as a JSON object.");
  }
  const unknown = Object.keys(body).filter((key) => !(allowed as readonly string[]).includes(key));
  if (unknown.length > 0) {
    throw new BackofficeError(
      "invalid_request",
      `Unknown field${unknown.length > 1 ? "s" : ""}: ${unknown.slice(0, 5).join(", ").slice(0, 200)}. Fields: ${allowed.join(", ") || "none"}.`,
    );
  }
  return body as Partial<Record<K, unknown>>;
}

/** An operator admin changes only the settings of OPERATOR_ADMIN_SETTINGS. */
function refuseOutsideRole(user: BackofficeUser, fields: string[]): void {
  if (user.role === "platform_admin") return;
  const refused = fields.filter((field) => !(OPERATOR_ADMIN_SETTINGS as readonly string[]).includes(field));
  if (refused.length > 0) {
    throw new BackofficeError(
      "permission_denied",
      `Only a platform admin changes ${refused.join(", ")}; you may change ${OPERATOR_ADMIN_SETTINGS.join(", ")}.`,
    );
  }
}

function testerInputs(body: unknown): {
  playerId: string;
  secondPlayerId?: string;
  currency?: string;
  freeRounds?: boolean;
} {
  const fields = fieldsOf(body, TESTER_INPUTS);
  // The tester's own checks name what is wrong with each value (certification-service.ts).
  const text = (value: unknown) => (value === "" || value === undefined ? undefined : (value as string));
  const secondPlayerId = text(fields.secondPlayerId);
  const currency = text(fields.currency);
  if (fields.freeRounds !== undefined && typeof fields.freeRounds !== "boolean") {
    throw new BackofficeError("invalid_request", "freeRounds is true or false.");
  }
  return {
    playerId: fields.playerId as string,
    ...(secondPlayerId !== undefined && { secondPlayerId }),
    ...(currency !== undefined && { currency }),
    ...(fields.freeRounds === true && { freeRounds: true }),
  };
}

/** The callbacks still waiting to reach the operator's wallet: they go to the new URL once it is saved. */
async function pendingCallbacks(
  store: Pick<Store, "reporting">,
  operatorId: string,
): Promise<{ count: number; oldestAt: string | null }> {
  const row = await reporting(() =>
    store.reporting.run(operatorId, (db) =>
      db
        .selectFrom("wallet_transactions as t")
        .innerJoin("rounds as r", "r.id", "t.round_id")
        .select([
          sql<number>`count(*)::int`.as("count"),
          sql<Date | string | null>`min(t.created_at)`.as("oldest"),
        ])
        .where("r.operator_id", "=", operatorId)
        .where("t.status", "=", "pending")
        .executeTakeFirstOrThrow(),
    ),
  );
  return {
    count: Number(row.count),
    oldestAt: row.oldest === null ? null : new Date(row.oldest).toISOString(),
  };
}
