import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../server/test/http/support.ts";
import { buildOrder, packSdk, SDK_PACKAGE, workspacePackages } from "../scripts/package-build.ts";

/**
 * The SDK as an operator gets it: packed with `npm pack`, installed from the tarballs alone into a
 * project outside the workspace (offline: the third-party packages it needs are packed from the
 * workspace's node_modules, so no registry is asked), then loaded by plain Node and by TypeScript, and
 * its README's quick start run against a listening RGS.
 */

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");
const requireFromRoot = createRequire(path.join(ROOT, "package.json"));
const SLOW = 240_000;

let work: string;
let project: string;

/** The folder of package `name` as Node finds it from `from`: the nearest node_modules holding it. */
async function packageFolder(name: string, from: string): Promise<string> {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (await stat(path.join(candidate, "package.json")).catch(() => undefined)) return candidate;
    if (dir === path.dirname(dir)) throw new Error(`${name} is not installed above ${from}`);
  }
}

/** Folders of the third-party packages the built packages need at run time, with their own needs. */
async function thirdPartyClosure(): Promise<string[]> {
  const packages = await workspacePackages();
  const folders = new Map<string, string>();
  const visit = async (name: string, from: string) => {
    if (packages.has(name) || folders.has(name)) return;
    const folder = await packageFolder(name, from);
    folders.set(name, folder);
    const manifest = JSON.parse(await readFile(path.join(folder, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
    };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) await visit(dependency, folder);
  };
  for (const pkg of buildOrder(SDK_PACKAGE, packages)) {
    for (const dependency of Object.keys(pkg.manifest.dependencies ?? {})) await visit(dependency, pkg.dir);
  }
  return [...folders.values()];
}

async function npm(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return run("npm", args, { cwd, env: { ...process.env, npm_config_update_notifier: "false" } });
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "rgs-sdk-packed-"));
  const tarballs = path.join(work, "tarballs");
  const ours = await packSdk({ outDir: path.join(work, "build"), destination: tarballs });
  const theirs: string[] = [];
  for (const folder of await thirdPartyClosure()) {
    const { stdout } = await npm(
      ["pack", "--json", "--ignore-scripts", "--pack-destination", tarballs, folder],
      work,
    );
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    if (!packed) throw new Error(`npm pack of ${folder} reported no tarball`);
    theirs.push(path.join(tarballs, packed.filename));
  }

  project = path.join(work, "operator-backend");
  await mkdir(project);
  await writeFile(
    path.join(project, "package.json"),
    JSON.stringify({ name: "operator-backend", private: true, type: "module" }),
  );
  await npm(
    ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", ...theirs, ...ours],
    project,
  );
}, SLOW);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe("the packed SDK in a project outside the workspace", () => {
  it("installs as built JavaScript with declarations, no TypeScript sources", async () => {
    const manifest = JSON.parse(
      await readFile(path.join(project, "node_modules/@rgs/operator-sdk/package.json"), "utf8"),
    ) as { exports: Record<string, { types: string; default: string }>; dependencies: object };
    expect(manifest.exports["."]).toEqual({ types: "./index.d.ts", default: "./index.js" });
    expect(manifest.dependencies).toEqual({ "@rgs/protocol": "0.1.0" });
    const { stdout } = await run("find", [path.join(project, "node_modules/@rgs"), "-name", "*.ts"]);
    const files = stdout.split("\n").filter((file) => file !== "");
    expect(files.filter((file) => !file.endsWith(".d.ts"))).toEqual([]);
    // A declaration importing "./x.ts" would be refused by a project that checks library types.
    for (const file of files) {
      expect(await readFile(file, "utf8"), file).not.toMatch(/from "\.\.?\/[^"]*\.ts"/);
    }
  });

  it("loads in plain Node, as an ES module and from CommonJS", async () => {
    await writeFile(
      path.join(project, "esm.mjs"),
      [
        'import { OperatorClient, signOperatorRequest } from "@rgs/operator-sdk";',
        'import { expressCallbacks } from "@rgs/operator-sdk/express";',
        'import { fastifyCallbacks } from "@rgs/operator-sdk/fastify";',
        "console.log(typeof OperatorClient, typeof signOperatorRequest, typeof expressCallbacks, typeof fastifyCallbacks);",
      ].join("\n"),
    );
    await writeFile(
      path.join(project, "commonjs.cjs"),
      [
        'const { OperatorClient, verifyCallbackRequest } = require("@rgs/operator-sdk");',
        'const headers = require("@rgs/operator-sdk").signOperatorRequest({ operatorId: "o", secret: "s", path: "/operator/games", body: "", nowMs: 0 });',
        "console.log(typeof OperatorClient, typeof verifyCallbackRequest, Object.keys(headers).sort().join(','));",
      ].join("\n"),
    );
    const esm = await run(process.execPath, ["esm.mjs"], { cwd: project });
    expect(esm.stdout.trim()).toBe("function function function function");
    expect(esm.stderr).toBe("");
    const commonjs = await run(process.execPath, ["commonjs.cjs"], { cwd: project });
    expect(commonjs.stdout.trim()).toBe("function function X-HMAC-SHA256,X-Operator-ID,X-Timestamp");
    expect(commonjs.stderr).toBe("");
  });

  it(
    "type-checks the README's quick start, and a CommonJS module, against the installed declarations",
    async () => {
      await copyFile(
        path.join(import.meta.dirname, "../scripts/quickstart.ts"),
        path.join(project, "quickstart.ts"),
      );
      await writeFile(
        path.join(project, "commonjs-check.cts"),
        [
          'import { OperatorClient, RgsApiError } from "@rgs/operator-sdk";',
          'const client = new OperatorClient({ baseUrl: "http://localhost:8080", operatorId: "id", secret: "s" });',
          "export const refused = (error: unknown): error is RgsApiError => error instanceof RgsApiError;",
          "export const games = () => client.listGames();",
        ].join("\n"),
      );
      await writeFile(
        path.join(project, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            target: "ES2022",
            module: "NodeNext",
            moduleResolution: "NodeNext",
            strict: true,
            noEmit: true,
            allowImportingTsExtensions: true,
            skipLibCheck: true,
            types: ["node"],
            typeRoots: [path.join(ROOT, "node_modules/@types")],
          },
          files: ["quickstart.ts", "commonjs-check.cts"],
        }),
      );
      const tsc = requireFromRoot.resolve("typescript/bin/tsc");
      const result = await run(process.execPath, [tsc, "-p", "."], { cwd: project }).catch(
        (error: { stdout: string }) => ({ stdout: error.stdout }),
      );
      expect(result.stdout, "tsc's diagnostics").toBe("");
    },
    SLOW,
  );

  describe("its quick start against a running RGS", () => {
    let h: Harness;
    let rgsUrl: string;
    beforeAll(async () => {
      h = await createHarness();
      await h.app.listen({ port: 0, host: "127.0.0.1" });
      rgsUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      h.app.server.closeAllConnections();
      await h.close();
    });

    it(
      "launches a demo and a real-money session, verifying the RGS's signed authenticate callback",
      async () => {
        const probe = createServer();
        await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
        const walletPort = (probe.address() as AddressInfo).port;
        await new Promise((resolve) => probe.close(resolve));
        const operator = await h.createOperator({
          name: "Packed quick start",
          callbackUrl: `http://127.0.0.1:${walletPort}/wallet/v2`,
        });
        await copyFile(
          path.join(import.meta.dirname, "../scripts/quickstart.ts"),
          path.join(project, "quickstart.ts"),
        );
        // The quick start signs with the real clock, as an operator's backend does: keep the RGS's with it.
        const follow = setInterval(() => h.clock.set(Date.now()), 100);
        h.clock.set(Date.now());
        try {
          const tsx = pathToFileURL(requireFromRoot.resolve("tsx")).href;
          const { stdout } = await run(process.execPath, ["--import", tsx, "quickstart.ts"], {
            cwd: project,
            env: {
              ...process.env,
              RGS_URL: rgsUrl,
              OPERATOR_ID: operator.id,
              OPERATOR_SECRET: operator.secret,
              WALLET_PORT: String(walletPort),
            },
          });
          expect(stdout).toMatch(/demoUrl: 'https:\/\/rgs\.test\/.+'/);
          expect(stdout).toMatch(/realUrl: 'https:\/\/rgs\.test\/.+'/);
        } finally {
          clearInterval(follow);
        }
      },
      SLOW,
    );
  });
});
