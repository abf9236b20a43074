import { createHash } from "node:crypto";
import { chmod, lstat, mkdir, realpath, unlink } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Exclusive use of a data directory, held by listening on the Unix socket `DATA_DIR/rgs.sock`.
 * The kernel closes the socket when its process dies, however it dies, so a lock left behind by a
 * crash is recognisable: its file still exists but connecting to it is refused. The same socket
 * lets the CLI reach the running server (see connectToLockOwner).
 *
 * Unix socket paths are limited to about 104 bytes. When `DATA_DIR/rgs.sock` is longer, the socket
 * lives at `<tmpdir>/rgs-<uid>/<sha256 of the real DATA_DIR path>.sock` instead, in a directory only
 * the current user may enter; every process using the same DATA_DIR derives the same path.
 */
export class StoreLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly socketPath: string,
  ) {
    super(
      `Another RGS process (server or CLI) is using the data directory ${dataDir}: ` +
        `its lock socket ${socketPath} belongs to a live process. Stop that process first.`,
    );
    this.name = "StoreLockedError";
  }
}

export interface DataDirLock {
  socketPath: string;
  /** Receives every connection made to the lock socket (the admin interface is served over it). */
  onConnection(handler: (socket: net.Socket) => void): void;
  release(): Promise<void>;
}

const SOCKET_NAME = "rgs.sock";
/** macOS allows 104 bytes including the terminating NUL, Linux 108. */
const MAX_SOCKET_PATH_BYTES = 103;

export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const socketPath = await lockSocketPath(dir, true);
  // A second round covers losing a race: another process listened between our probe and our listen.
  for (let attempt = 0; attempt < 2; attempt++) {
    const before = await inode(socketPath);
    const state = await probe(socketPath);
    if (state === "live") throw new StoreLockedError(dir, socketPath);
    // Only the file found refusing is removed: if another process replaced it meanwhile, its live
    // socket stays and our listen below fails. (What remains is the instant between this check and
    // the unlink, which two processes recovering the same crash would have to hit together.)
    if (state === "stale" && (await inode(socketPath)) === before)
      await unlink(socketPath).catch(ignoreMissing);
    try {
      return await listen(socketPath);
    } catch (error) {
      if (errorCode(error) !== "EADDRINUSE") throw error;
    }
  }
  throw new StoreLockedError(dir, socketPath);
}

/** A connection to the process holding the lock, or undefined when no live process holds it. */
export async function connectToLockOwner(dataDir: string): Promise<net.Socket | undefined> {
  const socketPath = await lockSocketPath(path.resolve(dataDir), false);
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    socket.once("connect", () => {
      socket.removeAllListeners("error");
      resolve(socket);
    });
    socket.once("error", (error) => {
      const code = errorCode(error);
      if (code === "ENOENT" || code === "ECONNREFUSED") resolve(undefined);
      else reject(error);
    });
  });
}

export async function lockSocketPath(dataDir: string, create: boolean): Promise<string> {
  const direct = path.join(dataDir, SOCKET_NAME);
  if (Buffer.byteLength(direct) <= MAX_SOCKET_PATH_BYTES) return direct;
  const real = await realpath(dataDir).catch(() => dataDir);
  const digest = createHash("sha256").update(real).digest("hex").slice(0, 32);
  const dir = path.join(os.tmpdir(), `rgs-${process.getuid?.() ?? "user"}`);
  if (create) await privateDirectory(dir);
  return path.join(dir, `${digest}.sock`);
}

/** Another user able to place a socket here could impersonate the server to the CLI: refuse that. */
async function privateDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stats = await lstat(dir);
  const uid = process.getuid?.();
  if (!stats.isDirectory() || (uid !== undefined && stats.uid !== uid) || (stats.mode & 0o077) !== 0) {
    throw new Error(
      `Refusing to place the lock socket in ${dir}: it must be a directory private to this user`,
    );
  }
}

function probe(socketPath: string): Promise<"live" | "stale" | "absent"> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    socket.once("connect", () => {
      socket.destroy();
      resolve("live");
    });
    socket.once("error", (error) => {
      const code = errorCode(error);
      if (code === "ENOENT") resolve("absent");
      else if (code === "ECONNREFUSED") resolve("stale");
      else reject(error);
    });
  });
}

async function listen(socketPath: string): Promise<DataDirLock> {
  const server = net.createServer();
  const open = new Set<net.Socket>();
  const handlers: ((socket: net.Socket) => void)[] = [];
  server.on("connection", (socket) => {
    // Probes connect and hang up at once; a reset on an unhandled socket must not crash the owner.
    socket.on("error", () => {});
    if (handlers.length === 0) {
      socket.destroy();
      return;
    }
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    for (const handler of handlers) handler(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  const ino = await inode(socketPath);
  let released: Promise<void> | undefined;
  return {
    socketPath,
    onConnection: (handler) => handlers.push(handler),
    release() {
      released ??= (async () => {
        for (const socket of open) socket.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        // Remove the file only if it is still ours: a successor may already have replaced it.
        if ((await inode(socketPath)) === ino) await unlink(socketPath).catch(ignoreMissing);
      })();
      return released;
    },
  };
}

async function inode(file: string): Promise<number | undefined> {
  return (await lstat(file).catch(() => undefined))?.ino;
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function ignoreMissing(error: unknown): void {
  if (errorCode(error) !== "ENOENT") throw error;
}
