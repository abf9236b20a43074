import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmod, link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";

/**
 * Encrypts secrets at rest (operator HMAC secrets) with AES-256-GCM.
 * Sealed format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url, a fresh random 12-byte IV per seal.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export class SecretBoxError extends Error {
  override name = "SecretBoxError";
}

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new SecretBoxError(`The secret key must be 32 bytes, got ${key.length}`);
  const secretKey = Buffer.from(key);
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", secretKey, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString("base64url"));
      return [VERSION, ...parts].join(".");
    },
    open(sealed) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split(".");
      if (version !== VERSION) {
        throw new SecretBoxError(
          `Unknown sealed secret version '${String(version).slice(0, 8)}', expected '${VERSION}'`,
        );
      }
      const ivBytes = Buffer.from(iv ?? "", "base64url");
      const tagBytes = Buffer.from(tag ?? "", "base64url");
      if (
        ciphertext === undefined ||
        rest.length > 0 ||
        ivBytes.length !== IV_BYTES ||
        tagBytes.length !== TAG_BYTES
      ) {
        throw new SecretBoxError("Malformed sealed secret: expected v1.<iv>.<tag>.<ciphertext>");
      }
      const decipher = createDecipheriv("aes-256-gcm", secretKey, ivBytes);
      decipher.setAuthTag(tagBytes);
      try {
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, "base64url")),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        throw new SecretBoxError(
          "Cannot decrypt a sealed secret: it was altered or sealed with another SECRET_KEY",
        );
      }
    },
  };
}

const SECRET_KEY_FILE = "secret.key";

/**
 * SECRET_KEY when set. Otherwise, in embedded mode only, the key stored in DATA_DIR/secret.key,
 * created on first use (mode 0600, written to a temporary file then linked into place so a crash
 * never leaves a truncated key). With DATABASE_URL every instance must share the key, so it must be given.
 */
export async function loadOrCreateSecretKey(config: Config): Promise<Buffer> {
  if (config.secretKey) return config.secretKey;
  if (config.databaseUrl) {
    throw new SecretBoxError(
      "SECRET_KEY is required with DATABASE_URL: set it to the same base64 32-byte key on every instance",
    );
  }
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return existing;
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    await chmod(temp, 0o600);
    // link, unlike rename, never replaces: when two processes race, the first key wins for both.
    await link(temp, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
  } finally {
    await unlink(temp).catch(() => {});
  }
  const created = await readKeyFile(file);
  if (!created) throw new SecretBoxError(`Could not create the secret key file ${file}`);
  return created;
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const key = Buffer.from(text.trim(), "base64");
  if (key.length !== 32) {
    throw new SecretBoxError(`The secret key file ${file} is corrupt: it must hold base64 of 32 bytes`);
  }
  return key;
}
