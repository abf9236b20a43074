import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  computeIntegrity,
  type IntegrityManifest,
  lockfileLines,
  manifestDigest,
} from "../../src/integrity/integrity-manifest.ts";
import { sha256sumLine, treeDigest } from "../../src/integrity/tree-digest.ts";

const LOCK = {
  name: "rgs",
  lockfileVersion: 3,
  packages: {
    "": { name: "rgs", workspaces: ["packages/server", "packages/games"] },
    "node_modules/kysely": { version: "0.28.18", integrity: "sha512-KYSELY" },
    "node_modules/@rgs/server": { resolved: "packages/server", link: true },
    "node_modules/pg": { version: "8.23.1", integrity: "sha512-PG" },
  },
};

/** A small repository shaped like ours: two workspace packages, two games, a built client, a lock file. */
const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "rgs", workspaces: ["packages/server", "packages/games"] }),
  "tsconfig.json": "{}",
  "package-lock.json": JSON.stringify(LOCK, null, 2),
  "packages/server/package.json": JSON.stringify({ name: "@rgs/server", version: "0.1.0" }),
  "packages/server/src/main.ts": "console.log('rgs');\n",
  "packages/server/test/main.test.ts": "// tests are not what runs\n",
  "packages/games/package.json": JSON.stringify({ name: "@rgs/games", version: "0.1.0" }),
  "packages/games/src/index.ts": "export {};\n",
  "packages/games/src/games/cash-out.ts": "export {};\n",
  "packages/games/src/games/dice/game.ts": "export const dice = 1;\n",
  "packages/games/src/games/dice/paytable.ts": "export const edge = 0.01;\n",
  "packages/games/src/games/limbo/game.ts": "export const limbo = 1;\n",
  "packages/client/dist/index.html": "<!doctype html>\n",
};

let root: string;
const roots: string[] = [];
afterAll(async () => {
  for (const dir of roots) await rm(dir, { recursive: true, force: true });
});

async function write(file: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, file)), { recursive: true });
  await writeFile(join(root, file), text);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "rgs-integrity-"));
  roots.push(root);
  for (const [file, text] of Object.entries(FILES)) await write(file, text);
});

const digests = (manifest: IntegrityManifest) =>
  Object.fromEntries(manifest.parts.map((part) => [`${part.kind}:${part.name}`, part.digest]));

describe("the digested set", () => {
  it("lists the workspace, each package, the lock file, the built client and each game", async () => {
    const manifest = await computeIntegrity({ root, now: new Date(0) });
    expect(manifest.parts.map((part) => [`${part.kind}:${part.name}`, part.path, part.files])).toEqual([
      ["workspace:workspace", "package.json, tsconfig.json", 2],
      ["package:@rgs/server", "packages/server/package.json, packages/server/src", 2],
      ["package:@rgs/games", "packages/games/package.json, packages/games/src", 6],
      ["lockfile:package-lock.json", "package-lock.json", 2],
      ["client:dist", "packages/client/dist", 1],
      ["game:dice", "packages/games/src/games/dice", 2],
      ["game:limbo", "packages/games/src/games/limbo", 1],
    ]);
    expect(manifest).toMatchObject({ serverVersion: "0.1.0", computedAt: "1970-01-01T00:00:00.000Z" });
    expect(manifest.digest).toBe(manifestDigest(manifest.parts));
  });

  it("is stable across runs, and changes in exactly the parts whose source file changed", async () => {
    const first = await computeIntegrity({ root });
    expect(digests(await computeIntegrity({ root }))).toEqual(digests(first));
    expect((await computeIntegrity({ root })).digest).toBe(first.digest);

    await write("packages/games/src/games/dice/paytable.ts", "export const edge = 0.02;\n");
    const changed = await computeIntegrity({ root });
    expect(changed.digest).not.toBe(first.digest);
    const moved = Object.keys(digests(first)).filter(
      (part) => digests(first)[part] !== digests(changed)[part],
    );
    expect(moved).toEqual(["package:@rgs/games", "game:dice"]);

    await write("packages/server/src/main.ts", "console.log('rgs 2');\n");
    expect(digests(await computeIntegrity({ root }))["package:@rgs/server"]).not.toBe(
      digests(first)["package:@rgs/server"],
    );
  });

  it("follows a file added or removed, but not the tests nor a symbolic link", async () => {
    const first = digests(await computeIntegrity({ root }));
    await write("packages/server/test/other.test.ts", "// not run\n");
    await symlink(join(root, "packages/server/src/main.ts"), join(root, "packages/server/src/link.ts"));
    expect(digests(await computeIntegrity({ root }))).toEqual(first);
    await write("packages/server/src/added.ts", "export {};\n");
    expect(digests(await computeIntegrity({ root }))["package:@rgs/server"]).not.toBe(
      first["package:@rgs/server"],
    );
  });

  it("digests the lock file's integrity hashes, not its layout", async () => {
    const first = digests(await computeIntegrity({ root }));
    await write("package-lock.json", JSON.stringify(LOCK));
    expect(digests(await computeIntegrity({ root }))["lockfile:package-lock.json"]).toBe(
      first["lockfile:package-lock.json"],
    );
    await write(
      "package-lock.json",
      JSON.stringify({
        ...LOCK,
        packages: { ...LOCK.packages, "node_modules/pg": { version: "8.23.1", integrity: "sha512-EVIL" } },
      }),
    );
    expect(digests(await computeIntegrity({ root }))["lockfile:package-lock.json"]).not.toBe(
      first["lockfile:package-lock.json"],
    );
    expect(lockfileLines(LOCK)).toEqual([
      "node_modules/kysely 0.28.18 sha512-KYSELY\n",
      "node_modules/pg 8.23.1 sha512-PG\n",
    ]);
  });

  it("says the client is absent when it was not built", async () => {
    await rm(join(root, "packages/client/dist"), { recursive: true });
    const client = (await computeIntegrity({ root })).parts.find((part) => part.kind === "client");
    expect(client).toMatchObject({ digest: null, files: 0 });
  });

  it("lists every file's digest when asked", async () => {
    const games = (await computeIntegrity({ root, withFiles: true })).parts.find((p) => p.name === "dice");
    expect(games?.fileDigests?.map((file) => file.path)).toEqual(["dice/game.ts", "dice/paytable.ts"]);
  });
});

