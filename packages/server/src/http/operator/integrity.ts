import { IntegrityResponse } from "@rgs/protocol/operator-api";
import type { FastifyInstance } from "fastify";
import type { AuditKey } from "../../audit/audit-keys.ts";
import type { IntegrityManifest } from "../../integrity/integrity-manifest.ts";
import { OPERATOR_ERROR_RESPONSES, OPERATOR_SECURITY } from "./route-schema.ts";

export function registerIntegrityRoute(
  scope: FastifyInstance,
  deps: { integrity: () => Promise<IntegrityManifest>; auditKey: AuditKey },
): void {
  scope.get(
    "/operator/integrity",
    {
      schema: {
        summary: "Digests of the software this server runs, and the key of its audit trail",
        description:
          "What a test laboratory certifies and you can check: the SHA-256 of each package's sources, of the lock file's dependency hashes, of the built game client and of each game's rules and paytables, taken from the files the server runs when it started. docs/audit.md gives the commands that reproduce each digest from a release. The same digests are in the server's start record in the audit trail.",
        operationId: "getIntegrity",
        tags: ["operator"],
        security: OPERATOR_SECURITY,
        response: {
          200: { ...IntegrityResponse, description: "The digests, and the audit trail's public key." },
          ...OPERATOR_ERROR_RESPONSES,
        },
      },
    },
    async () => {
      const manifest = await deps.integrity();
      return {
        digest: manifest.digest,
        serverVersion: manifest.serverVersion,
        apiVersion: manifest.apiVersion,
        computedAt: manifest.computedAt,
        parts: manifest.parts.map(({ kind, name, path, digest, files }) => ({
          kind,
          name,
          path,
          digest,
          files,
        })),
        auditKey: {
          keyId: deps.auditKey.keyId,
          algorithm: "Ed25519" as const,
          publicKey: deps.auditKey.publicKeyPem,
        },
      };
    },
  );
}
