/**
 * GET /thumbnails/:file: each game's icon (`<slug>.svg`, drawn in packages/client/public/thumbnails), the
 * thumbnail the catalog publishes and the lobby shows. Exactly those files are served, read once at start:
 * the name must be a slug of the catalog, so no other file of the disk can be reached. Operators' lobbies on
 * other sites load them, so they may be embedded anywhere; as images they run nothing (a sandboxing CSP).
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { GAME_SLUGS } from "@rgs/protocol/catalog";
import type { FastifyInstance } from "fastify";
import { sendError } from "../error-reply.ts";

const DEFAULT_THUMBNAILS_DIR = fileURLToPath(
  new URL("../../../../client/public/thumbnails", import.meta.url),
);

/** Icons change rarely but keep their names: a month in caches, revalidated by ETag afterwards. */
const CACHE = "public, max-age=2592000";
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const FILE = /^([a-z0-9_]{1,64})\.svg$/;

interface Thumbnail {
  body: Buffer;
  etag: string;
}

/** The icons present in `dir`, by file name; a slug without its file is simply not served. */
async function loadThumbnails(dir: string): Promise<Map<string, Thumbnail>> {
  const found = new Map<string, Thumbnail>();
  for (const slug of GAME_SLUGS) {
    const name = `${slug}.svg`;
    const body = await readFile(path.join(dir, name)).catch(() => undefined);
    if (body === undefined) continue;
    found.set(name, {
      body,
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`,
    });
  }
  return found;
}

export async function registerThumbnails(app: FastifyInstance, deps: { dir?: string } = {}): Promise<void> {
  const thumbnails = await loadThumbnails(deps.dir ?? DEFAULT_THUMBNAILS_DIR);
  app.get<{ Params: { file: string } }>(
    "/thumbnails/:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const name = request.params.file;
      const thumbnail = FILE.test(name) ? thumbnails.get(name) : undefined;
      if (!thumbnail)
        return sendError(reply, "not_found", "No such thumbnail: the names are <game slug>.svg.");
      reply
        .header("cache-control", CACHE)
        .header("etag", thumbnail.etag)
        .header("content-security-policy", SVG_CSP)
        .header("cross-origin-resource-policy", "cross-origin");
      if (request.headers["if-none-match"] === thumbnail.etag) return reply.code(304).send();
      return reply.code(200).type("image/svg+xml").send(thumbnail.body);
    },
  );
}
