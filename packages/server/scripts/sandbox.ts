/**
 * `npm run sandbox`: a staging RGS and the reference wallet, wired for real-money play in one command. It
 * creates (or reuses) the sandbox operator with the wallet as its callback URL, keeps its secret in
 * DATA_DIR/sandbox-operator.env, gives the wallet a player to launch and two for the integration tester,
 * checks that a real-money launch works, and prints what to paste. Both servers log to files in
 * DATA_DIR/sandbox, so what it printed stays on the screen. Ctrl-C stops both, and so does a SIGTERM to the
 * sandbox or to the npm that started it.
 *
 * The RGS's own settings apply (PORT, DATA_DIR, DATABASE_URL, ...); WALLET_PORT moves the wallet. It
 * refuses RGS_ENV=production: production has no sandbox operator. `--no-build` skips building the game
 * client, for a restart when packages/client/dist is up to date.
 */
import { spawn } from "node:child_process";
import { mkdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { signedHeaders } from "@rgs/protocol/signing";
import { preferQuickWasmStartup } from "../src/cli/quick-wasm.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { sandboxCredentialsPath } from "../src/operators/sandbox-credentials.ts";
import { StoreLockedError } from "../src/store/lock.ts";
import { SandboxChild } from "./sandbox/child.ts";
import { prepareSandboxOperator, type SandboxOperator } from "./sandbox/operator-setup.ts";
import { stopWhenOrphaned } from "./sandbox/stop-when-orphaned.ts";
import { type SandboxPlayer, sandboxSummary } from "./sandbox/summary.ts";

const REPO = path.resolve(import.meta.dirname, "../../..");
const DEFAULT_WALLET_PORT = 9090;
const CALLBACK_PATH = "/wallet/v2";
const CURRENCY = "USD";
const OPENING_BALANCE = "1000.00";
const LAUNCH_PLAYER = "player-1";
const TESTER_PLAYERS = ["tester-1", "tester-2"] as const;
const START_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 30_000;

const USAGE = "usage: npm run sandbox [-- --no-build]";
const HELP = [
  USAGE,
  "",
  "Starts a staging RGS and the reference wallet wired for real-money play, and prints a signed launch",
  "and an integration-tester command to paste. The RGS's settings apply (PORT, DATA_DIR, DATABASE_URL, ...);",
  `WALLET_PORT moves the wallet (default ${DEFAULT_WALLET_PORT}). Refuses RGS_ENV=production.`,
  "",
  "  --no-build   do not build the game client first (packages/client/dist is up to date)",
].join("\n");

class SandboxError extends Error {
  override name = "SandboxError";

  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Whether to build the game client first; a wrong argument is a usage error (exit code 2). */
function parseFlags(argv: string[]): { build: boolean; help: boolean } {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { "no-build": { type: "boolean" }, help: { type: "boolean", short: "h" } },
      strict: true,
    });
    return { build: values["no-build"] !== true, help: values.help === true };
  } catch (error) {
    throw new SandboxError(`error: ${(error as Error).message}\n${USAGE}`, 2);
  }
}

function say(text: string): void {
  process.stdout.write(`${text}\n`);
}

function sandboxConfig(): { config: Config; walletPort: number } {
  const loaded = loadConfig(process.env);
  if (!loaded.ok) {
    throw new SandboxError(
      [
        "The sandbox cannot start: the configuration is invalid.",
        ...loaded.errors.map((e) => `  - ${e}`),
      ].join("\n"),
    );
  }
  if (loaded.config.environment === "production") {
    throw new SandboxError(
      "npm run sandbox refuses RGS_ENV=production: production has no sandbox operator, and its secret is never written to disk. Unset RGS_ENV (staging is the default).",
    );
  }
  const walletPort = Number(process.env.WALLET_PORT ?? DEFAULT_WALLET_PORT);
  if (!Number.isInteger(walletPort) || walletPort < 1 || walletPort > 65535) {
    throw new SandboxError(`WALLET_PORT must be a TCP port (1 to 65535), got '${process.env.WALLET_PORT}'.`);
  }
  if (walletPort === loaded.config.port) {
    throw new SandboxError(`WALLET_PORT and PORT are both ${walletPort}: give the wallet another port.`);
  }
  return { config: loaded.config, walletPort };
}

