import { hkdfSync } from "node:crypto";
import { createSecretBox, type SecretBox } from "../crypto/secret-box.ts";

const INFO = "rgs session token successor v1";

/**
 * Seals the token that replaces `replaced` in a refresh, so that a refresh repeated within the grace (two
 * tabs, an answer lost on the way) answers the same new token instead of minting another.
 *
 * Why sealed, and why with a key derived from the replaced token: the new token must be recoverable, yet
 * the store keeps tokens only as SHA-256 hashes so that reading it yields nothing usable. Deriving the new
 * token itself from the old one would make every future token computable from any one token ever leaked
 * (launch URLs pass through browsers and logs), which is what rotation is for; a random new token sealed
 * under HKDF(replaced token) can be opened only by a holder of the replaced token, who may refresh it
 * anyway during the grace, and needs no server key, so every instance can open it whatever its SECRET_KEY.
 * The stored SHA-256 of the replaced token does not yield the HKDF key.
 */
export function successorBox(replaced: string): SecretBox {
  return createSecretBox(Buffer.from(hkdfSync("sha256", replaced, Buffer.alloc(0), INFO, 32)));
}
