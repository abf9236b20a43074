/**
 * The built game client (packages/client/dist, which the RGS serves), made only when its sources changed: a
 * SHA-256 of every file the build reads (the client's sources, its public files, and the @rgs/games and
 * @rgs/protocol sources it bundles, with the lock file's dependency versions) is kept in dist/.sources, and a
 * build with the same digest is skipped. `npm start` and the browser suites share this; a lock in the system's
 * temporary directory makes concurrent callers wait for one build instead of writing dist/ together.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const CLIENT_ROOT = fileURLToPath(new URL("..", import.meta.url));
const REPO = path.resolve(CLIENT_ROOT, "../..");

/** Everything the client's build reads, relative to the repository. */
export const BUILD_INPUTS: readonly string[] = [
  "packages/client/src",
  "packages/client/public",
  "packages/client/index.html",
  "packages/client/vite.config.ts",
  "packages/games/src",
  "packages/protocol/src",
  "package-lock.json",
];

/** A lock older than this belongs to a process that died while building. */
const STALE_LOCK_MS = 180_000;

function files(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry).flatMap((name) => files(path.join(entry, name)));
}

/** The digest of the build's inputs under `repo`: names and contents, in a stable order. */
export function fingerprint(repo: string = REPO, inputs: readonly string[] = BUILD_INPUTS): string {
  const hash = createHash("sha256");
  const all = inputs.flatMap((input) => files(path.join(repo, input))).sort();
  for (const file of all) {
    hash.update(path.relative(repo, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

async function acquire(lock: string): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS)
          rmSync(lock, { recursive: true, force: true });
      } catch {
        // Released meanwhile.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export interface EnsureOptions {
  /** The repository whose client is built (tests point it at a copy). */
  repo?: string;
  inputs?: readonly string[];
  /** Where the build goes; packages/client/dist of `repo` by default. */
  outDir?: string;
  /** Build even when the digest matches (`npm run build:client`). */
  force?: boolean;
  /** Runs the build into `outDir`; Vite by default. */
  build?: (outDir: string) => Promise<void>;
}

/**
 * A production build of the Vite app at `root` whoever asks: under a test runner NODE_ENV is "test", and
 * Vite would bake that into the bundle (a larger app, the one `npm start` then serves when the sources are
 * unchanged).
 */
export async function viteBuildOf(root: string, outDir: string): Promise<void> {
  const { build } = await import("vite");
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      root,
      configFile: path.join(root, "vite.config.ts"),
      mode: "production",
      logLevel: "error",
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** The game client's production build into `outDir`. */
export const viteBuild = (outDir: string): Promise<void> => viteBuildOf(CLIENT_ROOT, outDir);

/** Builds the client unless dist/ was built from the same sources; says which happened. */
export async function ensureClientBuilt(
  options: EnsureOptions = {},
): Promise<{ built: boolean; digest: string }> {
  const repo = options.repo ?? REPO;
  const outDir = options.outDir ?? path.join(repo, "packages/client/dist");
  const stamp = path.join(outDir, ".sources");
  const lock = path.join(
    tmpdir(),
    `rgs-client-build-${createHash("sha256").update(outDir).digest("hex").slice(0, 12)}`,
  );
  await acquire(lock);
  try {
    const digest = fingerprint(repo, options.inputs);
    let built = "";
    try {
      built = readFileSync(stamp, "utf8");
    } catch {
      // Never built, or built without a stamp.
    }
    if (!options.force && built === digest) return { built: false, digest };
    await (options.build ?? viteBuild)(outDir);
    writeFileSync(stamp, digest);
    return { built: true, digest };
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The chunks `roots` load before any dynamic import: themselves and what they import statically. */
function staticClosure(manifest: Record<string, ManifestChunk>, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const root of roots) visit(root);
  return [...seen];
}

/** The chunks the page loads before any dynamic import: the entry and what it imports statically. */
function initialChunks(manifest: Record<string, ManifestChunk>): string[] {
  return staticClosure(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]?.isEntry),
  );
}

/** The game screen's module: a chunk the entry fetches beside the game's view and its language's texts. */
const GAME_SCREEN = "src/shell/Game.tsx";

export interface ClientSize {
  /** Gzipped bytes of the entry: the JavaScript a game page runs before it fetches anything else. */
  entry: number;
  /** With the game screen: the JavaScript of every game page but its view and its texts. */
  firstLoad: number;
}

/** What the built client in `outDir` costs a player, in gzipped bytes of JavaScript. */
export function clientSize(outDir: string): ClientSize {
  const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const gzipped = (keys: readonly string[]) =>
    keys.reduce((total, key) => {
      const file = manifest[key]?.file ?? "";
      return file.endsWith(".js") ? total + gzipSync(readFileSync(path.join(outDir, file))).length : total;
    }, 0);
  const initial = initialChunks(manifest);
  return {
    entry: gzipped(initial),
    firstLoad: gzipped(staticClosure(manifest, [...initial, GAME_SCREEN])),
  };
}

/** "18.4 KB" */
export const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
