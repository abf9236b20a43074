/**
 * `details` is stored as sent (PostgreSQL jsonb), so it must be something jsonb keeps intact: no NUL
 * character and no unpaired surrogate in any key or string, and a bounded nesting depth (also keeping
 * serialisation off deep recursion). Its compact JSON text is capped at LAUNCH_DETAILS_MAX_BYTES.
 */
export const MAX_DETAILS_DEPTH = 32;

const UNPAIRED_SURROGATE = /\p{Cs}/u;

function unstorableText(text: string): boolean {
  return text.includes("\u0000") || UNPAIRED_SURROGATE.test(text);
}

export type DetailsCheck = { ok: true; details: object | null } | { ok: false; detail: string };

export function checkDetails(details: object | undefined, maxBytes: number): DetailsCheck {
  if (details === undefined) return { ok: true, details: null };
  const pending: { value: unknown; depth: number }[] = [{ value: details, depth: 1 }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { value, depth } = item;
    if (typeof value === "string") {
      if (unstorableText(value)) return unstorable();
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth > MAX_DETAILS_DEPTH) {
      return { ok: false, detail: `Field "details" is nested deeper than ${MAX_DETAILS_DEPTH} levels.` };
    }
    for (const [key, child] of Object.entries(value)) {
      if (unstorableText(key)) return unstorable();
      pending.push({ value: child, depth: depth + 1 });
    }
  }
  const bytes = Buffer.byteLength(JSON.stringify(details), "utf8");
  if (bytes > maxBytes) {
    return {
      ok: false,
      detail: `Field "details" is ${bytes} bytes of JSON; at most ${maxBytes} bytes are accepted.`,
    };
  }
  return { ok: true, details };
}

function unstorable(): DetailsCheck {
  return {
    ok: false,
    detail: 'Field "details" contains a NUL character or an unpaired surrogate, which cannot be stored.',
  };
}
