/**
 * One request to this server's JSON API, as every page of the client sends it: a time-out, no cookie nor
 * referrer, and every failure turned into an ApiError.
 */
import { ApiError, errorFromResponse } from "./errors.ts";

export interface JsonAnswer {
  response: Response;
  /** The parsed body; undefined when it is not JSON. */
  body: unknown;
}

/** The answer and its body; no answer within `timeoutMs` (or none at all) is a network ApiError. */
export async function requestJson(
  fetcher: typeof fetch,
  url: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<JsonAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetcher(url, {
      ...init,
      headers: { accept: "application/json", ...init.headers },
      signal: controller.signal,
      cache: "no-store",
      credentials: "omit",
      referrerPolicy: "no-referrer",
    });
    return { response, body: await response.json().catch(() => undefined) };
  } catch {
    throw new ApiError("network", "network", 0);
  } finally {
    clearTimeout(timer);
  }
}

/** The body of a successful answer; a refusal, or an answer that is not JSON, throws its ApiError. */
export function successBody<T>({ response, body }: JsonAnswer): T {
  if (!response.ok) {
    throw errorFromResponse(response.status, body, retryAfterOf(response.headers.get("retry-after")));
  }
  if (body === undefined) throw new ApiError("unexpected", "unexpected", response.status);
  return body as T;
}

/** Retry-After in whole seconds, as this API sends it; anything else is ignored. */
function retryAfterOf(header: string | null): number | undefined {
  return header !== null && /^[0-9]{1,3}$/.test(header) ? Number(header) : undefined;
}
