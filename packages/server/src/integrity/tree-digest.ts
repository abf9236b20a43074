import { createHash } from "node:crypto";
import { lstat, readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * Digests of file trees that `sha256sum` reproduces by hand (docs/audit.md, Software integrity):
 *
 *   cd BASE && find ROOTS -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum
 *
 * Regular files only (as `find -type f`: no symbolic links), paths relative to BASE sorted byte by byte, one
 * `sha256sum` line each, and the SHA-256 of those lines.
 */

export interface FileDigest {
  path: string;
  sha256: string;
}

export interface TreeDigest {
  /** Null when none of the roots exists. */
  digest: string | null;
  files: FileDigest[];
}

/** Byte order of the UTF-8 forms, as `LC_ALL=C sort` orders them. */
export function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

/** A line as GNU `sha256sum` prints it, with its escaping of names holding a backslash or a newline. */
export function sha256sumLine(sha256: string, name: string): string {
  if (!name.includes("\\") && !name.includes("\n")) return `${sha256}  ${name}\n`;
  return `\\${sha256}  ${name.replaceAll("\\", "\\\\").replaceAll("\n", "\\n")}\n`;
}

export function sha256Hex(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

/** The regular files under each root (a file or a directory, relative to `base`), as relative paths. */
async function filesUnder(base: string, root: string): Promise<string[]> {
  const stat = await lstat(path.join(base, root)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (!stat) return [];
  if (stat.isFile()) return [root];
  if (!stat.isDirectory()) return [];
  const entries = await readdir(path.join(base, root));
  const nested = await Promise.all(entries.map((entry) => filesUnder(base, `${root}/${entry}`)));
  return nested.flat();
}

export async function treeDigest(base: string, roots: string[]): Promise<TreeDigest> {
  const found = (await Promise.all(roots.map((root) => filesUnder(base, root)))).flat();
  if (found.length === 0) return { digest: null, files: [] };
  const paths = [...new Set(found)].sort(byteOrder);
  const files: FileDigest[] = [];
  for (const file of paths) {
    files.push({ path: file, sha256: sha256Hex(await readFile(path.join(base, file))) });
  }
  return { digest: sha256Hex(files.map((file) => sha256sumLine(file.sha256, file.path)).join("")), files };
}
