/**
 * The game API as the browser calls it: JSON over fetch with the session token as a bearer credential,
 * a time-out on every request, and every failure turned into an ApiError.
 */
import { ApiError, errorFromResponse } from "./errors.ts";
import { ServerClock, serverTimeOf } from "./server-clock.ts";
import type {
  CurrentState,
  HistoryResponse,
  RefreshResponse,
  RoundDetails,
  RoundResult,
  SeedsResponse,
} from "./types.ts";

export interface GameApiOptions {
  token: string;
  /** Origin and path prefix of the API; "" for the page's own origin. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 15_000;

export class GameApi {
  #token: string;
  readonly #baseUrl: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;
  /** The server's clock, learnt from every answer. */
  readonly clock = new ServerClock();

  constructor(options: GameApiOptions) {
    this.#token = options.token;
    this.#baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  current(): Promise<CurrentState> {
    return this.#request("POST", "/game/current", {});
  }

  play(amount: string, params: unknown): Promise<RoundResult> {
    return this.#request("POST", "/game/play", { amount, params });
  }

  act(roundId: string, action: string, params?: unknown): Promise<RoundResult> {
    return this.#request("POST", "/game/action", {
      roundId,
      action,
      ...(params !== undefined && { params }),
    });
  }

  history(limit: number, before?: string): Promise<HistoryResponse> {
    const query = new URLSearchParams({ limit: String(limit) });
    if (before !== undefined) query.set("before", before);
    return this.#request("GET", `/game/history?${query.toString()}`);
  }

  round(id: string): Promise<RoundDetails> {
    return this.#request("GET", `/game/round/${encodeURIComponent(id)}`);
  }

  seeds(): Promise<SeedsResponse> {
    return this.#request("POST", "/seed/current", {});
  }

  setClientSeed(clientSeed: string): Promise<SeedsResponse> {
    return this.#request("POST", "/seed/client", { clientSeed });
  }

  rotateSeeds(): Promise<SeedsResponse> {
    return this.#request("POST", "/seed/rotate", {});
  }

  /** Rotates the token; the new one is used from now on. */
  async refresh(): Promise<RefreshResponse> {
    const answer = await this.#request<RefreshResponse>("POST", "/session/refresh", {});
    this.#token = answer.sessionToken;
    return answer;
  }

  async #request<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.#timeoutMs);
    let response: Response;
    let parsed: unknown;
    const sentAt = Date.now();
    try {
      response = await this.#fetch(`${this.#baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.#token}`,
          accept: "application/json",
          ...(body !== undefined && { "content-type": "application/json" }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: controller.signal,
        cache: "no-store",
        credentials: "omit",
        referrerPolicy: "no-referrer",
      });
      parsed = await response.json().catch(() => undefined);
    } catch {
      throw new ApiError("network", "network", 0);
    } finally {
      clearTimeout(timer);
    }
    const serverTime = serverTimeOf(parsed);
    this.clock.observe({
      sentAt,
      receivedAt: Date.now(),
      date: response.headers.get("date"),
      ...(serverTime !== undefined && { serverTime }),
    });
    if (!response.ok) throw errorFromResponse(response.status, parsed);
    if (parsed === undefined) throw new ApiError("unexpected", "unexpected", response.status);
    return parsed as T;
  }
}
