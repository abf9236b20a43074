import { execFile } from "node:child_process";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import ts from "typescript";

/**
 * Builds the operator SDK and the workspace packages it depends on (`@rgs/protocol`) into installable
 * packages: JavaScript (ES modules) with type declarations, each in a folder of its own with a
 * package.json whose exports point at the built files. The workspace itself never uses them: it runs
 * from the TypeScript sources (docs/architecture.md, "No build step").
 *
 * Nothing here names a module: every `.ts` file under a package's `src/` is compiled, and every entry of
 * its `exports` (a path or a `*` pattern under `./src/`) is mapped to its built file, so a module added
 * to a package, or an entry added to its exports, is in the next build without changing this file.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const execFileAsync = promisify(execFile);

/** The package an operator installs; its workspace dependencies are built and packed with it. */
export const SDK_PACKAGE = "@rgs/operator-sdk";

interface Manifest {
  name: string;
  version: string;
  description?: string;
  type?: string;
  license?: string;
  engines?: Record<string, string>;
  exports: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, unknown>;
}

export interface WorkspacePackage {
  name: string;
  /** The package's folder in the workspace. */
  dir: string;
  manifest: Manifest;
}

export interface BuiltPackage {
  name: string;
  version: string;
  /** The folder holding the built package, ready for `npm pack`. */
  dir: string;
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, "utf8")) as T;
}

/** Every package of the workspace, by name. */
export async function workspacePackages(): Promise<Map<string, WorkspacePackage>> {
  const root = await readJson<{ workspaces: string[]; engines?: Record<string, string> }>(
    path.join(ROOT, "package.json"),
  );
  const packages = new Map<string, WorkspacePackage>();
  for (const folder of root.workspaces) {
    const dir = path.join(ROOT, folder);
    const manifest = await readJson<Manifest>(path.join(dir, "package.json"));
    packages.set(manifest.name, { name: manifest.name, dir, manifest });
  }
  return packages;
}

/** `name` and the workspace packages it depends on at run time, each after its dependencies. */
export function buildOrder(name: string, packages: Map<string, WorkspacePackage>): WorkspacePackage[] {
  const order: WorkspacePackage[] = [];
  const visit = (current: string, trail: string[]) => {
    if (order.some((p) => p.name === current)) return;
    if (trail.includes(current)) throw new Error(`dependency cycle: ${[...trail, current].join(" -> ")}`);
    const pkg = packages.get(current);
    if (!pkg) throw new Error(`${current} is not a workspace package`);
    for (const dependency of Object.keys(pkg.manifest.dependencies ?? {})) {
      if (packages.has(dependency)) visit(dependency, [...trail, current]);
    }
    order.push(pkg);
  };
  visit(name, []);
  return order;
}

/**
 * The built package's exports: "./src/x.ts" becomes types "./x.d.ts" and code "./x.js" (patterns
 * keep their `*`). An entry that does not point into src/ cannot be built and is refused.
 */