/** Fails early, with the setting to change, when a port is taken (an RGS from `npm start`, say). */
async function ensurePortFree(port: number, host: string, setting: string): Promise<void> {
  const server = net.createServer();
  const free = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
  if (!free) {
    throw new SandboxError(
      `Port ${port} is in use (an RGS or wallet already running?): stop it, or choose another with ${setting}=...`,
    );
  }
}

function buildClient(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "build:client"], { cwd: REPO, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new SandboxError("Building the game client failed (npm run build:client).")),
    );
  });
}

async function prepareOperator(config: Config, callbackUrl: string): Promise<SandboxOperator> {
  // This process opens the store once, briefly; the RGS it starts next keeps the optimising compiler.
  preferQuickWasmStartup();
  try {
    return await prepareSandboxOperator(config, callbackUrl, (message) => say(`warning: ${message}`));
  } catch (error) {
    if (error instanceof StoreLockedError) {
      throw new SandboxError(
        `${error.message} The sandbox starts its own RGS on this data directory: stop the other one first.`,
      );
    }
    throw error;
  }
}

function walletEnv(config: Config, operator: SandboxOperator, walletPort: number): NodeJS.ProcessEnv {
  const { credentials } = operator;
  const secrets = [credentials.secret];
  if (credentials.previous && credentials.previous.validUntil.getTime() > Date.now()) {
    secrets.push(credentials.previous.secret);
  }
  const players = [LAUNCH_PLAYER, ...TESTER_PLAYERS].map((id) => `${id}:${CURRENCY}:${OPENING_BALANCE}`);
  return {
    ...process.env,
    WALLET_SECRETS: secrets.join(","),
    WALLET_OPERATOR_ID: credentials.operatorId,
    WALLET_HOST: "127.0.0.1",
    WALLET_PORT: String(walletPort),
    WALLET_BASE_PATH: CALLBACK_PATH,
    WALLET_DATA_DIR: path.join(config.dataDir, "sandbox", "wallet"),
    WALLET_PLAYERS: players.join(","),
  };
}

