/**
 * An operator generating TypeScript types from /openapi.json with openapi-typescript gets a file that
 * compiles, and whose types describe the operator API and the five wallet callbacks.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../support.ts";

let h: Harness;
let dir: string;

beforeAll(async () => {
  h = await createHarness();
  dir = mkdtempSync(path.join(tmpdir(), "rgs-openapi-types-"));
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("types generated from GET /openapi.json", () => {
  it("compile, and type a launch, its answer and each callback's request and answer", async () => {
    const document = (await h.app.inject({ method: "GET", url: "/openapi.json" })).json();
    const generated = astToString(await openapiTS(document));
    const usage = `import type { operations, paths, webhooks } from "./rgs-api.ts";
type Launch = paths["/operator/launch"]["post"]["requestBody"]["content"]["application/json"];
const launch: Launch = { playerId: "p-1", currency: "EUR", gameCode: "dice-alpha", countryCode: "DE" };
type Launched = operations["launchGame"]["responses"][200]["content"]["application/json"];
export const url = (answer: Launched): string => answer.launchUrl;
type Debit = webhooks["debit"]["post"]["requestBody"]["content"]["application/json"];
export const amount = (debit: Debit): string => debit.amount;
type DebitAnswer = webhooks["debit"]["post"]["responses"][200]["content"]["application/json"];
export const answer: DebitAnswer = { requestId: "r-1", status: "OK", balance: "1.00" };
export { launch };
`;
    writeFileSync(path.join(dir, "rgs-api.ts"), generated);
    writeFileSync(path.join(dir, "usage.ts"), usage);
    const program = ts.createProgram([path.join(dir, "usage.ts")], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      allowImportingTsExtensions: true,
      types: [],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(problems).toEqual([]);
  }, 60_000);
});
