/**
 * /openapi.json as an operator's tooling reads it: Redocly's recommended rules (the pinned CLI) find no
 * error, every operation has a unique operationId, and every operation says how it is authenticated.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { WALLET_CALLBACKS } from "@rgs/protocol/wallet-callbacks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../support.ts";

const run = promisify(execFile);
const REDOCLY = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");

type Operation = { operationId?: string; security?: unknown[] };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
};

interface Problem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer: string }[];
}

let h: Harness;
let dir: string;
let document: Document;
let text: string;

beforeAll(async () => {
  h = await createHarness({
    config: { environment: "production", publicBaseUrl: "https://rgs.example.com" },
  });
  text = (await h.app.inject({ method: "GET", url: "/openapi.json" })).body;
  document = JSON.parse(text) as Document;
  dir = mkdtempSync(path.join(tmpdir(), "rgs-openapi-"));
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

function operations(): [string, Operation][] {
  const all: [string, Operation][] = [];
  for (const [group, items] of [
    ["paths", document.paths],
    ["webhooks", document.webhooks],
  ] as const) {
    for (const [name, item] of Object.entries(items)) {
      for (const [method, operation] of Object.entries(item))
        all.push([`${group} ${method} ${name}`, operation]);
    }
  }
  return all;
}

describe("GET /openapi.json", () => {
  it("gives every operation, webhooks included, a unique operationId and a security requirement", () => {
    const all = operations();
    expect(all.filter(([, op]) => op.operationId === undefined).map(([where]) => where)).toEqual([]);
    const ids = all.map(([, op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(all.filter(([, op]) => !Array.isArray(op.security)).map(([where]) => where)).toEqual([]);
    expect(Object.keys(document.webhooks)).toEqual([...WALLET_CALLBACKS]);
  });

  it("has no error under Redocly's recommended rules", async () => {
    const file = path.join(dir, "openapi.json");
    writeFileSync(file, text);
    const { stdout } = await run(process.execPath, [REDOCLY, "lint", file, "--format=json"], {
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
    const { problems } = JSON.parse(stdout) as { problems: Problem[] };
    const errors = problems
      .filter((p) => p.severity === "error")
      .map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    const rules = new Set(problems.map((p) => p.ruleId));
    expect(rules.has("operation-operationId")).toBe(false);
    expect(rules.has("security-defined")).toBe(false);
  }, 60_000);
});
