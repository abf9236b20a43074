import path from "node:path";
import { packSdk } from "./package-build.ts";

/**
 * `npm run sdk:pack [-- DESTINATION]`: builds the operator SDK and @rgs/protocol and packs them as
 * tarballs an operator installs in a project of their own (default destination: artifacts/sdk).
 */
const root = path.resolve(import.meta.dirname, "../../..");
const destination = path.resolve(process.argv[2] ?? path.join(root, "artifacts/sdk"));
const tarballs = await packSdk({ outDir: path.join(destination, "build"), destination });
const relative = tarballs.map((file) => {
  const shorter = path.relative(process.cwd(), file);
  return shorter.startsWith("..") ? file : shorter;
});
process.stdout.write(
  [
    "Packed:",
    ...relative.map((file) => `  ${file}`),
    "",
    "Install them together in your project:",
    `  npm install ${relative.join(" ")}`,
    "",
  ].join("\n"),
);
