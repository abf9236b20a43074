/**
 * Writes the raw random stream to stdout, for statistical batteries:
 *   npx tsx packages/games/scripts/random-stream.ts --bytes 100000000 | ent
 *   npx tsx packages/games/scripts/random-stream.ts | dieharder -g 200 -d 0
 * The stream is what rounds read: HMAC_SHA256(serverSeed, clientSeed:nonce:cursor) blocks for nonce 0, 1, 2...
 * and cursors 0-3 of each (words 0-31 of a round), under one server seed from node:crypto. Without --bytes it
 * runs until the reader closes the pipe.
 */
import { randomBytes } from "node:crypto";
import { nodeHmacSha256 } from "../src/fair/node-hmac.ts";

const args = process.argv.slice(2);
const limit = args.includes("--bytes") ? Number(args[args.indexOf("--bytes") + 1]) : Number.POSITIVE_INFINITY;
const serverSeed = args.includes("--seed")
  ? String(args[args.indexOf("--seed") + 1])
  : randomBytes(32).toString("hex");
const clientSeed = "random-stream";
const CURSORS = 4;
const CHUNK = 1 << 20;

let written = 0;
let nonce = 0;

function fill(): Buffer {
  const chunk = Buffer.alloc(CHUNK);
  for (let at = 0; at < CHUNK; ) {
    for (let cursor = 0; cursor < CURSORS; cursor++, at += 32)
      chunk.set(nodeHmacSha256(serverSeed, `${clientSeed}:${nonce}:${cursor}`), at);
    nonce++;
  }
  return chunk;
}

process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

function pump(): void {
  while (written < limit) {
    const chunk = fill();
    const part = limit - written < chunk.length ? chunk.subarray(0, limit - written) : chunk;
    written += part.length;
    if (!process.stdout.write(part)) {
      process.stdout.once("drain", pump);
      return;
    }
  }
}
pump();
