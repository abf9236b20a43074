import type { IntegrityManifest } from "../integrity/integrity-manifest.ts";
import type { CommandSpec } from "./command-spec.ts";

/**
 * `integrity`: the digests of the software in this checkout, as GET /operator/integrity gives those of a
 * running server and its start record keeps them. Reads files only: no store, no configuration. The
 * manifest's module is loaded when the command runs: it reads the operator API's version from the protocol's
 * schemas (TypeBox, some 700 modules), which the CLI's help and usage errors would otherwise load too.
 */

function formatIntegrity(manifest: IntegrityManifest): string {
  const width = Math.max(...manifest.parts.map((part) => `${part.kind}:${part.name}`.length));
  const lines = [
    `Server ${manifest.serverVersion}, operator API ${manifest.apiVersion}; digest of the whole set: ${manifest.digest}`,
    "",
    ...manifest.parts.flatMap((part) => [
      `${`${part.kind}:${part.name}`.padEnd(width)}  ${part.digest ?? "(absent)".padEnd(64)}  ${part.files} ${part.kind === "lockfile" ? "dependencies" : "files"}  ${part.path}`,
      ...(part.fileDigests ?? []).map((file) => `    ${file.sha256}  ${file.path}`),
    ]),
  ];
  return lines.join("\n");
}

export const INTEGRITY_COMMANDS: CommandSpec[] = [
  {
    name: "integrity",
    args: "[--files]",
    summary:
      "List the digested set of this checkout (each package's sources, the lock file's dependency hashes, the built client, each game's rules and paytables) with each part's SHA-256 and the digest of the whole; --files adds every file's. A running server gives its own with GET /operator/integrity and in its start record (docs/audit.md).",
    options: { files: { type: "boolean" } },
    positionals: { names: [] },
    store: false,
    prepare(values) {
      const withFiles = values.files === true;
      return async () => {
        const { computeIntegrity } = await import("../integrity/integrity-manifest.ts");
        const manifest = await computeIntegrity({ withFiles });
        return { json: manifest, text: formatIntegrity(manifest) };
      };
    },
  },
];
