import { open, readdir, stat } from "node:fs/promises";
import path from "node:path";

/**
 * PGlite writes its WAL to the data directory at COMMIT but never asks the OS to flush it (its
 * WebAssembly file system has no fsync): a committed transaction survives the process being killed, not
 * the machine losing power. The group-commit writer calls this after each COMMIT, before anyone is
 * answered, so a commit on the embedded store is on disk as one on PostgreSQL is. The WAL is written
 * sequentially, so the segments written last (the current one, and the previous one when a commit
 * crossed a segment boundary) are the ones to flush; the directory is flushed too, for a new segment.
 */
export function walSyncer(pgdata: string): () => Promise<void> {
  const walDir = path.join(pgdata, "pg_wal");
  let current: string | undefined;
  return async () => {
    const names = (await readdir(walDir)).filter((name) => /^[0-9A-F]{24}$/.test(name));
    const segments = await Promise.all(
      names.map(async (name) => {
        const file = path.join(walDir, name);
        return { file, mtimeMs: (await stat(file)).mtimeMs };
      }),
    );
    segments.sort((a, b) => b.mtimeMs - a.mtimeMs);
    const newest = segments[0]?.file;
    if (newest === undefined) return;
    if (newest === current) return flush(newest, "r+");
    // The WAL moved to another segment: the end of the previous one and the new name are flushed too.
    await Promise.all([...segments.slice(0, 2).map(({ file }) => flush(file, "r+")), flush(walDir, "r")]);
    current = newest;
  };
}

async function flush(target: string, flags: string): Promise<void> {
  const handle = await open(target, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
