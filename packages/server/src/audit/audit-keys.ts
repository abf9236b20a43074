import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  type KeyObject,
  sign,
  timingSafeEqual,
  verify,
} from "node:crypto";

/**
 * The keys of the audit trail, derived from SECRET_KEY (or DATA_DIR/secret.key), which never enters the
 * database: whoever can write SQL but cannot read that key cannot seal a record, a link or a pass.
 *
 * Each version `n` (AUDIT_KEY_VERSION) derives two keys with HKDF-SHA256 (no salt):
 * - the seal key, info `rgs-audit/v<n>/seal`: HMAC-SHA256 of every link, pass and record attestation;
 * - the signing key, info `rgs-audit/v<n>/sign`: the 32-byte seed of an Ed25519 key that signs the heads
 *   published outside the database and the exports given to regulators, checked with its public key alone.
 *
 * The key id, `v<n>.<first 16 hex digits of SHA-256 of the raw Ed25519 public key>`, is stored with
 * everything sealed: it names the version to derive and tells a SECRET_KEY that differs from the one that
 * sealed (another fingerprint) from a record that was changed (a wrong MAC).
 */
export interface AuditKey {
  readonly version: number;
  readonly keyId: string;
  /** `keyId:hex` HMAC-SHA256 of `label + "\n" + text` under the seal key. */
  mac(label: string, text: string): string;
  sign(text: string): string;
  /** SPKI PEM of the Ed25519 public key. */
  readonly publicKeyPem: string;
}

const AUDIT_KEY_VERSION_MAX = 1000;

const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

export function deriveAuditKey(secretKey: Buffer, version: number): AuditKey {
  if (secretKey.length !== 32) throw new RangeError("The secret key must be 32 bytes");
  if (!Number.isInteger(version) || version < 1 || version > AUDIT_KEY_VERSION_MAX) {
    throw new RangeError(`An audit key version is a whole number from 1 to ${AUDIT_KEY_VERSION_MAX}`);
  }
  const sealKey = Buffer.from(
    hkdfSync("sha256", secretKey, Buffer.alloc(0), `rgs-audit/v${version}/seal`, 32),
  );
  const seed = Buffer.from(hkdfSync("sha256", secretKey, Buffer.alloc(0), `rgs-audit/v${version}/sign`, 32));
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: "der",
    type: "pkcs8",
  });
  const publicKey = createPublicKey(privateKey);
  const keyId = `v${version}.${fingerprint(publicKey)}`;
  return {
    version,
    keyId,
    mac: (label, text) =>
      `${keyId}:${createHmac("sha256", sealKey).update(`${label}\n${text}`).digest("hex")}`,
    sign: (text) => sign(null, Buffer.from(text, "utf8"), privateKey).toString("base64"),
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

/** The raw 32 bytes of an Ed25519 public key are the last 32 of its SPKI DER form. */
function fingerprint(publicKey: KeyObject): string {
  const raw = publicKey.export({ type: "spki", format: "der" }).subarray(-32);
  return createHash("sha256").update(raw).digest("hex").slice(0, 16);
}

const KEY_ID = /^v(\d{1,4})\.[0-9a-f]{16}$/;

/** The version a key id names, or undefined for a malformed one. */
export function keyVersionOf(keyId: string): number | undefined {
  const match = KEY_ID.exec(keyId);
  const version = match ? Number(match[1]) : Number.NaN;
  return version >= 1 && version <= AUDIT_KEY_VERSION_MAX ? version : undefined;
}

/**
 * Every version's key from one secret: the current one seals, and any earlier (or later) one verifies what
 * was sealed under it.
 */
export class AuditKeyring {
  readonly current: AuditKey;
  readonly #secretKey: Buffer;
  readonly #byVersion = new Map<number, AuditKey>();

  constructor(secretKey: Buffer, currentVersion = 1) {
    this.#secretKey = Buffer.from(secretKey);
    this.current = deriveAuditKey(this.#secretKey, currentVersion);
    this.#byVersion.set(currentVersion, this.current);
  }

  /** The key a key id names, or undefined when this secret does not derive it (another SECRET_KEY). */
  byId(keyId: string): AuditKey | undefined {
    const version = keyVersionOf(keyId);
    if (version === undefined) return undefined;
    let key = this.#byVersion.get(version);
    if (!key) {
      key = deriveAuditKey(this.#secretKey, version);
      this.#byVersion.set(version, key);
    }
    return key.keyId === keyId ? key : undefined;
  }

  /** The key to seal with after a link sealed under `keyId`: never a version older than it. */
  sealingAfter(keyId: string | undefined): AuditKey {
    const version = keyId === undefined ? undefined : keyVersionOf(keyId);
    if (version === undefined || version <= this.current.version) return this.current;
    return this.byId(keyId as string) ?? this.current;
  }
}

/** The key id a `keyId:hex` MAC names. */
export function keyIdOf(sealed: string): string {
  return sealed.slice(0, Math.max(0, sealed.indexOf(":")));
}

/** Whether `sealed` (a `keyId:hex` MAC) is the MAC of `label` and `text` under the key it names. */
export function macMatches(keyring: AuditKeyring, sealed: string, label: string, text: string): boolean {
  const key = keyring.byId(keyIdOf(sealed));
  if (!key) return false;
  const expected = Buffer.from(key.mac(label, text));
  const actual = Buffer.from(sealed);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Whether `signature` (base64) is the Ed25519 signature of `text` under the SPKI PEM public key. */
export function signatureMatches(publicKeyPem: string, text: string, signature: string): boolean {
  try {
    return verify(
      null,
      Buffer.from(text, "utf8"),
      createPublicKey(publicKeyPem),
      Buffer.from(signature, "base64"),
    );
  } catch {
    return false;
  }
}
