import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { rtpFromBasisPoints } from "@rgs/games/math/rational";
import type { GameDefinition } from "@rgs/games/model";
import { gameForCode, type ResolvedGame } from "@rgs/games/registry";
import type { GameInfo } from "@rgs/protocol/catalog";
import { expect } from "vitest";
import type { Clock } from "../../src/clock.ts";
import { createSecretBox } from "../../src/crypto/secret-box.ts";
import { GameError } from "../../src/game-error.ts";
import { DEFAULT_OUTBOX_OPTIONS, Outbox } from "../../src/outbox/outbox.ts";
import { type RoundDelivery, RoundEngine } from "../../src/rounds/engine.ts";
import { SeedService } from "../../src/seeds/seed-service.ts";
import type { GameSession, Store } from "../../src/store/database.ts";
import type { CallbackKind } from "../../src/wallet/callback-bodies.ts";
import { RemoteWalletGateway } from "../../src/wallet/remote-gateway.ts";
import type { WalletClient } from "../../src/wallet/wallet-client.ts";

export const secretBox = createSecretBox(randomBytes(32));

export async function newOperator(store: Store, now: Date): Promise<string> {
  const operator = await store.operators.create({
    id: randomUUID(),
    name: "Casino",
    callbackUrl: "http://127.0.0.1:1/wallet",
    lobbyUrl: null,
    allowedCountries: null,
    timeZone: "UTC",
    frameAncestors: [],
    betLimits: [],
    packs: ["default"],
    sealedSecret: "sealed",
    now,
  });
  return operator.id;
}

export async function newSession(
  store: Store,
  opts: { operatorId: string; mode: "demo" | "real"; gameCode: string; now: Date; demoBalance?: bigint },
): Promise<GameSession> {
  const session: GameSession = {
    id: randomUUID(),
    operatorId: opts.operatorId,
    playerId: `player-${randomUUID().slice(0, 8)}`,
    gameCode: opts.gameCode,
    currency: "USD",
    countryCode: "CA",
    mode: opts.mode,
    betLimits: { minBet: 10n, maxBet: 100_000n, maxWin: 1_000_000n },
    launchKey: randomUUID(),
    details: null,
    demoBalance: opts.mode === "demo" ? (opts.demoBalance ?? 100_000n) : null,
    createdAt: opts.now,
    lastSeenAt: opts.now,
    expiresAt: new Date(opts.now.getTime() + 3_600_000),
  };
  await store.sessions.create(session, randomUUID());
  return session;
}

export const SCRIPTED_CODE = "scripted-test";

interface ScriptedState {
  stake: bigint;
  doubled: boolean;
  paid: bigint;
  card: number;
}

const viewOf = (s: ScriptedState) => ({ stake: s.stake, doubled: s.doubled, paid: s.paid });

/**
 * A table game reduced to its wallet flow: start debits the stake; "double" debits it again; "early_win"
 * pays the stake without closing; "finish" closes with a credit of twice the staked total minus what was paid.
 */
export const scriptedGame: GameDefinition<Record<string, never>, ScriptedState, string, unknown> = {
  slug: "scripted",
  kind: "table",
  parseParams: () => ({ ok: true, value: {} }),
  stakeOf: (_params, amount) => amount,
  maxPayout: (_params, stake) => stake * 4n,
  start({ stake }, { random }) {
    const state = { stake, doubled: false, paid: 0n, card: random.nextInt(52) };
    return {
      state,
      view: viewOf(state),
      ops: [{ kind: "debit", amount: stake, reason: "bet" }],
      closed: false,
    };
  },
  parseAction(input) {
    const action = (input as { action?: unknown }).action;
    return typeof action === "string" && ["double", "early_win", "finish"].includes(action)
      ? { ok: true, value: action }
      : { ok: false, error: "invalid_action", detail: `Unknown action ${JSON.stringify(action)}.` };
  },
  act(state, action) {
    if (action === "double") {
      const next = { ...state, doubled: true };
      return {
        state: next,
        view: viewOf(next),
        ops: [{ kind: "debit", amount: state.stake, reason: "double" }],
        closed: false,
      };
    }
    if (action === "early_win") {
      const next = { ...state, paid: state.paid + state.stake };
      return {
        state: next,
        view: viewOf(next),
        ops: [{ kind: "credit", amount: state.stake, closesRound: false, reason: "early_win" }],
        closed: false,
      };
    }
    const total = state.stake * (state.doubled ? 2n : 1n) * 2n - state.paid;
    return {
      state,
      view: viewOf(state),
      ops: [{ kind: "credit", amount: total, closesRound: true, reason: "win" }],
      closed: true,
    };
  },
  onDebitRefused: (stateBefore) => ({
    state: stateBefore,
    view: viewOf(stateBefore),
    ops: [],
    closed: false,
  }),
  abandon: (state) => ({
    state,
    view: viewOf(state),
    ops: [{ kind: "credit", amount: 0n, closesRound: true, reason: "abandoned" }],
    closed: true,
  }),
  reveal: (state) => state,
};

