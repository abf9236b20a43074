import { randomBytes } from "node:crypto";
import { signRequest } from "@rgs/protocol/signing";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { type AppOperators, buildApp } from "../../src/app.ts";
import { manualClock } from "../../src/clock.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import { createSecretBox, type SecretBox } from "../../src/crypto/secret-box.ts";
import { createMetrics, type Metrics } from "../../src/observability/metrics.ts";
import { OperatorService } from "../../src/operators/operator-service.ts";
import { createMemoryRateLimiter } from "../../src/rate-limit/index.ts";
import type { ReplayGuard } from "../../src/replay/index.ts";
import { type ReplayLinks, randomReplayLinks } from "../../src/replay-links/replay-link.ts";
import { createGameRuntime, type GameRuntime } from "../../src/runtime.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";

/** 2030-01-01T00:00:00Z: a fixed, whole-second start so signed timestamps are predictable. */
export const START_MS = Date.UTC(2030, 0, 1);

export function testConfig(overrides: Partial<Config> = {}): Config {
  const loaded = loadConfig({ PUBLIC_BASE_URL: "https://rgs.test", DATA_DIR: "/nonexistent" });
  if (!loaded.ok) throw new Error(loaded.errors.join("; "));
  // General tests send many requests from one address on a clock that stands still; the rate-limit
  // suites set the real budgets.
  return {
    ...loaded.config,
    rateLimit: { ratePerSecond: 1000, burst: 100_000 },
    gameRateLimit: { ratePerSecond: 1000, burst: 100_000 },
    logLevel: "silent",
    ...overrides,
  };
}

export interface TestOperator {
  id: string;
  secret: string;
}

export interface Harness {
  app: FastifyInstance;
  clock: ReturnType<typeof manualClock>;
  store: Store;
  operators: OperatorService;
  config: Config;
  runtime: GameRuntime;
  /** The app's Prometheus metrics, which the game port does not serve by default. */
  metrics: Metrics;
  /** The keys its operators' secrets and its seeds are sealed with; a harness sharing its store shares them. */
  secretBoxes: { operators: SecretBox; seeds: SecretBox };
  /** Signs the rounds' replay links; a harness sharing its store shares it. */
  replayLinks: ReplayLinks;
  operator: TestOperator;
  createOperator(input?: Parameters<OperatorService["create"]>[0]): Promise<TestOperator>;
  /** A request signed like an operator backend would sign it, with optional tampering. */
  signed(request: SignedRequest): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface SignedRequest {
  method: "GET" | "POST";
  path: string;
  /** An object is sent as compact JSON; a string is sent as is. */
  body?: unknown;
  operator?: TestOperator;
  /** Seconds added to the clock for the X-Timestamp value. */
  skewSeconds?: number;
  /** Header values replacing (or, when undefined, removing) the computed ones. */
  headers?: Record<string, string | undefined>;
  /** Signs this text instead of the body actually sent. */
  signBody?: string;
  /** Signs this path instead of the one requested. */
  signPath?: string;
  remoteAddress?: string;
}

export async function createHarness(
  opts: {
    config?: Partial<Config>;
    logStream?: NodeJS.WritableStream;
    /** Replaces what the app sees of the operator service (to simulate failures). */
    wrapOperators?: (operators: OperatorService) => AppOperators;
    /** Another harness whose store this one uses (and leaves open), saving a database start. */
    shareStoreOf?: Harness;
    /** A store opened by the test (for example PostgreSQL behind a proxy), left open by `close`. */
    store?: Store;
    /** Replaces the in-memory guard against replayed signed requests (for example a Redis one). */
    replayGuard?: ReplayGuard;
    /** The built game client to serve pages from (default: packages/client/dist, built or not). */
    clientDistDir?: string;
  } = {},
): Promise<Harness> {
  const clock = manualClock(START_MS);
  const config = testConfig(opts.config);
  const store = opts.store ?? opts.shareStoreOf?.store ?? (await openMemoryStore({ clock }));
  const secretBoxes = opts.shareStoreOf?.secretBoxes ?? {
    operators: createSecretBox(randomBytes(32)),
    seeds: createSecretBox(randomBytes(32)),
  };
  const replayLinks = opts.shareStoreOf?.replayLinks ?? randomReplayLinks(config.publicBaseUrl);
  const operators = new OperatorService({
    store,
    secretBox: secretBoxes.operators,
    clock,
    rotationGraceSeconds: config.secretRotationGraceSeconds,
    environment: config.environment,
  });
  const rateLimiter = createMemoryRateLimiter({ ...config.rateLimit, clock });
  const metrics = createMetrics();
  const runtime = createGameRuntime({
    config,
    clock,
    store,
    operators,
    secretBox: secretBoxes.seeds,
    metrics,
    sleep: async () => {},
  });
  const app = await buildApp({
    config,
    clock,
    store,
    operators: opts.wrapOperators ? opts.wrapOperators(operators) : operators,
    rateLimiter,
    metrics,
    game: runtime,
    replayLinks,
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
    ...(opts.replayGuard ? { replayGuard: opts.replayGuard } : {}),
    ...(opts.clientDistDir !== undefined ? { clientDistDir: opts.clientDistDir } : {}),
  });

  const createOperator = async (input: Parameters<OperatorService["create"]>[0] = { name: "Operator" }) => {
    const { operator, secret } = await operators.create(input);
    return { id: operator.id, secret };
  };
  const operator = await createOperator({
    name: "Main operator",
    lobbyUrl: "https://casino.example/lobby?x=1&y=2",
  });

  const signed = (request: SignedRequest) => {
    const who = request.operator ?? operator;
    const payload =
      request.body === undefined
        ? ""
        : typeof request.body === "string"
          ? request.body
          : JSON.stringify(request.body);
    const timestamp = String(Math.floor(clock.now() / 1000) + (request.skewSeconds ?? 0));
    const signature = signRequest(
      who.secret,
      timestamp,
      request.signPath ?? request.path,
      request.signBody ?? payload,
    );
    const headers: Record<string, string> = {
      "x-operator-id": who.id,
      "x-timestamp": timestamp,
      "x-hmac-sha256": signature,
    };
    if (request.method === "POST") headers["content-type"] = "application/json";
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (value === undefined) delete headers[name];
      else headers[name] = value;
    }
    return app.inject({
      method: request.method,
      url: request.path,
      headers,
      ...(request.method === "POST" ? { payload } : {}),
      ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
    });
  };

