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
