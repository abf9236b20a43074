/**
 * The game API as the browser calls it: JSON over fetch with the session token as a bearer credential,
 * a time-out on every request, and every failure turned into an ApiError.
 */
import { ApiError } from "./errors.ts";
import { requestJson, successBody } from "./json-request.ts";
import { newRequestKey, RESEND_DELAYS_MS, worthResending } from "./request-key.ts";
import { ServerClock, serverTimeOf } from "./server-clock.ts";
import type {
  CurrentState,
  HistoryResponse,
  ProtectionFigures,
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
  /** Pauses between resends of a bet or an action (tests make them instant). */
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 15_000;

export class GameApi {
  #token: string;
  readonly #baseUrl: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;
  readonly #sleep: (ms: number) => Promise<void>;
  /** The server's clock, learnt from every answer. */
  readonly clock = new ServerClock();

  constructor(options: GameApiOptions) {
    this.#token = options.token;
    this.#baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  current(): Promise<CurrentState> {
    return this.#request("POST", "/game/current", {});
  }

  /** A bet; with `freeRound`, one of the session's free rounds at its campaign's bet and parameters. */
  play(amount: string, params: unknown, freeRound = false): Promise<RoundResult> {
    return this.#once("/game/play", { amount, params, ...(freeRound && { freeRound }) });
  }

  act(roundId: string, action: string, params?: unknown): Promise<RoundResult> {
    return this.#once("/game/action", {
      roundId,
      action,
      ...(params !== undefined && { params }),
    });
  }

  /** Acknowledges the reality check that fell due; the answer has the session's figures and the next due time. */
  realityCheck(): Promise<{ session: ProtectionFigures }> {
    return this.#request("POST", "/game/reality-check", {});
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

  /**
   * A bet or an action, at most once: one Idempotency-Key, resent while the answer may have been lost, so a
   * dropped connection or a server stopping mid-bet never places it twice nor loses its outcome.
   */
  async #once<T>(path: string, body: unknown): Promise<T> {
    const key = newRequestKey();
    for (let resend = 0; ; resend++) {
      try {
        return await this.#request<T>("POST", path, body, key);
      } catch (error) {
        const delay = RESEND_DELAYS_MS[resend];
        if (!(error instanceof ApiError) || !worthResending(error) || delay === undefined) throw error;
        await this.#sleep(Math.max(delay, (error.retryAfterSeconds ?? 0) * 1000));
      }
    }
  }

  async #request<T>(method: "GET" | "POST", path: string, body?: unknown, requestKey?: string): Promise<T> {
    const sentAt = Date.now();
    const answer = await requestJson(
      this.#fetch,
      `${this.#baseUrl}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${this.#token}`,
          ...(body !== undefined && { "content-type": "application/json" }),
          ...(requestKey !== undefined && { "idempotency-key": requestKey }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      },
      this.#timeoutMs,
    );
    const serverTime = serverTimeOf(answer.body);
    this.clock.observe({
      sentAt,
      receivedAt: Date.now(),
      date: answer.response.headers.get("date"),
      ...(serverTime !== undefined && { serverTime }),
    });
    return successBody<T>(answer);
  }
}
