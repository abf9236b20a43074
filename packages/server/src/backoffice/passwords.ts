import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { BackofficeError } from "./backoffice-error.ts";

/**
 * Passwords of the back office: argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum),
 * the parameters kept in each hash so that stronger ones apply to new hashes without a migration.
 */

/** @node-rs/argon2's `Algorithm.Argon2id` (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

export const PASSWORD_MIN = 12;
const PASSWORD_MAX = 256;

export function checkPassword(password: unknown): string {
  if (typeof password !== "string" || password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new BackofficeError(
      "invalid_password",
      `A password is ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`,
    );
  }
  return password;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** False for a wrong password and for a hash that cannot be read: either way, no sign-in. */
export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the user name is unknown: the answer then takes as
 * long as for a known name, and does not tell which names exist.
 */
export const DECOY_HASH: Promise<string> = hashPassword(`decoy-${Math.random()}-${Date.now()}`);

/** A first password, given once to its owner: 144 random bits. */
export function generatedPassword(): string {
  return randomBytes(18).toString("base64url");
}
