import type {
  CurrenciesResponse,
  ErrorBody,
  GamesResponse,
  IntegrityResponse,
  LaunchRequest,
  LaunchResponse,
  RoundSearchRequest,
  RoundSearchResponse,
  TransactionSearchRequest,
  TransactionSearchResponse,
} from "@rgs/protocol/operator-api";
import type {
  Campaign,
  CreateCampaignRequest,
  GrantPlayersRequest,
  GrantPlayersResponse,
  PlayerFreeRoundsResponse,
} from "@rgs/protocol/operator-campaigns";
import type {
  FreeRoundReportPeriod,
  FreeRoundReportRequest,
  FreeRoundReportResponse,
  FreeRoundReportRow,
  GgrReportPeriod,
  GgrReportRequest,
  GgrReportResponse,
  GgrReportRow,
  ReconciliationRequest,
  ReconciliationResponse,
} from "@rgs/protocol/operator-reports";
import {
  type AttemptOutcome,
  DEFAULT_RETRY_SCHEDULE,
  parseRetryAfter,
  type RequestKind,
  type RetrySchedule,
  retryDelayMs,
} from "./retry-policy.ts";
import { signOperatorRequest } from "./signing.ts";

export type {
  Campaign,
  CreateCampaignRequest,
  CurrenciesResponse,
  ErrorBody,
  FreeRoundReportPeriod,
  FreeRoundReportRequest,
  FreeRoundReportResponse,
  FreeRoundReportRow,
  GamesResponse,
  GgrReportPeriod,
  GgrReportRequest,
  GgrReportResponse,
  GgrReportRow,
  GrantPlayersRequest,
  GrantPlayersResponse,
  IntegrityResponse,
  LaunchRequest,
  LaunchResponse,
  PlayerFreeRoundsResponse,
  ReconciliationRequest,
  ReconciliationResponse,
  RoundSearchRequest,
  RoundSearchResponse,
  TransactionSearchRequest,
  TransactionSearchResponse,
};

export interface OperatorClientOptions {
  /** The RGS's public base URL, e.g. https://rgs.example.com. */
  baseUrl: string;
  operatorId: string;
  secret: string;
  /** Per attempt, from sending to the end of the answer. Default 10 s. */
  timeoutMs?: number;
  retry?: Partial<RetrySchedule>;
  /** Injectable for tests: the clock (ms), the wait between attempts and the jitter draw. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  fetch?: typeof fetch;
}

/** The RGS answered with its error shape (`code` is what to program against). */
export class RgsApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string | undefined;
  readonly attempts: number;

  constructor(body: ErrorBody, attempts: number) {
    super(`${body.status} ${body.code}: ${body.detail ?? body.title}`);
    this.name = "RgsApiError";
    this.status = body.status;
    this.code = body.code;
    this.detail = body.detail;
    this.attempts = attempts;
  }
}

/** No usable answer arrived: `reason` says whether the request may have reached the RGS. */
export class RgsTransportError extends Error {
  readonly reason: "not_sent" | "timeout" | "broken";
  readonly attempts: number;

  constructor(reason: RgsTransportError["reason"], message: string, attempts: number) {
    super(message);
    this.name = "RgsTransportError";
    this.reason = reason;
    this.attempts = attempts;
  }
}

/** Error codes of Node's and undici's fetch meaning the connection never carried the request. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

function transportOutcome(error: unknown): { outcome: AttemptOutcome; message: string } {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.name === "TimeoutError" || err.name === "AbortError") {
    return { outcome: { type: "timeout" }, message: "no answer within the time-out" };
  }
  const code = err.cause?.code;
  const message = `${err.message ?? "request failed"}${err.cause?.message ? `: ${err.cause.message}` : ""}`;
  if (code !== undefined && NOT_SENT_CODES.has(code)) return { outcome: { type: "not_sent" }, message };
  return { outcome: { type: "broken" }, message };
}

function errorBodyOf(status: number, text: string): ErrorBody {
  try {
    const parsed = JSON.parse(text) as Partial<ErrorBody>;
    if (typeof parsed.code === "string" && typeof parsed.title === "string") {
      const body: ErrorBody = { status, title: parsed.title, code: parsed.code };
      if (typeof parsed.detail === "string") body.detail = parsed.detail;
      return body;
    }
  } catch {
    // Not the RGS's error shape (a proxy's page, for example): described below.
  }
  return { status, title: "Unexpected answer", code: "unexpected_answer", detail: text.slice(0, 200) };
}

/**
 * A typed client of the operator API. Each attempt is signed afresh; retries follow `retry-policy.ts`.
 */
