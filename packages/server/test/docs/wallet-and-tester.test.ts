import { loadConfig, type RunningWallet, startWallet } from "@rgs/reference-wallet";
import { main as tester } from "@rgs/tester/cli";
import { afterAll, describe, expect, it } from "vitest";
import { textSink } from "../../../tester/test/support.ts";
import { commandLines, docFiles } from "./doc-files.ts";

/**
 * docs/reference-wallet.md's wallet and its tester command, run together as written (the secret put in
 * for the placeholder, and the wallet on a free port): every check passes and none is skipped, the
 * cross-player check included.
 */

const SECRET = "docs-example-secret-4f9c1e7a2b";
let wallet: RunningWallet | undefined;
afterAll(async () => wallet?.close());

function documented() {
  const doc = docFiles().find((file) => file.name === "docs/reference-wallet.md");
  if (!doc) throw new Error("docs/reference-wallet.md is missing");
  const commands = commandLines(doc).map((command) => command.text);
  const start = commands.find((text) => text.includes("npm start -w @rgs/reference-wallet"));
  const test = commands.find((text) => text.includes("npm run tester"));
  if (!start || !test) throw new Error(`no wallet and tester commands in ${JSON.stringify(commands)}`);
  return { start, test };
}

function settingsOf(command: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const match of command.matchAll(/\b([A-Z][A-Z0-9_]*)=('[^']*'|\S*)/g)) {
    settings[match[1] ?? ""] = (match[2] ?? "").replace(/^'|'$/g, "");
  }
  return settings;
}

describe("the reference wallet's documented run, with the tester's documented command", () => {
  it("passes every check, the cross-player check included", async () => {
    const { start, test } = documented();
    const walletSettings = settingsOf(start);
    expect(walletSettings.WALLET_SECRET).toBe("<HMAC_SECRET>");
    wallet = await startWallet(loadConfig({ ...walletSettings, WALLET_SECRET: SECRET, WALLET_PORT: "0" }));

    const args = test
      .slice(test.indexOf(" -- ") + 4)
      .split(" ")
      .map((arg) => arg.replace(/^http:\/\/127\.0\.0\.1:9090\//, `${wallet?.url}/`));
    const out = textSink();
    const code = await tester(
      args,
      { RGS_TESTER_SECRET: SECRET },
      { stdout: out.stream, stderr: textSink().stream },
    );
    expect(code, out.text()).toBe(0);
    expect(out.text()).toMatch(/Total +\d+ +0 +0 +0\n/);
    expect(out.text()).toContain("PASS  idempotency.cross-player");
  }, 120_000);
});
