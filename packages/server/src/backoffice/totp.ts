import { Secret, TOTP } from "otpauth";

/**
 * Time-based one-time codes (RFC 6238: 30 s steps, 6 digits, SHA-1, what every authenticator app reads).
 * The time is the caller's clock, so a test can step through codes exactly.
 */

const ISSUER = "RGS back office";

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, username: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: username, secret: Secret.fromBase32(secret) });
}

/** The `otpauth://` address an authenticator app takes (typed in or as a QR code). */
export function totpUri(secret: string, username: string): string {
  return totp(secret, username).toString();
}

/** The code at `nowMs` (tests, and the CLI's check of a typed code). */
export function totpCode(secret: string, username: string, nowMs: number): string {
  return totp(secret, username).generate({ timestamp: nowMs });
}

/** True when `code` is the current code or the one of the step before or after (clock drift). */
export function totpMatches(secret: string, username: string, code: unknown, nowMs: number): boolean {
  if (typeof code !== "string" || !/^[0-9]{6}$/.test(code)) return false;
  return totp(secret, username).validate({ token: code, timestamp: nowMs, window: 1 }) !== null;
}