export class OperatorClient {
  readonly #base: string;
  readonly #operatorId: string;
  readonly #secret: string;
  readonly #timeoutMs: number;
  readonly #schedule: RetrySchedule;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #random: () => number;
  readonly #fetch: typeof fetch;

  constructor(options: OperatorClientOptions) {
    this.#base = options.baseUrl.replace(/\/+$/, "");
    this.#operatorId = options.operatorId;
    this.#secret = options.secret;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#schedule = { ...DEFAULT_RETRY_SCHEDULE, ...options.retry };
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#random = options.random ?? Math.random;
    this.#fetch = options.fetch ?? fetch;
  }

  /** GET /operator/games: the games enabled for you, with their limits. */
  listGames(): Promise<GamesResponse> {
    return this.#request<GamesResponse>("GET", "/operator/games", undefined, "read");
  }

  /** GET /operator/currencies. */
  listCurrencies(): Promise<CurrenciesResponse> {
    return this.#request<CurrenciesResponse>("GET", "/operator/currencies", undefined, "read");
  }

  /**
   * GET /operator/integrity: the digests of the software the RGS runs (compare them with a certified
   * release's) and the public key of its audit trail (docs/audit.md).
   */
  getIntegrity(): Promise<IntegrityResponse> {
    return this.#request<IntegrityResponse>("GET", "/operator/integrity", undefined, "read");
  }

  /**
   * POST /operator/reports/ggr: bets, wins, GGR, rounds and players by day or hour, game and currency, in any
   * IANA time zone (docs/reporting.md): the periods with play, each with its rows. A read: retried like the
   * other reads.
   */
  reportGgr(request: GgrReportRequest): Promise<GgrReportResponse> {
    return this.#request<GgrReportResponse>("POST", "/operator/reports/ggr", request, "read");
  }

  /**
   * POST /operator/reports/free-rounds: your campaigns' free rounds played and what they paid, per campaign and
   * day of any IANA time zone (docs/reporting.md). A read: retried like the other reads.
   */
  reportFreeRounds(request: FreeRoundReportRequest): Promise<FreeRoundReportResponse> {
    return this.#request<FreeRoundReportResponse>("POST", "/operator/reports/free-rounds", request, "read");
  }

  /** POST /operator/reconciliation: one day of your operator's zone, one currency, every callback confirmed. */
  reconcileDay(request: ReconciliationRequest): Promise<ReconciliationResponse> {
    return this.#request<ReconciliationResponse>("POST", "/operator/reconciliation", request, "read");
  }

  /**
   * POST /operator/campaigns: a free-round campaign (docs/free-rounds.md). Idempotent by its reference, so
   * it is retried like a read: a retry answers the campaign the first attempt created.
   */
  createCampaign(request: CreateCampaignRequest): Promise<Campaign> {
    return this.#request<Campaign>("POST", "/operator/campaigns", request, "read");
  }

