import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * What `npm run rgs` loads. Help, usage errors and invalid values are answered without the store's code
 * (PGlite, Kysely, pg, the migrations), which is most of a store-opening command's start-up, nor the
 * protocol's schemas (TypeBox, some 700 modules, half a second of CPU): so they stay under a second. Which
 * modules load is what is tested, not how long they take.
 */

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const STORE_CODE = [
  /@electric-sql\/pglite/,
  /node_modules\/kysely\//,
  /node_modules\/pg\//,
  /cli\/local-transport\.ts/,
];
const HEAVY_CODE = [...STORE_CODE, /@sinclair\/typebox/];

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "rgs-cli-startup-"));
});
afterAll(async () => rm(work, { recursive: true, force: true }));

let runs = 0;
async function modulesLoadedBy(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; modules: string[]; stdout: string }> {
  const log = path.join(work, `modules-${runs++}.txt`);
  let stdout = "";
  const code = await new Promise<number>((resolve) => {
    execFile(
      process.execPath,
      [
        "--import",
        "tsx",
        "--import",
        "./packages/server/test/fixtures/record-modules.ts",
        "packages/server/src/cli/main.ts",
        ...argv,
      ],
      {
        cwd: ROOT,
        env: { ...process.env, RECORD_MODULES_TO: log, DATA_DIR: path.join(work, "data"), ...env },
      },
      (error, out) => {
        stdout = out;
        resolve(error ? Number(error.code) : 0);
      },
    );
  });
  return { code, stdout, modules: (await readFile(log, "utf8")).split("\n").filter(Boolean) };
}

describe("npm run rgs without opening the store", () => {
  it.each([
    [["help"], 0],
    [["operator"], 0],
    [["operator", "create", "--help"], 0],
    [["operator", "explode"], 2],
    [["operator", "create", "--name", "X", "--callback-url", "ftp://x"], 2],
    [["audit", "list", "--since", "yesterday"], 2],
    [["audit", "export", "--operator", "x", "--from", "yesterday", "--to", "2030-01-01", "--out", "x"], 2],
    [["integrity", "--help"], 0],
  ])(
    "answers %j (exit code %i) without loading the store's code or the protocol's schemas",
    async (argv, exitCode) => {
      const { code, modules } = await modulesLoadedBy(argv);
      expect(code).toBe(exitCode);
      expect(modules.some((url) => url.endsWith("/packages/server/src/cli/run.ts"))).toBe(true);
      for (const pattern of HEAVY_CODE) expect(modules.filter((url) => pattern.test(url))).toEqual([]);
    },
    60_000,
  );

  it("runs a command that needs no store without its code, even with an invalid configuration", async () => {
    const { code, modules, stdout } = await modulesLoadedBy(["integrity", "--json"], { PORT: "not-a-port" });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    for (const pattern of STORE_CODE) expect(modules.filter((url) => pattern.test(url))).toEqual([]);
  }, 60_000);

  it("loads it for a command that opens the store", async () => {
    const { code, modules } = await modulesLoadedBy(["operator", "list"]);
    expect(code).toBe(0);
    for (const pattern of STORE_CODE)
      expect(
        modules.some((url) => pattern.test(url)),
        String(pattern),
      ).toBe(true);
  }, 120_000);
});
