import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { signedHeaders } from "@rgs/protocol/signing";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const MAIN = "packages/server/src/main.ts";

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
}

function start(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
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
  return { child, output: () => text, exited };
}

async function waitFor(running: Running, pattern: RegExp): Promise<RegExpMatchArray> {
  for (;;) {
    const match = running.output().match(pattern);
    if (match) return match;
    const ended = await Promise.race([
      running.exited.then(() => true),
      new Promise((r) => setTimeout(() => r(false), 100)),
    ]);
    if (ended) {
      const late = running.output().match(pattern);
      if (late) return late;
      throw new Error(`process exited before printing ${pattern}:\n${running.output()}`);
    }
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe("npm start", () => {
  it("prints sandbox credentials that sign a working demo launch, holds its data directory, stops on SIGTERM", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "rgs-main-"));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" };
    const server = start(env);
    cleanups.push(async () => {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    });

    const [, baseUrl] = await waitFor(server, /listening on (http:\/\/\S+)/);
    expect(baseUrl).toBe(`http://127.0.0.1:${port}`);
    const [, operatorId] = await waitFor(server, /Operator ID: (\S+)/);
    const [, secret] = await waitFor(server, /HMAC secret: (\S+)/);
    const [, command] = await waitFor(server, /(OPERATOR_ID=.*curl .*)\n/);
    expect(command).toContain(`OPERATOR_ID='${operatorId}'`);
    expect(command).toContain("openssl dgst -sha256 -hmac");

    const body = JSON.stringify({
      playerId: "p1",
      currency: "USD",
      gameCode: "dice-alpha",
      countryCode: "DE",
      demo: true,
    });
    const response = await fetch(`${baseUrl}/operator/launch`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...signedHeaders({
          operatorId,
          secret: secret ?? "",
          path: "/operator/launch",
          body,
          nowSeconds: Date.now() / 1000,
        }),
      },
      body,
    });
    expect(response.status).toBe(200);
    const launched = (await response.json()) as { launchUrl: string };
    expect(launched.launchUrl).toMatch(new RegExp(`^http://localhost:${port}/play/dice\\?sessionToken=`));

    const second = start({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("is using the data directory");
    expect(second.output()).not.toMatch(/\n\s+at /);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const restarted = start(env);
    cleanups.push(async () => {
      if (restarted.child.exitCode === null) restarted.child.kill("SIGKILL");
    });
    await waitFor(restarted, /Operator ID: (\S+)/);
    await waitFor(restarted, /rotate-secret/);
    expect(restarted.output()).toContain(`Operator ID: ${operatorId}`);
    expect(restarted.output()).not.toContain(secret);
    restarted.child.kill("SIGINT");
    expect(await restarted.exited).toBe(0);
  }, 120_000);

  it("prints each configuration error and exits 1", async () => {
    const running = start({ PORT: "http", SIGNATURE_WINDOW_SECONDS: "-1", DATA_DIR: os.tmpdir() });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain("configuration is invalid");
    expect(running.output()).toContain("PORT");
    expect(running.output()).toContain("SIGNATURE_WINDOW_SECONDS");
  }, 60_000);
});

describe("npm start with METRICS_PORT", () => {
  it("serves /metrics on its own listener only, behind METRICS_TOKEN, and stops it on SIGTERM", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "rgs-metrics-"));
    const [port, metricsPort] = [await freePort(), await freePort()];
    const token = "scrape-token-for-main-test";
    const server = start({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: token,
    });
    cleanups.push(async () => {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    });
    const [, metricsUrl] = await waitFor(server, /Metrics: +(http:\/\/\S+)/);
    expect(metricsUrl).toBe(`http://127.0.0.1:${metricsPort}/metrics`);

    const scrape = await fetch(metricsUrl ?? "", { headers: { authorization: `Bearer ${token}` } });
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain("process_resident_memory_bytes");
    const refused = await fetch(metricsUrl ?? "");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: "invalid_metrics_token" });
    const onGamePort = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(onGamePort.status).toBe(404);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 120_000);
});

describe("npm start and the audit trail", () => {
  function cli(
    args: string[],
    env: Record<string, string>,
  ): Promise<{ code: number | null; stdout: string }> {
    const child = spawn(process.execPath, ["--import", "tsx", "packages/server/src/cli/main.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
    });
    return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout })));
  }

  it("records its start with the digests GET /operator/integrity serves, and logs each sealed head", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "rgs-main-audit-"));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" };
    const server = start({ ...env, LOG_LEVEL: "info" });
    cleanups.push(async () => {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    });
    const [, baseUrl] = await waitFor(server, /listening on (http:\/\/\S+)/);
    const [, operatorId] = await waitFor(server, /Operator ID: (\S+)/);
    const [, secret] = await waitFor(server, /HMAC secret: (\S+)/);
    const integrity = await fetch(`${baseUrl}/operator/integrity`, {
      headers: signedHeaders({
        operatorId: operatorId ?? "",
        secret: secret ?? "",
        path: "/operator/integrity",
        body: "",
        nowSeconds: Date.now() / 1000,
      }),
    });
    expect(integrity.status).toBe(200);
    const served = (await integrity.json()) as { digest: string; parts: unknown[] };

    // The sandbox operator and the start are sealed within seconds, and the head is logged, signed.
    const [, logged] = await waitFor(server, /(\{[^\n]*"audit: records sealed"[^\n]*\})/);
    expect(JSON.parse(logged ?? "{}")).toMatchObject({
      audit: {
        head: { statement: expect.stringContaining("rgs-audit-head/1"), signature: expect.any(String) },
      },
    });
    const listed = await cli(["audit", "list", "--kind", "server.started", "--json"], env);
    expect(listed.code).toBe(0);
    const [started] = JSON.parse(listed.stdout) as {
      actor: string;
      data: { integrity: { digest: string } };
    }[];
    expect(started?.data.integrity.digest).toBe(served.digest);
    const verified = await cli(["audit", "verify"], env);
    expect(verified.stdout).toContain("The audit trail is intact.");
    expect(verified.code).toBe(0);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 120_000);
});