describe("the digests as sha256sum gives them", () => {
  it("escapes names as GNU sha256sum does", () => {
    expect(sha256sumLine("ab", "src/a.ts")).toBe("ab  src/a.ts\n");
    expect(sha256sumLine("ab", "src/a\\b.ts")).toBe("\\ab  src/a\\\\b.ts\n");
    expect(sha256sumLine("ab", "src/a\nb.ts")).toBe("\\ab  src/a\\nb.ts\n");
  });

  const coreutils = spawnSync("sha256sum", ["--version"]).status === 0;
  it.runIf(coreutils)("reproduces each part with the commands of docs/audit.md", async () => {
    await write("packages/server/src/Zeta.ts", "export {};\n");
    await write("packages/server/src/a b/ünïcode.ts", "export {};\n");
    const manifest = await computeIntegrity({ root });
    const shell = (command: string) =>
      new Promise<string>((resolve, reject) =>
        execFile("bash", ["-o", "pipefail", "-c", command], { cwd: root }, (error, stdout) =>
          error ? reject(error) : resolve(stdout.split(" ")[0] ?? ""),
        ),
      );
    const recipe = (cd: string, roots: string) =>
      shell(`cd ${cd} && find ${roots} -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum`);
    expect(await recipe(".", "package.json tsconfig.json")).toBe(digests(manifest)["workspace:workspace"]);
    expect(await recipe("packages/server", "package.json src")).toBe(
      digests(manifest)["package:@rgs/server"],
    );
    expect(await recipe("packages/games/src/games", "dice")).toBe(digests(manifest)["game:dice"]);
    expect(await recipe("packages/client", "dist")).toBe(digests(manifest)["client:dist"]);
    const lines = manifest.parts.map((p) => `${p.digest ?? "-"}  ${p.kind}:${p.name}`).join("\n");
    expect(await shell(`printf '%s\\n' '${lines}' | LC_ALL=C sort | sha256sum`)).toBe(manifest.digest);
  });

  it("tree digests of a missing root are null", async () => {
    expect(await treeDigest(root, ["nowhere"])).toEqual({ digest: null, files: [] });
  });
});

describe("the digests of this repository", () => {
  it("cover every workspace package and every game, the same on every run", async () => {
    const [first, second] = [await computeIntegrity(), await computeIntegrity()];
    expect(second.digest).toBe(first.digest);
    const root = JSON.parse(readFileSync(join(import.meta.dirname, "../../../../package.json"), "utf8"));
    const packages = first.parts.filter((part) => part.kind === "package");
    expect(packages).toHaveLength((root as { workspaces: string[] }).workspaces.length);
    expect(first.parts.filter((part) => part.kind === "game").length).toBeGreaterThanOrEqual(27);
  });
});
