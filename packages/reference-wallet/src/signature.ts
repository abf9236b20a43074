import { verifyCallbackRequest } from "@rgs/operator-sdk";

export type CallbackAuthResult = { ok: true } | { ok: false; reason: string; detail: string };

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/**
 * Checks a callback with the operator SDK's verification, as an operator's wallet built on the SDK does:
 * X-Operator-ID when one is configured, then HMAC-SHA256 over the X-Timestamp text, the full request path
 * as received (callback prefix included, query excluded) and the exact body bytes, with any of the
 * accepted secrets, within the clock window. A repeated signing header counts as absent.
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
  const result = verifyCallbackRequest(
    {
      secrets: opts.secrets,
      windowSeconds: opts.windowSeconds,
      ...(opts.operatorId === undefined ? {} : { operatorId: opts.operatorId }),
    },
    { url: opts.rawUrl, headers: opts.headers, body: opts.body, nowSeconds: opts.nowSeconds },
  );
  return result.ok ? { ok: true } : { ok: false, reason: result.reason, detail: result.detail };
}
