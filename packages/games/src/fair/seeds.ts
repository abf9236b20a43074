/**
 * The published commitment to a server seed: SHA-256 of its UTF-8 text, lowercase hex. Shown before play;
 * once the seed is revealed anyone can recompute it. Pure JavaScript, so it runs in the browser as well.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

export const commitment = (serverSeed: string): string => bytesToHex(sha256(utf8ToBytes(serverSeed)));

/** Whether a revealed server seed matches the commitment shown before play (case-insensitive hex). */
export const matchesCommitment = (serverSeed: string, committed: string): boolean =>
  commitment(serverSeed) === committed.toLowerCase();
