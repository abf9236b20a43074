import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ERROR_CATALOG, isErrorCode } from "@rgs/protocol/errors";
import { describe, expect, it } from "vitest";
import { gameError } from "../../src/game-error.ts";

const SRC = fileURLToPath(new URL("../../src", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/**
 * Every error code the server can answer, as written in its source: the first argument of the functions
 * that answer or throw a coded error, and the `code` of the objects the routes turn into answers.
 */
const CODE_USES =
  /(?:sendError|sendRetryableError|sendAdminError|gameError|OperatorError|BackofficeError|rawErrorAnswer|errorBody|adminErrorBody)\(\s*(?:reply,\s*)?"([a-z_]+)"|\bcode: "([a-z]+(?:_[a-z]+)+)"/g;

function answeredCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  for (const file of sources(SRC)) {
    for (const match of readFileSync(file, "utf8").matchAll(CODE_USES)) {
      const code = match[1] ?? match[2];
      if (code !== undefined) codes.set(code, path.relative(SRC, file));
    }
  }
  return codes;
}

describe("the error catalogue", () => {
  it("lists every code a route of the server answers", () => {
    const codes = answeredCodes();
    // The scan itself still finds the codes: the game API's, the operator API's and the admin interface's.
    for (const code of ["round_busy", "not_enough_money", "rate_limit_exceeded", "unknown_pack"]) {
      expect(codes.has(code), code).toBe(true);
    }
    const missing = [...codes]
      .filter(([code]) => !isErrorCode(code))
      .map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  it("gives the round engine's refusals their catalogue status", () => {
    expect(gameError("round_busy", "busy").status).toBe(409);
    expect(gameError("bet_refused", "refused").status).toBe(409);
    expect(gameError("round_initializing", "wait").status).toBe(ERROR_CATALOG.round_initializing.status);
  });
});