/** The RGS's own address, whatever HOST it listens on. */
function rgsLocalUrl(config: Config): string {
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.port}`;
}

/**
 * A signed real-money launch of the printed command's player: proves the RGS reaches the wallet. Its body
 * lists the fields in another order than the printed command's, so the two are never the same signed
 * request, which the RGS would refuse as a replay when pasted within the same second.
 */
async function checkRealLaunch(rgsUrl: string, operator: SandboxOperator): Promise<void> {
  const body = JSON.stringify({
    demo: false,
    playerId: LAUNCH_PLAYER,
    currency: CURRENCY,
    gameCode: "dice-alpha",
    countryCode: "DE",
  });
  const { operatorId, secret } = operator.credentials;
  const response = await fetch(`${rgsUrl}/operator/launch`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...signedHeaders({ operatorId, secret, path: "/operator/launch", body, nowSeconds: Date.now() / 1000 }),
    },
    body,
  });
  if (!response.ok) {
    throw new SandboxError(
      `The check launch of real money was refused: ${response.status} ${await response.text()}`,
    );
  }
}

async function balanceOf(walletUrl: string, id: string): Promise<SandboxPlayer> {
  const response = await fetch(`${walletUrl}/admin/players/${encodeURIComponent(id)}`);
  const statement = response.ok ? ((await response.json()) as { balance?: string }) : {};
  return { id, balance: statement.balance ?? "(unknown)" };
}

function stopOnSignals(children: SandboxChild[]): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal}: stopping the RGS and the wallet...`);
    await Promise.all(children.map((child) => child.stop(STOP_GRACE_MS)));
    say("Sandbox stopped.");
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void stop(signal));
  for (const child of children) {
    void child.exited.then(async (code) => {
      if (stopping) return;
      stopping = true;
      process.stderr.write(
        `\nThe ${child.name} stopped (exit code ${code}); see ${child.logFile}. Last lines:\n${child.tail}\n`,
      );
      await Promise.all(children.map((other) => other.stop(STOP_GRACE_MS)));
      process.exit(1);
    });
  }
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  if (flags.help) {
    say(HELP);
    return;
  }
  stopWhenOrphaned();
  const { config, walletPort } = sandboxConfig();
  await ensurePortFree(config.port, config.host, "PORT");
  await ensurePortFree(walletPort, "127.0.0.1", "WALLET_PORT");
  const walletUrl = `http://127.0.0.1:${walletPort}`;
  const callbackUrl = `${walletUrl}${CALLBACK_PATH}`;
  const logDir = path.join(config.dataDir, "sandbox");
  await mkdir(logDir, { recursive: true, mode: 0o700 });
  say(`Starting the sandbox: the RGS on port ${config.port}, the reference wallet on port ${walletPort}...`);

  const [operator] = await Promise.all([
    prepareOperator(config, callbackUrl),
    flags.build ? buildClient() : Promise.resolve(),
  ]);
  const wallet = new SandboxChild({
    name: "wallet",
    script: "packages/reference-wallet/src/main.ts",
    cwd: REPO,
    env: walletEnv(config, operator, walletPort),
    logFile: path.join(logDir, "wallet.log"),
    // A test wallet for one person: its store starts faster with V8's baseline WebAssembly compiler only
    // (see src/cli/quick-wasm.ts), and its few requests never need the optimising one.
    nodeOptions: ["--liftoff-only"],
  });
  const rgs = new SandboxChild({
    name: "RGS",
    script: "packages/server/src/main.ts",
    cwd: REPO,
    env: { ...process.env, RGS_ENV: "staging" },
    logFile: path.join(logDir, "rgs.log"),
  });
  const children = [rgs, wallet];
  try {
    const rgsUrl = rgsLocalUrl(config);
    await Promise.all([
      wallet.waitUntilAnswering(`${walletUrl}/health`, START_TIMEOUT_MS),
      rgs.waitUntilAnswering(`${rgsUrl}/readyz`, START_TIMEOUT_MS),
    ]);
    await checkRealLaunch(rgsUrl, operator);
  } catch (error) {
    const failed = children.find((child) => !child.running);
    await Promise.all(children.map((child) => child.stop(STOP_GRACE_MS)));
    const detail = failed ? `\nLast lines of ${failed.logFile}:\n${failed.tail}` : "";
    throw new SandboxError(`${(error as Error).message}${detail}`);
  }
  stopOnSignals(children);

  const players = await Promise.all([LAUNCH_PLAYER, ...TESTER_PLAYERS].map((id) => balanceOf(walletUrl, id)));
  say(
    `\n${sandboxSummary({
      repoDir: REPO,
      rgsUrl: config.publicBaseUrl,
      walletCallbackUrl: callbackUrl,
      operatorId: operator.credentials.operatorId,
      credentialsFile: sandboxCredentialsPath(config.dataDir),
      ...(operator.reissued && {
        secretNote: "New secret: the previous one was not on file (created before it) and is revoked.",
      }),
      currency: CURRENCY,
      launchPlayer: players[0] as SandboxPlayer,
      testerPlayers: [players[1] as SandboxPlayer, players[2] as SandboxPlayer],
      logFiles: children.map((child) => child.logFile),
    })}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof SandboxError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(error.exitCode);
  }
  process.stderr.write(
    `The sandbox failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
