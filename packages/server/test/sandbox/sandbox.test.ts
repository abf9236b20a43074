import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm run sandbox` as an operator's engineer meets it: started with nothing but ports and a data
 * directory, its printed commands pasted into a shell as they are. The game client is not rebuilt
 * (`--no-build`): the browser suites share packages/client/dist, and the bets here go through the game API.
 */

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const SANDBOX = "packages/server/scripts/sandbox.ts";
const READY = "Ctrl-C stops the RGS and the wallet";
const SLOW = 300_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Once every process writing its output has ended (under npm: the sandbox too, not npm alone). */
  closed: Promise<void>;
}

function startSandbox(
  env: Record<string, string>,
  args: string[] = ["--no-build"],
  opts: { viaNpm?: boolean } = {},
): Running {
  const [command, argv] = opts.viaNpm
    ? ["npm", ["run", "--silent", "sandbox", "--", ...args]]
    : [process.execPath, ["--import", "tsx", SANDBOX, ...args]];
  const child = spawn(command, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk) => {
    text += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  return { child, output: () => text, exited, closed };
}

async function waitForSummary(running: Running): Promise<void> {
  while (!running.output().includes(READY)) {
    const ended = await Promise.race([
      running.exited.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 200)),
    ]);
    if (ended && !running.output().includes(READY)) {
      throw new Error(`the sandbox exited before it was ready:\n${running.output()}`);
    }
  }
}

/** The printed facts and commands. */
function summaryOf(output: string) {
  const line = (pattern: RegExp) => {
    const match = output.match(pattern);
    if (!match?.[1]) throw new Error(`${pattern} not in:\n${output}`);
    return match[1];
  };
  return {
    operatorId: line(/Operator ID: +(\S+)/),
    credentialsFile: line(/Secret: +in (\S+)/),
    launch: line(/^ {2}(\(\. .*)$/m),
    tester: line(/^ {2}(\(cd .*)$/m),
  };
}

/** Runs a printed command as a person pasting it would, in sh. */
function shell(command: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile("sh", ["-c", command], { cwd: os.tmpdir() }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Resolves once nothing accepts connections on `port` any more. */
async function untilRefused(port: number): Promise<void> {
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (!open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe("npm run sandbox", () => {
  it("refuses RGS_ENV=production, and writes nothing", async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), "rgs-sandbox-production-"));
    cleanups.push(() => rm(parent, { recursive: true, force: true }));
    const dataDir = path.join(parent, "data");
    const running = startSandbox({ RGS_ENV: "production", DATA_DIR: dataDir });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain("npm run sandbox refuses RGS_ENV=production");
    await expect(stat(dataDir)).rejects.toThrow(/ENOENT/);
  }, 60_000);

  it("answers a wrong argument with its usage and exit code 2", async () => {
    const running = startSandbox({}, ["--port", "1"]);
    expect(await running.exited).toBe(2);
    expect(running.output()).toContain("usage: npm run sandbox");
  }, 60_000);

  it(
    "prints a real-money launch that plays and a tester command that passes, and reuses both on a restart",
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), "rgs-sandbox-"));
      const env = {
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        WALLET_PORT: String(await freePort()),
        HOST: "127.0.0.1",
      };
      // As an engineer starts it, and as a script stops what it started: a SIGTERM to npm.
      const first = startSandbox(env, ["--no-build"], { viaNpm: true });
      cleanups.push(async () => {
        if (first.child.exitCode === null) first.child.kill("SIGKILL");
        await rm(dataDir, { recursive: true, force: true });
      });
      await waitForSummary(first);
      const summary = summaryOf(first.output());
      expect(summary.credentialsFile).toBe(path.join(dataDir, "sandbox-operator.env"));
      expect((await stat(summary.credentialsFile)).mode & 0o777).toBe(0o600);
      const credentials = await readFile(summary.credentialsFile, "utf8");
      expect(credentials).toContain(`OPERATOR_ID=${summary.operatorId}\n`);

      const launched = await shell(summary.launch);
      expect(launched.code, launched.stderr).toBe(0);
      const launch = JSON.parse(launched.stdout) as { launchUrl: string; demo: boolean; currency: string };
      expect(launch).toMatchObject({ demo: false, currency: "USD" });
      const token = new URL(launch.launchUrl).searchParams.get("sessionToken") ?? "";
      const bet = await fetch(`http://127.0.0.1:${env.PORT}/game/play`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ amount: "1.00", params: { condition: "over", target: "50.50" } }),
      });
      expect(bet.status).toBe(200);
      const played = (await bet.json()) as { round: { id: string; stake: string }; balance: string };
      expect(played.round.stake).toBe("1.00");
      const statement = (await (
        await fetch(`http://127.0.0.1:${env.WALLET_PORT}/admin/players/player-1`)
      ).json()) as {
        balance: string;
        reconciled: boolean;
        transactions: { kind: string; roundId: string }[];
      };
      expect(statement.balance).toBe(played.balance);
      expect(statement.reconciled).toBe(true);
      expect(statement.transactions).toContainEqual(
        expect.objectContaining({ kind: "debit", roundId: played.round.id }),
      );

      const tester = await shell(summary.tester);
      expect(tester.code, `${tester.stdout}\n${tester.stderr}`).toBe(0);
      expect(tester.stdout).toContain("PASSED");
      // Nothing skipped: the cross-player check had its second player in the same currency.
      expect(tester.stdout).toMatch(/Total +\d+ +0 +0 +0\n/);

      // npm passes the SIGTERM to its shell only: the sandbox sees it gone and stops both servers.
      first.child.kill("SIGTERM");
      await first.closed;
      expect(first.output()).toContain("Sandbox stopped.");
      await untilRefused(Number(env.PORT));
      await untilRefused(Number(env.WALLET_PORT));

      const second = startSandbox(env);
      cleanups.push(async () => {
        if (second.child.exitCode === null) second.child.kill("SIGKILL");
      });
      await waitForSummary(second);
      const again = summaryOf(second.output());
      expect(again.operatorId).toBe(summary.operatorId);
      expect(second.output()).not.toContain("New secret");
      expect(await readFile(summary.credentialsFile, "utf8")).toBe(credentials);
      expect(second.output()).toContain(`player-1 ${played.balance}`);
      const relaunched = await shell(again.launch);
      expect(JSON.parse(relaunched.stdout)).toMatchObject({ demo: false });

      // Killed outright, the sandbox cannot stop its servers: they notice it is gone and stop themselves.
      second.child.kill("SIGKILL");
      await second.exited;
      await untilRefused(Number(env.PORT));
      await untilRefused(Number(env.WALLET_PORT));
    },
    SLOW,
  );
});
