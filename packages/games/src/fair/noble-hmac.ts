/** HMAC-SHA256 in pure JavaScript (@noble/hashes), for the browser's verifier; identical output to node:crypto. */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import type { HmacSha256 } from "./random.ts";

export const browserHmacSha256: HmacSha256 = (key, message) =>
  hmac(sha256, utf8ToBytes(key), utf8ToBytes(message));
