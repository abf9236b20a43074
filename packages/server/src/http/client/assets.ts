/** GET /assets/*: the client's hashed files, cached for a year (a new build has new names). */
import type { FastifyInstance } from "fastify";
import { sendError } from "../error-reply.ts";
import type { ClientBuild } from "./client-build.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

export function registerAssets(app: FastifyInstance, deps: { build: ClientBuild }): void {
  app.get<{ Params: { name: string } }>(
    "/assets/:name",
    { schema: { hide: true } },
    async (request, reply) => {
      const asset = await deps.build.asset(request.params.name);
      if (!asset) return sendError(reply, "not_found", "No such asset.");
      return reply.code(200).header("cache-control", IMMUTABLE).type(asset.contentType).send(asset.body);
    },
  );
}
