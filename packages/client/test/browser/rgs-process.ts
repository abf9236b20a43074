/**
 * A real RGS for the browser suite: `node --import tsx packages/server/src/main.ts` on a free port with a
 * temporary data directory, in staging (sandbox operator), and signed demo launches against it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { signedHeaders } from "@rgs/protocol/signing";

const REPO = fileURLToPath(new URL("../../../..", import.meta.url));

export interface Rgs {
  baseUrl: string;
  /** The server's DATA_DIR (its admin socket and keys), for the rgs CLI. */
  dataDir: string;
  operatorId: string;
  secret: string;
  /** A demo session of a game for a fresh player: its launch URL and token. */
  launch(gameCode: string, extra?: Record<string, unknown>): Promise<{ launchUrl: string; token: string }>;
  /** A game API call with a session token. */
  game<T>(token: string, method: "GET" | "POST", path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function waitForBanner(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    let errors = "";
    const timer = setTimeout(
      () => reject(new Error(`the RGS did not start in time:\n${output}\n${errors}`)),
      // Compiling the server's sources on start takes over a minute on a machine busy with other suites.
      150_000,
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (/HMAC secret: \S+/.test(output) && /Operator ID: \S+/.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      errors += chunk.toString("utf8");
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the RGS exited with ${code}:\n${output}\n${errors}`));
    });
  });
}

/** `env`: settings of this server on top of the suite's (e.g. SESSION_TTL_SECONDS, DEMO_BALANCE). */
export async function startRgs(options: { env?: Record<string, string> } = {}): Promise<Rgs> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rgs-browser-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    RGS_ENV: "staging",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    GAME_RATE_LIMIT_PER_SECOND: "1000",
    GAME_RATE_LIMIT_BURST: "1000",
    ...options.env,
  };
  // The embedded store in the temporary directory, whatever the surrounding shell points at.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SECRET_KEY;
  // Unless the suite asks for one: a PostgreSQL store (DATABASE_URL with its SECRET_KEY) wins over the default.
  Object.assign(env, options.env);
  const child = spawn(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], {
    cwd: REPO,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  let banner: string;
  try {
    banner = await waitForBanner(child);
  } catch (error) {
    await stop();
    throw error;
  }
  const operatorId = /Operator ID: (\S+)/.exec(banner)?.[1] ?? "";
  const secret = /HMAC secret: (\S+)/.exec(banner)?.[1] ?? "";
  let players = 0;

  return {
    baseUrl,
    dataDir,
    operatorId,
    secret,
    async launch(gameCode, extra = {}) {
      const body = JSON.stringify({
        playerId: `browser-${process.pid}-${++players}`,
        currency: "USD",
        gameCode,
        countryCode: "DE",
        demo: true,
        ...extra,
      });
      const response = await fetch(`${baseUrl}/operator/launch`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...signedHeaders({
            operatorId,
            secret,
            path: "/operator/launch",
            body,
            nowSeconds: Date.now() / 1000,
          }),
        },
        body,
      });
      const answer = (await response.json()) as { launchUrl?: string };
      if (!response.ok || !answer.launchUrl)
        throw new Error(`launch of ${gameCode} failed: ${JSON.stringify(answer)}`);
      return {
        launchUrl: answer.launchUrl,
        token: new URL(answer.launchUrl).searchParams.get("sessionToken") ?? "",
      };
    },
    async game<T>(token: string, method: "GET" | "POST", apiPath: string, body?: unknown) {
      const response = await fetch(`${baseUrl}${apiPath}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined && { "content-type": "application/json" }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const answer = (await response.json()) as T;
      if (!response.ok) throw new Error(`${method} ${apiPath}: ${JSON.stringify(answer)}`);
      return answer;
    },
    stop,
  };
}
