import { CALLBACK_REQUEST_FIELDS, WALLET_CALLBACKS } from "@rgs/protocol/wallet-callbacks";

/** What a person sees in place of a secret. */
export const REDACTED = "[redacted]";

/**
 * Fields whose values a person never sees. `sessionToken` is the player's session ID: with it a wallet (or
 * anyone reading over a shoulder) can act for the player while the session lives.
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set(["sessionToken"]);

/** Fields the contract sends as a string holding JSON: their content is searched for secrets too. */
const JSON_TEXT_FIELDS: ReadonlySet<string> = new Set(
  WALLET_CALLBACKS.flatMap((callback) =>
    CALLBACK_REQUEST_FIELDS[callback].filter((f) => f.format === "json-text").map((f) => f.name),
  ),
);

/** The most characters of a body that does not parse shown; the rest is said to be cut. */
export const REQUEST_TEXT_MAX = 2_000;

/**
 * A callback's request as a person may see it: the parsed body with its secrets replaced, or, for a body
 * that is not JSON, its text (secrets replaced too) cut to REQUEST_TEXT_MAX characters.
 */
export type RequestView = { json: unknown } | { text: string; cut: boolean };

export function redactedRequest(body: string): RequestView {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    const text = redactText(body);
    return { text: text.slice(0, REQUEST_TEXT_MAX), cut: text.length > REQUEST_TEXT_MAX };
  }
  return { json: redactValue(parsed) };
}

/** A copy of a parsed JSON value with every secret field replaced, at any depth. */
export function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value === null || typeof value !== "object") return value;
  // fromEntries defines each key, so a "__proto__" field stays a field instead of becoming the prototype.
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redactField(key, inner)]));
}

function redactField(key: string, value: unknown): unknown {
  if (SECRET_FIELDS.has(key)) return REDACTED;
  if (JSON_TEXT_FIELDS.has(key) && typeof value === "string") return redactJsonText(value);
  return redactValue(value);
}

/** JSON inside a string stays the text that was sent unless a secret has to come out of it. */
function redactJsonText(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return redactText(text);
  }
  const redacted = JSON.stringify(redactValue(parsed));
  return redacted === JSON.stringify(parsed) ? text : redacted;
}

/**
 * A secret field's value in text that is not JSON, found by its quoted name (escaped too, as inside a string
 * holding JSON): a string, even one left unterminated, up to its closing quote, or any other value up to the
 * next separator. Inside an escaped string this takes the rest of that string: more than the secret, never less.
 */
const SECRET_IN_TEXT = new RegExp(
  String.raw`(\\?"(?:${[...SECRET_FIELDS].join("|")})\\?"\s*:\s*)(?:\\?"[^"\\]*(?:\\.[^"\\]*)*"?|[^,}\]\s]*)`,
  "g",
);

function redactText(text: string): string {
  return text.replace(SECRET_IN_TEXT, `$1"${REDACTED}"`);
}
