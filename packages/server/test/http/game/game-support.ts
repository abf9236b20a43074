import type { LightMyRequestResponse } from "fastify";
import { DEMO_LAUNCH, type Harness, type TestOperator } from "../support.ts";

export interface Launched {
  sessionId: string;
  token: string;
}

let players = 0;

/** A demo launch of a fresh player (unless one is given), and the session token of its launch URL. */
export async function launchDemo(
  h: Harness,
  body: Record<string, unknown> = {},
  operator?: TestOperator,
): Promise<Launched> {
  const response = await h.signed({
    method: "POST",
    path: "/operator/launch",
    body: { ...DEMO_LAUNCH, playerId: `game-player-${++players}`, ...body },
    ...(operator ? { operator } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`launch failed: ${response.body}`);
  const launched = response.json() as { sessionId: string; launchUrl: string };
  const token = new URL(launched.launchUrl).searchParams.get("sessionToken");
  if (!token) throw new Error("no session token in the launch URL");
  return { sessionId: launched.sessionId, token };
}

/**
 * A real-money launch for `operator` signed a second after the previous one (an identical signed request
 * would be a replay), and the session token of its launch URL.
 */
export async function launchReal(
  h: Harness,
  operator: TestOperator,
  body: Record<string, unknown>,
): Promise<string> {
  h.clock.advance(1000);
  const response = await h.signed({
    method: "POST",
    path: "/operator/launch",
    body: { ...DEMO_LAUNCH, demo: false, ...body },
    operator,
  });
  if (response.statusCode !== 200) throw new Error(`launch failed: ${response.body}`);
  const token = new URL((response.json() as { launchUrl: string }).launchUrl).searchParams.get(
    "sessionToken",
  );
  if (!token) throw new Error("no session token in the launch URL");
  return token;
}

/** A game-API request with the session token as a bearer token. */
export function gameRequest(
  h: Harness,
  token: string | undefined,
  method: "GET" | "POST",
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method,
    url,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: typeof body === "string" ? body : JSON.stringify(body) }),
  });
}

/** A mines round played to its end: `tile` revealed, then cashed out unless the reveal ended it. */
export async function revealThenCashOut(
  h: Harness,
  token: string,
  roundId: string,
  tile: number,
): Promise<RoundResult> {
  const revealed = ok<RoundResult>(
    await gameRequest(h, token, "POST", "/game/action", { roundId, action: "reveal", params: { tile } }),
  );
  if (revealed.round.status !== "open") return revealed;
  return ok<RoundResult>(
    await gameRequest(h, token, "POST", "/game/action", { roundId, action: "cash_out" }),
  );
}

/** The JSON of a 200 answer; anything else fails with the body in the message. */
export function ok<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  if (response.statusCode !== 200) {
    throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  }
  return response.json() as T;
}

export interface Round {
  id: string;
  gameCode: string;
  status: "open" | "settling" | "closed";
  stake: string;
  payout: string;
  currency: string;
  view: Record<string, unknown>;
  note?: string;
  createdAt: string;
  closedAt?: string;
}

export interface RoundResult {
  round: Round;
  balance: string | null;
}

/** Decimal strings with 2 decimals (USD) to cents, for balance arithmetic. */
export const cents = (amount: string): bigint => {
  const [whole = "0", fraction = ""] = amount.split(".");
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
};

export const DICE = { condition: "over", target: "50.50" } as const;