const scriptedResolved: ResolvedGame = {
  info: { code: SCRIPTED_CODE, slug: "scripted", suffix: "test", name: "Scripted" } as GameInfo,
  game: scriptedGame,
  rtp: rtpFromBasisPoints(9900),
};

export type WalletReply = "OK" | "ERROR_NOT_ENOUGH_MONEY" | "ERROR_UNKNOWN" | "500" | "timeout";

export interface WalletCall {
  kind: CallbackKind;
  raw: string;
  body: Record<string, unknown>;
  timestamp: string;
  signature: string;
}

/** A wallet on a local port answering each callback as scripted (then OK), recording every call. */
export async function fakeWallet() {
  const calls: WalletCall[] = [];
  const script: WalletReply[] = [];
  const hanging: http.ServerResponse[] = [];
  let balance = 1_000_000n;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = JSON.parse(raw) as Record<string, unknown>;
      const kind = (req.url ?? "").split("/").pop() as CallbackKind;
      calls.push({
        kind,
        raw,
        body,
        timestamp: String(req.headers["x-timestamp"]),
        signature: String(req.headers["x-hmac-sha256"]),
      });
      const reply = script.shift() ?? "OK";
      if (reply === "timeout") {
        hanging.push(res);
        return;
      }
      if (reply === "500") {
        res.writeHead(500).end("oops");
        return;
      }
      const customUserError = reply === "ERROR_NOT_ENOUGH_MONEY" ? "Top up at the cashier" : undefined;
      if (reply === "OK" && kind === "debit") balance -= BigInt(String(body.amount).replace(".", ""));
      if (reply === "OK" && kind === "credit") balance += BigInt(String(body.amount).replace(".", ""));
      const text = JSON.stringify({
        requestId: body.requestId,
        status: reply,
        balance: (Number(balance) / 100).toFixed(2),
        customUserError,
      });
      res.writeHead(200, { "Content-Type": "application/json" }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wallet`;
  return {
    origin,
    calls,
    script,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The real outbox, without its polling: the engine's inline deliveries and kicks are all that send. */
export function syncOutbox(
  store: Store,
  wallets: (operatorId: string) => Promise<WalletClient>,
  clock: Clock,
) {
  return new Outbox({
    store,
    clock,
    wallets,
    options: { instanceId: "test-instance", ...DEFAULT_OUTBOX_OPTIONS },
  });
}

export function engine(opts: {
  store: Store;
  clock: Clock;
  wallets?: (operatorId: string) => Promise<WalletClient>;
  outbox?: RoundDelivery;
  /** The engine's pauses (debit resends, waiting for a settling round); none by default. */
  sleep?: (ms: number) => Promise<void>;
}) {
  const seeds = new SeedService({ store: opts.store, secretBox, clock: opts.clock });
  const wallets = opts.wallets ?? (async () => Promise.reject(new Error("no wallet in this test")));
  const rounds = new RoundEngine({
    store: opts.store,
    clock: opts.clock,
    seeds,
    wallet: new RemoteWalletGateway({ wallets }),
    outbox: opts.outbox ?? syncOutbox(opts.store, wallets, opts.clock),
    policy: { resends: 2, retryDelayMs: 0, creditResends: 0, sleep: opts.sleep ?? (async () => {}) },
    games: (code) => (code === SCRIPTED_CODE ? scriptedResolved : gameForCode(code)),
  });
  return { rounds, seeds };
}

/** What a refused engine call rejects with; fails the test when it resolves or throws anything but a GameError. */
export async function refusal(promise: Promise<unknown>): Promise<GameError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GameError);
  return error as GameError;
}
