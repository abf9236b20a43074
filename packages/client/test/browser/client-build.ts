/**
 * The built client (packages/client/dist, which the RGS serves) for the browser suites. Several suite files
 * run at once in separate processes: one builds while the others wait on a lock, and a build of the same
 * sources is not repeated (so a suite already playing is not served a half-written dist).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const CLIENT = fileURLToPath(new URL("../..", import.meta.url));
const DIST = path.join(CLIENT, "dist");
const STAMP = path.join(DIST, ".sources");
const LOCK = path.join(
  tmpdir(),
  `rgs-client-build-${createHash("sha256").update(CLIENT).digest("hex").slice(0, 12)}`,
);
/** A lock older than this belongs to a process that died while building. */
const STALE_LOCK_MS = 180_000;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** A digest of everything the build reads from the client package. */
function fingerprint(): string {
  const hash = createHash("sha256");
  for (const file of [
    ...files(path.join(CLIENT, "src")),
    path.join(CLIENT, "index.html"),
    path.join(CLIENT, "vite.config.ts"),
  ].sort()) {
    hash.update(path.relative(CLIENT, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

async function acquire(): Promise<void> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS)
          rmSync(LOCK, { recursive: true, force: true });
      } catch {
        // Released meanwhile.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export async function buildClient(): Promise<void> {
  await acquire();
  try {
    const sources = fingerprint();
    let built = "";
    try {
      built = readFileSync(STAMP, "utf8");
    } catch {
      // Never built, or built by hand without a stamp.
    }
    if (built === sources) return;
    await build({ root: CLIENT, configFile: path.join(CLIENT, "vite.config.ts"), logLevel: "error" });
    writeFileSync(STAMP, sources);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
