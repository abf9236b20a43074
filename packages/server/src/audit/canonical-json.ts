/**
 * One text per JSON value, so that a record hashed when it is sealed hashes the same when it is read back:
 * object keys sorted (by UTF-16 code units, as JavaScript sorts strings), no whitespace, and everything else
 * as JSON.stringify writes it. A value read back from a jsonb column (whose key order and spacing are the
 * database's own) gives the same text as the value that was stored.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError(`${typeof value} has no JSON form`);
    return text;
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? "null" : canonicalJson(item))).join(",")}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
}

/** The value as a jsonb column gives it back: what JSON keeps of it (dates as strings, no undefined). */
export function asStoredJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null));
}