  return {
    app,
    clock,
    store,
    operators,
    config,
    runtime,
    metrics,
    secretBoxes,
    replayLinks,
    operator,
    createOperator,
    signed,
    async close() {
      await app.close();
      await runtime.stop();
      await rateLimiter.close();
      if (!opts.shareStoreOf && !opts.store) await store.close();
    },
  };
}

/** Asserts the one error shape and returns the body. */
export function errorOf(response: LightMyRequestResponse): {
  status: number;
  title: string;
  code: string;
  detail?: string;
  reason?: string;
} {
  const body = response.json() as {
    status: number;
    title: string;
    code: string;
    detail?: string;
    reason?: string;
  };
  if (body.status !== response.statusCode) {
    throw new Error(`error body status ${body.status} differs from HTTP ${response.statusCode}`);
  }
  const keys = Object.keys(body).sort();
  // A game's refusal reason comes only with the two codes that say the game refused.
  const allowed = ["code", "detail", "status", "title"];
  if (body.code === "invalid_params" || body.code === "invalid_action") allowed.push("reason");
  // The player-protection refusals give their figures.
  if (body.code === "round_too_soon") allowed.push("retryAfterMs");
  if (body.code === "reality_check_due") allowed.push("playedSeconds", "netPosition");
  if (
    !keys.every((key) => allowed.includes(key)) ||
    typeof body.code !== "string" ||
    typeof body.title !== "string"
  ) {
    throw new Error(`not the error shape: ${response.body}`);
  }
  return body;
}

export const DEMO_LAUNCH = {
  playerId: "player-1",
  currency: "USD",
  gameCode: "dice-alpha",
  countryCode: "DE",
  demo: true,
} as const;
