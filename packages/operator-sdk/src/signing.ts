import { signedHeaders } from "@rgs/protocol/signing";

export { signRequest, verifyRequest } from "@rgs/protocol/signing";

/**
 * The three headers of a signed operator request: X-Operator-ID, X-Timestamp (whole Unix seconds) and
 * X-HMAC-SHA256 over timestamp + path + body. `path` is the request path without host or query; `body`
 * is the exact text sent ("" for a GET). Every attempt of a request must be signed afresh.
 */
export function signOperatorRequest(opts: {
  operatorId: string;
  secret: string;
  path: string;
  body: string;
  nowMs: number;
}): Record<string, string> {
  return signedHeaders({
    operatorId: opts.operatorId,
    secret: opts.secret,
    path: opts.path,
    body: opts.body,
    nowSeconds: opts.nowMs / 1000,
  });
}
