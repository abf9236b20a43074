import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The cursor of a search page: where the previous page ended, the search's upper bound in time (fixed by
 * its first page, so later bets never shift the pages), and whose search it is (the operator and a digest
 * of its filters). It is signed with a key derived from SECRET_KEY (HKDF-SHA256, info
 * `rgs-search-cursor/v1`), so an operator can neither forge a position nor replay another operator's
 * cursor: a cursor is `<base64url JSON>.<base64url 16-byte HMAC-SHA256>`.
 */

export type SearchKind = "rounds" | "transactions";

export interface CursorPosition {
  /** The search's upper bound (ms since the epoch), from its first page. */
  asOf: number;
  /** The last item of the previous page: its time (ms) and ID. */
  at: number;
  id: string;
}

export interface CursorScope {
  kind: SearchKind;
  operatorId: string;
  /** A digest of the search's filters (filtersDigest). */
  filters: string;
}

export type CursorReading =
  | { ok: true; position: CursorPosition }
  | { ok: false; code: "invalid_cursor" | "cursor_mismatch"; detail: string };

export interface SearchCursors {
  encode(scope: CursorScope, position: CursorPosition): string;
  decode(scope: CursorScope, cursor: string): CursorReading;
}

const SHAPE = /^[A-Za-z0-9_-]{1,900}\.[A-Za-z0-9_-]{22}$/;

export function createSearchCursors(secretKey: Buffer): SearchCursors {
  if (secretKey.length !== 32) throw new RangeError("The secret key must be 32 bytes");
  const key = Buffer.from(hkdfSync("sha256", secretKey, Buffer.alloc(0), "rgs-search-cursor/v1", 32));
  const mac = (payload: string) => createHmac("sha256", key).update(payload).digest().subarray(0, 16);

  return {
    encode(scope, position) {
      const payload = Buffer.from(
        JSON.stringify({ v: 1, k: scope.kind, o: scope.operatorId, f: scope.filters, ...position }),
      ).toString("base64url");
      return `${payload}.${mac(payload).toString("base64url")}`;
    },
    decode(scope, cursor) {
      const forged = {
        ok: false as const,
        code: "invalid_cursor" as const,
        detail: "cursor is not a `next` this server gave: send the `next` of the previous page unchanged.",
      };
      if (!SHAPE.test(cursor)) return forged;
      const [payload = "", signature = ""] = cursor.split(".");
      const given = Buffer.from(signature, "base64url");
      if (given.length !== 16 || !timingSafeEqual(given, mac(payload))) return forged;
      const fields = parse(payload);
      if (!fields) return forged;
      if (fields.k !== scope.kind || fields.o !== scope.operatorId) {
        return {
          ok: false,
          code: "cursor_mismatch",
          detail: `cursor belongs to another search (another endpoint or another operator): send it to the search that gave it.`,
        };
      }
      if (fields.f !== scope.filters) {
        return {
          ok: false,
          code: "cursor_mismatch",
          detail:
            "cursor was given for other filters: send the same filters as on the first page, or start again without a cursor.",
        };
      }
      return { ok: true, position: { asOf: fields.asOf, at: fields.at, id: fields.id } };
    },
  };
}

/** Cursors under a key of their own, for an app started without SECRET_KEY (tests): they die with it. */
export function randomSearchCursors(): SearchCursors {
  return createSearchCursors(randomBytes(32));
}

/** A digest of a search's filters, canonical whatever the order of their keys. */
export function filtersDigest(filters: Readonly<Record<string, unknown>>): string {
  const canonical = JSON.stringify(
    Object.keys(filters)
      .sort()
      .filter((name) => filters[name] !== undefined)
      .map((name) => [name, filters[name]]),
  );
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 22);
}

interface CursorFields {
  k: unknown;
  o: unknown;
  f: unknown;
  asOf: number;
  at: number;
  id: string;
}

function parse(payload: string): CursorFields | undefined {
  try {
    const value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<CursorFields>;
    const { asOf, at, id } = value;
    if (!Number.isSafeInteger(asOf) || !Number.isSafeInteger(at) || typeof id !== "string") return undefined;
    return value as CursorFields;
  } catch {
    return undefined;
  }
}
