export const SECRET_PLACEHOLDER = "<HMAC_SECRET>";

/**
 * A copy of `value` with every occurrence of the secret in any string replaced by `<HMAC_SECRET>`. The
 * tester never puts the secret in a report itself; this also covers a wallet that echoes it back.
 */
export function redact<T>(value: T, secret: string): T {
  if (secret === "") return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === "string") return item.split(secret).join(SECRET_PLACEHOLDER);
    if (Array.isArray(item)) return item.map(walk);
    if (typeof item === "object" && item !== null) {
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [walk(key), walk(inner)]));
    }
    return item;
  };
  return walk(value) as T;
}
