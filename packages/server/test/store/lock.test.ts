import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  acquireDataDirLock,
  connectToLockOwner,
  lockSocketPath,
  StoreLockedError,
} from "../../src/store/lock.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/hold-lock.ts", import.meta.url));

let root: string;
let dataDir: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "rgs-lock-"));
  dataDir = path.join(root, "nested", "data");
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  await rm(root, { recursive: true, force: true });
});

/** Starts a process holding the lock and resolves once it does. */
function holdInChild(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE, dir], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout?.on("data", (chunk) => {
      if (String(chunk).includes("locked")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`lock holder exited with ${code}: ${stderr}`)));
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

function readAll(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.once("end", () => resolve(text));
  });
}

describe("acquireDataDirLock", () => {
  it("creates the data directory and a socket only its owner may use", async () => {
    const lock = await acquireDataDirLock(dataDir);
    expect(lock.socketPath).toBe(path.join(dataDir, "rgs.sock"));
    expect(statSync(lock.socketPath).isSocket()).toBe(true);
    expect(statSync(lock.socketPath).mode & 0o777).toBe(0o600);
    await lock.release();
  });

  it("refuses a second acquisition while the lock is held, naming the socket", async () => {
    const lock = await acquireDataDirLock(dataDir);
    const attempt = acquireDataDirLock(dataDir);
    await expect(attempt).rejects.toBeInstanceOf(StoreLockedError);
    await expect(attempt).rejects.toThrow(lock.socketPath);
    await expect(attempt).rejects.toThrow(
      /Another RGS process \(server or CLI\) is using the data directory/,
    );
    await lock.release();
  });

  it("release removes the socket and lets the next owner in", async () => {
    const first = await acquireDataDirLock(dataDir);
    await first.release();
    expect(existsSync(first.socketPath)).toBe(false);
    const second = await acquireDataDirLock(dataDir);
    await second.release();
  });

  it("refuses while another process holds the lock", async () => {
    await holdInChild(dataDir);
    await expect(acquireDataDirLock(dataDir)).rejects.toBeInstanceOf(StoreLockedError);
  });

  it("recovers the stale socket of a process killed with SIGKILL", async () => {
    const child = await holdInChild(dataDir);
    await killed(child);
    expect(existsSync(path.join(dataDir, "rgs.sock"))).toBe(true);
    expect(await connectToLockOwner(dataDir)).toBeUndefined();
    const lock = await acquireDataDirLock(dataDir);
    await lock.release();
  });

  it("lets exactly one of several simultaneous acquisitions win", async () => {
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => acquireDataDirLock(dataDir)));
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(StoreLockedError);
    await won[0]?.value.release();
  });

  it("falls back to a private temporary directory when the socket path would be too long", async () => {
    const longDir = path.join(root, "d".repeat(60), "e".repeat(60));
    const lock = await acquireDataDirLock(longDir);
    expect(lock.socketPath.startsWith(os.tmpdir())).toBe(true);
    expect(Buffer.byteLength(lock.socketPath)).toBeLessThan(104);
    expect(statSync(path.dirname(lock.socketPath)).mode & 0o777).toBe(0o700);
    expect(await lockSocketPath(longDir, false)).toBe(lock.socketPath);
    await expect(acquireDataDirLock(longDir)).rejects.toBeInstanceOf(StoreLockedError);
    const other = await acquireDataDirLock(path.join(root, "d".repeat(60), "f".repeat(60)));
    expect(other.socketPath).not.toBe(lock.socketPath);
    await Promise.all([lock.release(), other.release()]);
    expect(existsSync(lock.socketPath)).toBe(false);
  });
});

describe("connectToLockOwner", () => {
  it("reaches the owner's connection handler", async () => {
    const lock = await acquireDataDirLock(dataDir);
    lock.onConnection((socket) => socket.end("hello from the owner\n"));
    const socket = await connectToLockOwner(dataDir);
    expect(socket).toBeDefined();
    expect(await readAll(socket as net.Socket)).toBe("hello from the owner\n");
    await lock.release();
  });

  it("reaches an owner in another process", async () => {
    await holdInChild(dataDir);
    const socket = await connectToLockOwner(dataDir);
    expect(await readAll(socket as net.Socket)).toBe("owner\n");
  });

  it("answers undefined when nobody holds the lock", async () => {
    expect(await connectToLockOwner(dataDir)).toBeUndefined();
    const lock = await acquireDataDirLock(dataDir);
    await lock.release();
    expect(await connectToLockOwner(dataDir)).toBeUndefined();
  });

  it("does not keep release waiting on open connections", async () => {
    const lock = await acquireDataDirLock(dataDir);
    lock.onConnection(() => {});
    const socket = await connectToLockOwner(dataDir);
    const closed = new Promise((resolve) => socket?.once("close", resolve));
    await lock.release();
    await closed;
  });
});
