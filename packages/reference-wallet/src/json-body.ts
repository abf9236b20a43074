export type JsonObjectResult = { ok: true; value: Record<string, unknown> } | { ok: false; detail: string };

/** Parses a request body that must be one JSON object. */
export function parseJsonObject(text: string): JsonObjectResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, detail: "the body is not valid JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, detail: "the body must be a JSON object" };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** The raw body as text: the exact bytes that were signed, decoded as UTF-8. */
export function bodyText(body: unknown): string {
  return Buffer.isBuffer(body) ? body.toString("utf8") : "";
}
