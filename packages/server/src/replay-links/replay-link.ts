import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Replay links: the address that opens one finished round read-only, without a session. The token signs
 * the round ID with a key derived from SECRET_KEY (HKDF-SHA256, info `rgs-replay-link/v1`), which never
 * enters the database: whoever knows a round ID, or can read the database, still cannot make its link,
 * and a link keeps working on every instance and after the round moves to the history tables.
 *
 * Token: `<22 base64url characters of the round's 16 UUID bytes><22 of a 16-byte HMAC-SHA256>`.
 */
export interface ReplayLinks {
  /** The round's replay URL (`<PUBLIC_BASE_URL>/replay/<token>`). */
  urlOf(roundId: string): string;
  /** The token of the round's URL. */
  tokenOf(roundId: string): string;
  /** The round a token names, or undefined when it was not made with this key (forged, altered, foreign). */
  roundIdOf(token: string): string | undefined;
}

export const REPLAY_PATH = "/replay/";
const TOKEN = /^[A-Za-z0-9_-]{44}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PART = 22;

export function createReplayLinks(secretKey: Buffer, publicBaseUrl: string): ReplayLinks {
  if (secretKey.length !== 32) throw new RangeError("The secret key must be 32 bytes");
  const key = Buffer.from(hkdfSync("sha256", secretKey, Buffer.alloc(0), "rgs-replay-link/v1", 32));
  const base = publicBaseUrl.replace(/\/+$/, "");
  const mac = (id: Buffer) => createHmac("sha256", key).update(id).digest().subarray(0, 16);

  function tokenOf(roundId: string): string {
    const id = uuidBytes(roundId);
    return id.toString("base64url") + mac(id).toString("base64url");
  }

  return {
    tokenOf,
    urlOf: (roundId) => `${base}${REPLAY_PATH}${tokenOf(roundId)}`,
    roundIdOf(token) {
      if (typeof token !== "string" || !TOKEN.test(token)) return undefined;
      const id = Buffer.from(token.slice(0, PART), "base64url");
      const given = Buffer.from(token.slice(PART), "base64url");
      // base64url of 16 bytes leaves 4 spare bits: only the canonical spelling is a token.
      if (id.toString("base64url") !== token.slice(0, PART)) return undefined;
      if (given.toString("base64url") !== token.slice(PART)) return undefined;
      if (!timingSafeEqual(mac(id), given)) return undefined;
      return uuidText(id);
    },
  };
}

/** Links under a key of their own, for an app started without SECRET_KEY (tests): they die with it. */
export function randomReplayLinks(publicBaseUrl: string): ReplayLinks {
  return createReplayLinks(randomBytes(32), publicBaseUrl);
}

function uuidBytes(roundId: string): Buffer {
  if (!UUID.test(roundId)) throw new RangeError(`A replay link needs a round UUID, got ${roundId}`);
  return Buffer.from(roundId.replaceAll("-", ""), "hex");
}

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
