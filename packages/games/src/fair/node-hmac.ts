/**
 * The server's HMAC-SHA256 (node:crypto). Node-only: deliberately not exported from the package index,
 * so browser bundles of the game logic never pull in node:crypto.
 */
import { createHmac } from "node:crypto";
import type { HmacSha256 } from "./random.ts";

export const nodeHmacSha256: HmacSha256 = (key, message) =>
  new Uint8Array(createHmac("sha256", key).update(message, "utf8").digest());
