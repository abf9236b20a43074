import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { signRequest } from "../src/signing.ts";
import vectorFile from "./vectors/signing.json" with { type: "json" };

const DOC_PATH = new URL("../../../docs/signing.md", import.meta.url);

const openssl = spawnSync("openssl", ["version"], { encoding: "utf8" });
const opensslAvailable = openssl.status === 0;
if (!opensslAvailable) {
  console.warn("openssl is not installed: the independent check of the signing vectors is skipped");
}

/** HMAC-SHA256 computed by the OpenSSL command line, an implementation independent of node:crypto. */
function opensslHmac(secret: string, input: string): string {
  const result = spawnSync("openssl", ["dgst", "-sha256", "-hmac", secret], {
    input: Buffer.from(input, "utf8"),
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr}`);
  const hex = result.stdout.trim().split(/\s+/).at(-1) ?? "";
  expect(hex).toMatch(/^[0-9a-f]{64}$/);
  return hex;
}

interface DocVector {
  name: string;
  path: string;
  body: string;
  timestamp: string;
  secret: string;
  signature: string;
}

function unwrapCode(cell: string): string {
  const trimmed = cell.trim();
  if (trimmed === "(empty)") return "";
  if (!trimmed.startsWith("`") || !trimmed.endsWith("`"))
    throw new Error(`expected a code cell, got ${cell}`);
  return trimmed.slice(1, -1);
}

/** The rows of the table under "## Test vectors" in docs/signing.md. */
function vectorsInDocs(): DocVector[] {
  const markdown = readFileSync(DOC_PATH, "utf8");
  const section = markdown.split(/^## Test vectors$/m)[1];
  if (section === undefined) throw new Error("docs/signing.md has no '## Test vectors' section");
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .slice(2);
  return rows.map((row) => {
    const cells = row.split("|").slice(1, -1);
    if (cells.length !== 6) throw new Error(`a test vector row has ${cells.length} cells: ${row}`);
    const [name = "", path = "", body = "", timestamp = "", secret = "", signature = ""] = cells;
    return {
      name: name.trim(),
      path: unwrapCode(path),
      body: unwrapCode(body),
      timestamp: unwrapCode(timestamp),
      secret: unwrapCode(secret),
      signature: unwrapCode(signature),
    };
  });
}

describe("published signing vectors", () => {
  it("cover the cases operators get wrong", () => {
    const vectors = vectorFile.vectors;
    expect(vectors.length).toBeGreaterThanOrEqual(6);
    expect(vectors.some((v) => v.body === "")).toBe(true);
    expect(vectors.some((v) => /[^\x20-\x7e]/.test(v.body))).toBe(true);
    expect(vectors.some((v) => /[^\x20-\x7e]/.test(v.secret))).toBe(true);
    expect(vectors.some((v) => v.path === "/wallet/v2/callback/debit")).toBe(true);
    for (const v of vectors) expect(v.secret.length).toBeGreaterThanOrEqual(16);
  });

  it.each(vectorFile.vectors)("signRequest reproduces $name", (v) => {
    expect(signRequest(v.secret, v.timestamp, v.path, v.body)).toBe(v.signature);
  });

  it.skipIf(!opensslAvailable).each(vectorFile.vectors)("openssl dgst -hmac agrees on $name", (v) => {
    expect(opensslHmac(v.secret, v.timestamp + v.path + v.body)).toBe(v.signature);
  });

  it("docs/signing.md lists exactly the vectors of signing.json", () => {
    expect(vectorsInDocs()).toEqual(vectorFile.vectors);
  });
});