  /** GET /operator/campaigns/{id}: the campaign, its rounds granted and left, and what they paid per day. */
  getCampaign(campaignId: string): Promise<Campaign> {
    return this.#request<Campaign>(
      "GET",
      `/operator/campaigns/${encodeURIComponent(campaignId)}`,
      undefined,
      "read",
    );
  }

  /** POST /operator/campaigns/{id}/players: up to 1,000 grants, each idempotent by its reference. */
  grantFreeRounds(
    campaignId: string,
    players: GrantPlayersRequest["players"],
  ): Promise<GrantPlayersResponse> {
    const path = `/operator/campaigns/${encodeURIComponent(campaignId)}/players`;
    return this.#request<GrantPlayersResponse>("POST", path, { players }, "read");
  }

  /** POST /operator/campaigns/{id}/cancel: unplayed rounds are not played; cancelling again changes nothing. */
  cancelCampaign(campaignId: string): Promise<Campaign> {
    const path = `/operator/campaigns/${encodeURIComponent(campaignId)}/cancel`;
    return this.#request<Campaign>("POST", path, {}, "read");
  }

  /** POST /operator/players/free-rounds: a player's grants of your campaigns. */
  playerFreeRounds(playerId: string): Promise<PlayerFreeRoundsResponse> {
    return this.#request<PlayerFreeRoundsResponse>(
      "POST",
      "/operator/players/free-rounds",
      { playerId },
      "read",
    );
  }

  /** POST /operator/launch: safe to repeat, a repeated launch returns the same live session. */
  launch(request: LaunchRequest): Promise<LaunchResponse> {
    return this.#request<LaunchResponse>("POST", "/operator/launch", request, "launch");
  }

  /**
   * POST /operator/rounds/search, a page at a time: iterate with `for await`; each page's `next` is sent
   * for the following one, until the last. Stopping early (break) sends nothing more.
   */
  searchRounds(filters: Omit<RoundSearchRequest, "cursor">): AsyncGenerator<RoundSearchResponse> {
    return this.#pages<RoundSearchResponse>("/operator/rounds/search", filters);
  }

  /** POST /operator/transactions/search, a page at a time, like searchRounds. */
  searchTransactions(
    filters: Omit<TransactionSearchRequest, "cursor">,
  ): AsyncGenerator<TransactionSearchResponse> {
    return this.#pages<TransactionSearchResponse>("/operator/transactions/search", filters);
  }

  async *#pages<T extends { next?: string }>(path: string, filters: object): AsyncGenerator<T> {
    let cursor: string | undefined;
    do {
      // A search reads only: repeating a page is safe, so it is retried like the other reads.
      const page: T = await this.#request<T>("POST", path, { ...filters, ...(cursor && { cursor }) }, "read");
      yield page;
      cursor = page.next;
    } while (cursor !== undefined);
  }

  async #request<T>(method: "GET" | "POST", path: string, body: unknown, kind: RequestKind): Promise<T> {
    const text = body === undefined ? "" : JSON.stringify(body);
    for (let attempt = 1; ; attempt++) {
      const headers = signOperatorRequest({
        operatorId: this.#operatorId,
        secret: this.#secret,
        path,
        body: text,
        nowMs: this.#now(),
      });
      if (body !== undefined) headers["Content-Type"] = "application/json";
      let outcome: AttemptOutcome;
      let failure: Error;
      let answered: string | undefined;
      try {
        const response = await this.#fetch(`${this.#base}${path}`, {
          method,
          headers,
          ...(body === undefined ? {} : { body: text }),
          signal: AbortSignal.timeout(this.#timeoutMs),
        });
        const answer = await response.text();
        if (response.ok) answered = answer;
        failure = new RgsApiError(errorBodyOf(response.status, answer), attempt);
        const retryAfterSeconds = parseRetryAfter(response.headers.get("retry-after"));
        outcome = {
          type: "answer",
          status: response.status,
          ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
        };
      } catch (error) {
        const transport = transportOutcome(error);
        outcome = transport.outcome;
        failure = new RgsTransportError(
          outcome.type === "answer" ? "broken" : outcome.type,
          `${method} ${path}: ${transport.message}`,
          attempt,
        );
      }
      if (answered !== undefined) return JSON.parse(answered) as T;
      const delay = retryDelayMs(kind, attempt, outcome, this.#random(), this.#schedule);
      if (delay === undefined) throw failure;
      await this.#sleep(delay);
    }
  }
}
