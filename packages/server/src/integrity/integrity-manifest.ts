import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { OPERATOR_API_VERSION } from "@rgs/protocol/operator-api";
import { byteOrder, type FileDigest, sha256Hex, treeDigest } from "./tree-digest.ts";

/**
 * What a test laboratory certifies and an operator checks: the digests of what this server runs. The server
 * runs its TypeScript sources through tsx, without a build, so the set is the sources themselves:
 *
 * - `workspace`: the root package.json (scripts, workspaces) and tsconfig.json (how tsx reads the sources);
 * - `package:<name>`: each workspace package's package.json and src/ tree;
 * - `lockfile`: every dependency's path, version and integrity hash in package-lock.json (what `npm ci` checks
 *   the installed packages against);
 * - `client`: the built game client the server serves (packages/client/dist), null when not built;
 * - `game:<slug>`: each game's folder (rules, paytables, RTP analysis), also part of `package:@rgs/games`.
 *
 * docs/audit.md gives the shell commands that reproduce each digest.
 */

export type IntegrityPartKind = "workspace" | "package" | "lockfile" | "client" | "game";

export interface IntegrityPart {
  kind: IntegrityPartKind;
  name: string;
  /** Where `digest` is computed from, relative to the repository root. */
  path: string;
  /** Null when the part is absent (a client not built). */
  digest: string | null;
  /** Files digested (dependencies for the lock file). */
  files: number;
  /** Each file's digest, when asked for. */
  fileDigests?: FileDigest[];
}

export interface IntegrityManifest {
  /** SHA-256 over every part's line (see `manifestDigest`). */
  digest: string;
  serverVersion: string;
  apiVersion: string;
  computedAt: string;
  parts: IntegrityPart[];
}

/** The repository this module runs from. */
const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

const GAMES_DIR = "packages/games/src/games";
const CLIENT_DIR = "packages/client";

/** `<digest or ->  <kind>:<name>` per part, sorted byte by byte; the manifest's digest is their SHA-256. */
export function manifestDigest(parts: Pick<IntegrityPart, "kind" | "name" | "digest">[]): string {
  const lines = parts.map((part) => `${part.digest ?? "-"}  ${part.kind}:${part.name}\n`).sort(byteOrder);
  return sha256Hex(lines.join(""));
}

/** `<path> <version> <integrity>` for each entry of package-lock.json that has an integrity hash, sorted. */
export function lockfileLines(lock: unknown): string[] {
  const packages = (lock as { packages?: Record<string, { version?: unknown; integrity?: unknown }> })
    .packages;
  if (typeof packages !== "object" || packages === null) throw new Error("package-lock.json has no packages");
  return Object.entries(packages)
    .filter(([, entry]) => typeof entry?.integrity === "string")
    .map(([key, entry]) => `${key} ${String(entry.version)} ${String(entry.integrity)}\n`)
    .sort(byteOrder);
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, "utf8"));
}

export async function computeIntegrity(
  opts: { root?: string; now?: Date; withFiles?: boolean } = {},
): Promise<IntegrityManifest> {
  const root = opts.root ?? REPOSITORY_ROOT;
  const rootPackage = (await readJson(path.join(root, "package.json"))) as { workspaces?: unknown };
  const workspaces = Array.isArray(rootPackage.workspaces) ? rootPackage.workspaces.map(String) : [];
  const part = async (kind: IntegrityPartKind, name: string, base: string, roots: string[]) => {
    const tree = await treeDigest(path.join(root, base), roots);
    return {
      kind,
      name,
      path: base === "" ? roots.join(", ") : roots.map((r) => `${base}/${r}`).join(", "),
      digest: tree.digest,
      files: tree.files.length,
      ...(opts.withFiles && { fileDigests: tree.files }),
    };
  };
  const parts: IntegrityPart[] = [
    await part("workspace", "workspace", "", ["package.json", "tsconfig.json"]),
  ];
  for (const workspace of workspaces) {
    const { name } = (await readJson(path.join(root, workspace, "package.json"))) as { name: string };
    parts.push(await part("package", name, workspace, ["package.json", "src"]));
  }
  const lines = lockfileLines(await readJson(path.join(root, "package-lock.json")));
  parts.push({
    kind: "lockfile",
    name: "package-lock.json",
    path: "package-lock.json",
    digest: sha256Hex(lines.join("")),
    files: lines.length,
  });
  parts.push(await part("client", "dist", CLIENT_DIR, ["dist"]));
  const games = await readdir(path.join(root, GAMES_DIR), { withFileTypes: true });
  for (const game of games.filter((entry) => entry.isDirectory()).sort((a, b) => byteOrder(a.name, b.name))) {
    parts.push(await part("game", game.name, GAMES_DIR, [game.name]));
  }
  const server = (await readJson(path.join(root, "packages/server/package.json"))) as { version: string };
  return {
    digest: manifestDigest(parts),
    serverVersion: server.version,
    apiVersion: OPERATOR_API_VERSION,
    computedAt: (opts.now ?? new Date()).toISOString(),
    parts,
  };
}
