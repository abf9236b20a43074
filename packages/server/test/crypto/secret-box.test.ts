import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "../../src/config.ts";
import { createSecretBox, loadOrCreateSecretKey, SecretBoxError } from "../../src/crypto/secret-box.ts";

const key = randomBytes(32);
const box = createSecretBox(key);

/** Flips one character of a base64url string to another valid one. */
function flip(text: string, index: number): string {
  const c = text[index];
  return text.slice(0, index) + (c === "A" ? "B" : "A") + text.slice(index + 1);
}

describe("createSecretBox", () => {
  it("opens what it sealed, for any text", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (text) => box.open(box.seal(text)) === text));
  });

  it("seals in the versioned format with a fresh IV every time", () => {
    const a = box.seal("operator secret");
    const b = box.seal("operator secret");
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(a.split(".")[1]).not.toBe(b.split(".")[1]);
    expect(a).not.toContain("operator secret");
  });

  it("detects tampering with the IV, the tag or the ciphertext", () => {
    const sealed = box.seal("operator secret");
    const [version, iv = "", tag = "", ciphertext = ""] = sealed.split(".");
    for (const altered of [
      [version, flip(iv, 0), tag, ciphertext],
      [version, iv, flip(tag, 0), ciphertext],
      [version, iv, tag, flip(ciphertext, 0)],
    ]) {
      expect(() => box.open(altered.join("."))).toThrow(
        "Cannot decrypt a sealed secret: it was altered or sealed with another SECRET_KEY",
      );
    }
  });

  it("refuses a value sealed with another key", () => {
    const sealed = createSecretBox(randomBytes(32)).seal("operator secret");
    expect(() => box.open(sealed)).toThrow(SecretBoxError);
    expect(() => box.open(sealed)).toThrow(/another SECRET_KEY/);
  });

  it("names an unknown version and refuses malformed values", () => {
    const [, ...rest] = box.seal("x").split(".");
    expect(() => box.open(["v2", ...rest].join("."))).toThrow(
      "Unknown sealed secret version 'v2', expected 'v1'",
    );
    expect(() => box.open("plaintext-secret")).toThrow(/Unknown sealed secret version/);
    expect(() => box.open("v1.abc")).toThrow("Malformed sealed secret");
    expect(() => box.open(`${box.seal("x")}.extra`)).toThrow("Malformed sealed secret");
  });

  it("requires a 32-byte key", () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow("The secret key must be 32 bytes, got 16");
  });
});

describe("loadOrCreateSecretKey", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), "rgs-key-")), "data");
  });
  afterEach(async () => {
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  function config(env: Record<string, string> = {}): Config {
    const result = loadConfig({ DATA_DIR: dataDir, ...env });
    if (!result.ok) throw new Error(result.errors.join("; "));
    return result.config;
  }

  it("uses SECRET_KEY when given and writes nothing", async () => {
    const given = randomBytes(32);
    expect(await loadOrCreateSecretKey(config({ SECRET_KEY: given.toString("base64") }))).toEqual(given);
    await expect(stat(dataDir)).rejects.toThrow();
  });

  it("creates DATA_DIR/secret.key once, readable only by its owner, and reuses it", async () => {
    const first = await loadOrCreateSecretKey(config());
    expect(first).toHaveLength(32);
    const file = path.join(dataDir, "secret.key");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, "utf8")).trim(), "base64")).toEqual(first);
    expect(await loadOrCreateSecretKey(config())).toEqual(first);
    expect(await readdir(dataDir)).toEqual(["secret.key"]);
  });

  it("gives every concurrent caller the same key", async () => {
    const keys = await Promise.all([1, 2, 3, 4, 5].map(() => loadOrCreateSecretKey(config())));
    for (const k of keys) expect(k).toEqual(keys[0]);
    expect(await readdir(dataDir)).toEqual(["secret.key"]);
  });

  it("refuses a corrupt key file instead of replacing it", async () => {
    await loadOrCreateSecretKey(config());
    await writeFile(path.join(dataDir, "secret.key"), "c2hvcnQ=\n");
    await expect(loadOrCreateSecretKey(config())).rejects.toThrow(/secret\.key is corrupt/);
  });

  it("requires SECRET_KEY with DATABASE_URL", async () => {
    const withDatabase = { ...config(), databaseUrl: "postgres://db/rgs" };
    await expect(loadOrCreateSecretKey(withDatabase)).rejects.toThrow(
      "SECRET_KEY is required with DATABASE_URL",
    );
  });
});