export function builtExports(
  exports: Record<string, string>,
): Record<string, { types: string; default: string }> {
  const built: Record<string, { types: string; default: string }> = {};
  for (const [subpath, target] of Object.entries(exports)) {
    const match = /^\.\/src\/(.+)\.ts$/.exec(target);
    if (!match) throw new Error(`export "${subpath}" points at ${target}, not at a .ts file under ./src/`);
    built[subpath] = { types: `./${match[1]}.d.ts`, default: `./${match[1]}.js` };
  }
  return built;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts"))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** "./x.ts" as a relative module specifier of a declaration file becomes "./x.js", as it does in code. */
function builtSpecifier(node: ts.Node): ts.StringLiteral | undefined {
  if (!ts.isStringLiteral(node) || !/^\.\.?\/.*\.ts$/.test(node.text)) return undefined;
  return ts.factory.createStringLiteral(node.text.replace(/\.ts$/, ".js"));
}

/**
 * TypeScript rewrites the `.ts` of relative imports in the JavaScript it emits but leaves them in
 * declarations, where a project checking library types (skipLibCheck off) would refuse them.
 */
const declarationSpecifiers: ts.TransformerFactory<ts.SourceFile | ts.Bundle> = (context) => {
  const visit = (node: ts.Node): ts.Node => {
    if (ts.isImportDeclaration(node)) {
      const specifier = builtSpecifier(node.moduleSpecifier);
      if (specifier) {
        return ts.factory.updateImportDeclaration(
          node,
          node.modifiers,
          node.importClause,
          specifier,
          node.attributes,
        );
      }
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const specifier = builtSpecifier(node.moduleSpecifier);
      if (specifier) {
        return ts.factory.updateExportDeclaration(
          node,
          node.modifiers,
          node.isTypeOnly,
          node.exportClause,
          specifier,
          node.attributes,
        );
      }
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const specifier = builtSpecifier(node.argument.literal);
      if (specifier) {
        return ts.factory.updateImportTypeNode(
          node,
          ts.factory.createLiteralTypeNode(specifier),
          node.attributes,
          node.qualifier,
          node.typeArguments,
          node.isTypeOf,
        );
      }
    }
    return ts.visitEachChild(node, visit, context);
  };
  return (file) => ts.visitNode(file, visit) as ts.SourceFile | ts.Bundle;
};

function compile(pkg: WorkspacePackage, outDir: string, built: Map<string, BuiltPackage>, files: string[]) {
  // Workspace dependencies resolve to their built declarations, never to their sources, so the
  // declarations emitted here name them as an operator's project will see them.
  const paths: Record<string, string[]> = {};
  for (const [name, dependency] of built) {
    paths[name] = [path.join(dependency.dir, "index.d.ts")];
    paths[`${name}/*`] = [path.join(dependency.dir, "*.d.ts")];
  }
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2023.d.ts"],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    skipLibCheck: true,
    esModuleInterop: true,
    types: ["node"],
    typeRoots: [path.join(ROOT, "node_modules/@types")],
    declaration: true,
    rewriteRelativeImportExtensions: true,
    rootDir: path.join(pkg.dir, "src"),
    outDir,
    paths,
    newLine: ts.NewLineKind.LineFeed,
  };
  const program = ts.createProgram(files, options);
  const emitted = program.emit(undefined, undefined, undefined, false, {
    afterDeclarations: [declarationSpecifiers],
  });
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  if (diagnostics.length > 0) {
    const text = ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => ROOT,
      getNewLine: () => "\n",
    });
    throw new Error(`${pkg.name} does not build:\n${text}`);
  }
}

function builtManifest(pkg: WorkspacePackage, packages: Map<string, WorkspacePackage>, engines: unknown) {
  const { manifest } = pkg;
  // A workspace dependency is pinned to the version built beside it.
  const dependencies = Object.fromEntries(
    Object.entries(manifest.dependencies ?? {}).map(([name, range]) => [
      name,
      packages.get(name)?.manifest.version ?? range,
    ]),
  );
  return {
    name: manifest.name,
    version: manifest.version,
    ...(manifest.description && { description: manifest.description }),
    type: "module",
    ...(manifest.license && { license: manifest.license }),
    engines: manifest.engines ?? engines,
    exports: builtExports(manifest.exports),
    ...(Object.keys(dependencies).length > 0 && { dependencies }),
    ...(manifest.peerDependencies && { peerDependencies: manifest.peerDependencies }),
    ...(manifest.peerDependenciesMeta && { peerDependenciesMeta: manifest.peerDependenciesMeta }),
  };
}

/**
 * Builds the SDK and its workspace dependencies into `outDir/<package folder>`, replacing what was
 * there, and returns them in dependency order.
 */
export async function buildSdk(opts: { outDir: string }): Promise<BuiltPackage[]> {
  const packages = await workspacePackages();
  const root = await readJson<{ engines?: Record<string, string> }>(path.join(ROOT, "package.json"));
  const built = new Map<string, BuiltPackage>();
  for (const pkg of buildOrder(SDK_PACKAGE, packages)) {
    const dir = path.join(opts.outDir, path.basename(pkg.dir));
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    compile(pkg, dir, built, await sourceFiles(path.join(pkg.dir, "src")));
    const manifest = builtManifest(pkg, packages, root.engines);
    await writeFile(path.join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await cp(path.join(pkg.dir, "README.md"), path.join(dir, "README.md")).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    });
    built.set(pkg.name, { name: pkg.name, version: pkg.manifest.version, dir });
  }
  return [...built.values()];
}

/** `npm pack` of each built package into `destination`; the tarballs' paths, in dependency order. */
export async function packSdk(opts: { outDir: string; destination: string }): Promise<string[]> {
  const built = await buildSdk({ outDir: opts.outDir });
  await mkdir(opts.destination, { recursive: true });
  const tarballs: string[] = [];
  for (const pkg of built) {
    const { stdout } = await execFileAsync(
      "npm",
      ["pack", "--json", "--pack-destination", opts.destination, pkg.dir],
      { cwd: opts.destination },
    );
    const [result] = JSON.parse(stdout) as { filename: string }[];
    if (!result) throw new Error(`npm pack of ${pkg.name} reported no tarball`);
    tarballs.push(path.join(opts.destination, result.filename));
  }
  return tarballs;
}
