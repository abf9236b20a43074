/**
 * What the cash-out browser suite needs besides the RGS: a fresh PostgreSQL database for it (so the test can
 * read the player's server seed, sealed with the SECRET_KEY it chose, and pick client seeds whose outcome it
 * knows), the reference wallet as a separate process, an operator created with the rgs CLI, signed real-play
 * launches, and the games package replaying a round from its seeds.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { browserHmacSha256 } from "@rgs/games/fair/noble-hmac";
import { FairRandom } from "@rgs/games/fair/random";
import { rtpFromBasisPoints } from "@rgs/games/math/rational";
import { randomPositionOf, type Step } from "@rgs/games/model";
import { GAMES_BY_SLUG } from "@rgs/games/registry";
import { findGame } from "@rgs/protocol/catalog";
import { signedHeaders } from "@rgs/protocol/signing";
import { createSecretBox } from "@rgs/server/crypto/secret-box";
import pg from "pg";
import { TEST_DATABASE_URL } from "../../../../test-support/services.ts";

const REPO = fileURLToPath(new URL("../../../..", import.meta.url));
const run = promisify(execFile);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A database of its own on the test PostgreSQL server, dropped by `drop`. */
export async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rgs_cashout_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Reads server seeds from the RGS's database: the test knows the key that seals them. */
export function seedReader(databaseUrl: string, secretKey: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const box = createSecretBox(Buffer.from(secretKey, "base64"));
  return {
    async serverSeed(hash: string): Promise<string> {
      const { rows } = await pool.query<{ server_seed_sealed: string }>(
        "SELECT server_seed_sealed FROM seed_pairs WHERE server_seed_hash = $1",
        [hash],
      );
      const sealed = rows[0]?.server_seed_sealed;
      if (!sealed) throw new Error(`no seed pair with hash ${hash}`);
      return box.open(sealed);
    },
    close: () => pool.end(),
  };
}

/**
 * The reference wallet, `node --import tsx packages/reference-wallet/src/main.ts`, with these players: each with
 * 1,000.00 USD, or as written in full (`id:GC:1000.00`).
 */
export async function startWallet(
  secret: string,
  players: readonly string[],
): Promise<{ callbackUrl: string; url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "packages/reference-wallet/src/main.ts"],
    {
      cwd: REPO,
      env: {
        ...process.env,
        WALLET_PORT: String(port),
        WALLET_SECRET: secret,
        WALLET_PLAYERS: players.map((id) => (id.includes(":") ? id : `${id}:USD:1000.00`)).join(","),
        WALLET_LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString("utf8");
  });
  for (let attempt = 0; attempt < 150; attempt++) {
    if (child.exitCode !== null) throw new Error(`the reference wallet exited: ${errors}`);
    const healthy = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { callbackUrl: url, url, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the reference wallet did not start: ${errors}`);
}

/** `npm run rgs -- operator create ... --json` against the running server's store; `options` e.g. `--free-rounds on`. */
export async function createOperator(
  env: Record<string, string>,
  callbackUrl: string,
  secret: string,
  options: readonly string[] = [],
): Promise<{ id: string; secret: string }> {
  const { stdout } = await run(
    process.execPath,
    [
      "--import",
      "tsx",
      "packages/server/src/cli/main.ts",
      "operator",
      "create",
      "--name",
      "Cash-out browser suite",
      "--callback-url",
      callbackUrl,
      `--secret=${secret}`,
      ...options,
      "--json",
    ],
    { cwd: REPO, env: { ...process.env, ...env } },
  );
  const created = JSON.parse(stdout) as { operator: { id: string }; secret: string };
  return { id: created.operator.id, secret: created.secret };
}

/** A signed real-play launch for a player of the wallet; `extra` adds to its body (e.g. a jurisdiction). */
export async function realLaunch(
  baseUrl: string,
  operator: { id: string; secret: string },
  playerId: string,
  gameCode: string,
  extra: Record<string, unknown> = {},
): Promise<{ launchUrl: string; token: string }> {
  const body = JSON.stringify({
    playerId,
    currency: "USD",
    gameCode,
    countryCode: "DE",
    demo: false,
    ...extra,
  });
  const response = await fetch(`${baseUrl}/operator/launch`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...signedHeaders({
        operatorId: operator.id,
        secret: operator.secret,
        path: "/operator/launch",
        body,
        nowSeconds: Date.now() / 1000,
      }),
    },
    body,
  });
  const answer = (await response.json()) as { launchUrl?: string };
  if (!response.ok || !answer.launchUrl)
    throw new Error(`real launch of ${gameCode} failed: ${JSON.stringify(answer)}`);
  return {
    launchUrl: answer.launchUrl,
    token: new URL(answer.launchUrl).searchParams.get("sessionToken") ?? "",
  };
}

export interface Seeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

type AnyStep = Step<unknown, unknown>;

/** Replays a round of `code` from its seeds: the opening step, then each action in turn while it stays open. */
export function replay(code: string, params: unknown, actions: readonly unknown[], seeds: Seeds): AnyStep[] {
  const info = findGame(code);
  const game = info && GAMES_BY_SLUG[info.slug];
  if (!info || !game?.parseAction || !game.act) throw new Error(`${code} is not a cash-out game`);
  const rtp = rtpFromBasisPoints(info.rtpBasisPoints);
  const parsed = game.parseParams(params, { rtp, decimals: 2 });
  if (!parsed.ok) throw new Error(`${code} refused ${JSON.stringify(params)}`);
  const fair = new FairRandom(browserHmacSha256, seeds);
  const now = Date.now();
  let step = game.start(
    { stake: 100n, params: parsed.value, rtp, maxWin: 10n ** 12n },
    { random: fair.reader(), now },
  ) as AnyStep;
  const steps = [step];
  for (const input of actions) {
    if (step.closed) break;
    const action = game.parseAction(input, step.state, { rtp, decimals: 2 });
    if (!action.ok) throw new Error(`${code}: ${action.detail}`);
    step = game.act(step.state, action.value, {
      random: fair.reader(randomPositionOf(step.state)),
      now,
    }) as AnyStep;
    steps.push(step);
  }
  return steps;
}
