import {
  CALLBACK_REQUEST_FIELDS,
  callbackAnswerSchema,
  callbackPath,
  callbackRequestSchema,
  WALLET_CALLBACKS,
} from "@rgs/protocol/wallet-callbacks";
import { OPERATOR_SECURITY } from "../operator/route-schema.ts";

const SIGNING_HEADERS = [
  ["X-Operator-ID", "The operator's UUID, so a wallet serving several RGS accounts can pick the secret."],
  ["X-Timestamp", "Time of sending in Unix seconds; refuse one too far from your clock."],
  [
    "X-HMAC-SHA256",
    "Hex HMAC-SHA256 of timestamp + path (your base URL's prefix included) + the raw body, keyed with the shared secret.",
  ],
] as const;

/**
 * The five wallet callbacks as OpenAPI 3.1 webhooks: requests the RGS sends to the operator's wallet,
 * at `{callback base URL}/callback/{name}`. Generated from the protocol's contract, as /docs is.
 */
export function callbackWebhooks(): Record<string, unknown> {
  const webhooks: Record<string, unknown> = {};
  for (const callback of WALLET_CALLBACKS) {
    const carriesSession = CALLBACK_REQUEST_FIELDS[callback].some((f) => f.name === "sessionToken");
    webhooks[callback] = {
      post: {
        operationId: `${callback}Callback`,
        summary: `POST {callback base URL}${callbackPath(callback)}`,
        description: `Sent by the RGS to your wallet (see /docs#callback-${callback}). Answer HTTP 200 for everything you processed, errors included, with the outcome in status.${carriesSession ? "" : " It never carries a session token: answer it even after the session expired."}`,
        tags: ["callbacks"],
        // The same three headers as an operator request, keyed with the operator's callback secret.
        security: OPERATOR_SECURITY,
        parameters: SIGNING_HEADERS.map(([name, description]) => ({
          name,
          in: "header",
          required: true,
          description,
          schema: { type: "string" },
        })),
        requestBody: {
          required: true,
          content: { "application/json": { schema: callbackRequestSchema(callback) } },
        },
        responses: {
          "200": {
            description: "Processed; the outcome is in status.",
            content: { "application/json": { schema: callbackAnswerSchema(callback) } },
          },
        },
      },
    };
  }
  return webhooks;
}
