import { timingSafeEqual } from "node:crypto";
import { pathForSigning, SIGNATURE_HEADERS, verifyRequest } from "@rgs/protocol/signing";

export type CallbackAuthResult = { ok: true } | { ok: false; reason: string; detail: string };

type Headers = Readonly<Record<string, string | string[] | undefined>>;

function single(value: string | string[] | undefined): string | undefined {
  // A repeated header is ambiguous about what was signed; treat it as absent.
  return typeof value === "string" ? value : undefined;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks a callback the way the RGS signs it: HMAC-SHA256 over the X-Timestamp text, the full request
 * path as received (callback prefix included, query excluded) and the exact body bytes, with any of the
 * accepted secrets, within the clock window. X-Operator-ID is compared only when one is configured.
 */
export function verifyCallback(opts: {
  secrets: readonly string[];
  operatorId: string | undefined;
  windowSeconds: number;
  headers: Headers;
  rawUrl: string;
  body: string;
  nowSeconds: number;
}): CallbackAuthResult {
  if (opts.operatorId !== undefined) {
    const sent = single(opts.headers[SIGNATURE_HEADERS.operatorId]);
    if (sent === undefined || !sameText(sent, opts.operatorId)) {
      return {
        ok: false,
        reason: "unknown_operator",
        detail: "X-Operator-ID is missing or is not the operator this wallet serves.",
      };
    }
  }
  const result = verifyRequest({
    secrets: opts.secrets,
    timestamp: single(opts.headers[SIGNATURE_HEADERS.timestamp]),
    signature: single(opts.headers[SIGNATURE_HEADERS.signature]),
    path: pathForSigning(opts.rawUrl),
    body: opts.body,
    nowSeconds: opts.nowSeconds,
    windowSeconds: opts.windowSeconds,
  });
  return result.ok ? { ok: true } : { ok: false, reason: result.reason, detail: result.detail };
}
