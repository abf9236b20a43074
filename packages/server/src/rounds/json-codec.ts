/**
 * Game states and parameters hold bigint amounts, which JSON cannot carry. They are stored with each
 * bigint tagged as `{"$bigint": "123"}` and revived on read, so a resumed round sees the exact values.
 */

const TAG = "$bigint";
const INTEGER = /^-?\d+$/;

export function encodeJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? { [TAG]: v.toString() } : v));
}

/** Revives tagged bigints in a value read from a JSON column (already parsed by the driver). */
export function decodeJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeJson);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const tagged = record[TAG];
  if (keys.length === 1 && typeof tagged === "string" && INTEGER.test(tagged)) return BigInt(tagged);
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = decodeJson(record[key]);
  return out;
}

/** What a browser receives: bigints as decimal strings of minor units, as the game views write them. */
export function toPlainJson(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(toPlainJson);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = toPlainJson(v);
  return out;
}

/**
 * An answer as the JSON column can hold it. PostgreSQL's JSON refuses the NUL character (U+0000), which a
 * wallet may send escaped in any string: it is shown as U+FFFD there, and the exact text is kept in
 * `answer_raw`. A wallet's answer is read for its meaning before it is stored, so this changes nothing of it.
 */
export function storableJson(value: unknown): string {
  return JSON.stringify(withoutNul(value));
}

function withoutNul(value: unknown): unknown {
  if (typeof value === "string")
    return value.includes("\u0000") ? value.replaceAll("\u0000", "\ufffd") : value;
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [withoutNul(key) as string, withoutNul(v)]),
  );
}

/** The answer text as JSON when it is JSON, else the text itself. */
export function parseAnswer(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
