import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { chmod, link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

const ADMIN_TOKEN_FILE = "admin.token";

/**
 * The bearer token of the admin interface, in DATA_DIR/admin.token (mode 0600), created on first
 * use. Only users who can read the data directory can onboard operators through a running server.
 */
export async function loadOrCreateAdminToken(dataDir: string): Promise<string> {
  const file = path.join(dataDir, ADMIN_TOKEN_FILE);
  const existing = await readAdminToken(dataDir);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
    await chmod(temp, 0o600);
    // link never replaces an existing file: when two processes race, both end up with the first token.
    await link(temp, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
  } finally {
    await unlink(temp).catch(() => {});
  }
  const created = await readAdminToken(dataDir);
  if (!created) throw new Error(`Could not create the admin token file ${file}`);
  return created;
}

/** The token of DATA_DIR/admin.token, or undefined when the file does not exist or is empty. */
export async function readAdminToken(dataDir: string): Promise<string | undefined> {
  try {
    const token = (await readFile(path.join(dataDir, ADMIN_TOKEN_FILE), "utf8")).trim();
    return token === "" ? undefined : token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Compares digests so that neither the content nor the length of the token leaks through timing. */
export function tokenMatches(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
