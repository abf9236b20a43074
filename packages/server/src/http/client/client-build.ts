/**
 * The built game client (packages/client/dist, `npm run build:client`): its HTML shell, its hashed assets,
 * and from Vite's manifest the games whose views the build contains.
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const DEFAULT_CLIENT_DIST = fileURLToPath(new URL("../../../../client/dist", import.meta.url));

/** Vite writes every asset under assets/ with a content hash in its name; nothing else is served from there. */
const ASSET_NAME = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.(js|css|svg|png|webp|woff2|json|txt)$/;

const CONTENT_TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  webp: "image/webp",
  woff2: "font/woff2",
  json: "application/json; charset=utf-8",
  txt: "text/plain; charset=utf-8",
};

export class ClientBuild {
  readonly distDir: string;

  constructor(distDir: string = DEFAULT_CLIENT_DIST) {
    this.distDir = path.resolve(distDir);
  }

  /** The HTML shell, or undefined when the client has not been built. */
  async indexHtml(): Promise<string | undefined> {
    return readFile(path.join(this.distDir, "index.html"), "utf8").catch(() => undefined);
  }

  /** An asset by its file name under assets/, or undefined for anything else. */
  async asset(name: string): Promise<{ body: Buffer; contentType: string } | undefined> {
    const match = ASSET_NAME.exec(name);
    const extension = match?.[1];
    if (!extension) return undefined;
    const file = path.join(this.distDir, "assets", name);
    try {
      if (!(await stat(file)).isFile()) return undefined;
      return {
        body: await readFile(file),
        contentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
      };
    } catch {
      return undefined;
    }
  }

  /** Slugs with a game view in this build (from Vite's manifest); undefined when there is no manifest. */
  async viewSlugs(): Promise<Set<string> | undefined> {
    let manifest: Record<string, unknown>;
    try {
      manifest = JSON.parse(
        await readFile(path.join(this.distDir, ".vite", "manifest.json"), "utf8"),
      ) as Record<string, unknown>;
    } catch {
      return undefined;
    }
    const slugs = new Set<string>();
    for (const source of Object.keys(manifest)) {
      const slug = /^src\/views\/([a-z0-9_]+)\/index\.tsx$/.exec(source)?.[1];
      if (slug) slugs.add(slug);
    }
    return slugs;
  }
}
