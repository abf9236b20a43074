import { randomBytes } from "node:crypto";
import { rtpFromBasisPoints } from "@rgs/games/math/rational";
import { gameForCode, type ResolvedGame } from "@rgs/games/registry";
import type { GameInfo } from "@rgs/protocol/catalog";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildBackofficeApp } from "../../src/backoffice/backoffice-app.ts";
import { CSRF_HEADER, SESSION_COOKIE } from "../../src/backoffice/guard.ts";
import { type BackofficeUser, BackofficeUsers } from "../../src/backoffice/users.ts";
import { type Campaign, CampaignRepository } from "../../src/campaigns/campaign-repository.ts";
import { manualClock } from "../../src/clock.ts";
import { createSecretBox } from "../../src/crypto/secret-box.ts";
import { CertificationRepository } from "../../src/operators/certification-repository.ts";
import { CertificationRuns } from "../../src/operators/certification-runs.ts";
import { CertificationService, type TesterRun } from "../../src/operators/certification-service.ts";
import { localOnboarding } from "../../src/operators/onboarding.ts";
import { PackService } from "../../src/operators/pack-service.ts";
import { DeadLetterService } from "../../src/outbox/dead-letters.ts";
import { GgrRollup } from "../../src/reporting/ggr-rollup.ts";
import { randomSearchCursors } from "../../src/reporting/search-cursor.ts";
import { SearchService } from "../../src/reporting/search-service.ts";
import { RoundEngine } from "../../src/rounds/engine.ts";
import { SeedService } from "../../src/seeds/seed-service.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";
import { debitBody } from "../../src/wallet/callback-bodies.ts";
import { operatorWallets } from "../../src/wallet/operator-wallets.ts";
import { RemoteWalletGateway } from "../../src/wallet/remote-gateway.ts";
import { testConfig } from "../http/support.ts";
import {
  addCallback,
  addRound,
  type CallbackRow,
  createWorld,
  type FakeWallet,
  newOutbox,
  startFakeWallet,
  type World,
} from "../outbox/support.ts";

/**
 * A back office over an in-memory store with two operators (A with a fake wallet that refuses what it is
 * told to, B), and a person of each role: what the API and browser suites sign in as.
 */

export const PASSWORD = "correct horse battery staple";

/** A table game whose abandon rule pays 2.50 whatever the round's state: what a stuck round's settlement gives. */
export const ABANDON_PAYS = "abandon-pays-test";
const abandonPays: ResolvedGame = {
  info: { code: ABANDON_PAYS, slug: "abandon-pays", suffix: "test", name: "Abandon pays" } as GameInfo,
  game: {
    slug: "abandon-pays",
    kind: "table",
    parseParams: () => ({ ok: true, value: {} }),
    stakeOf: (_params: unknown, amount: bigint) => amount,
    maxPayout: (_params: unknown, stake: bigint) => stake,
    start: () => {
      throw new Error("only abandoned in these tests");
    },
    parseAction: () => ({ ok: false, error: "invalid_action", detail: "none" }),
    act: () => {
      throw new Error("only abandoned in these tests");
    },
    onDebitRefused: (state: unknown) => ({ state, view: {}, ops: [], closed: false }),
    abandon: (state: unknown) => ({
      state,
      view: {},
      ops: [{ kind: "credit", amount: 250n, closesRound: true, reason: "abandoned" }],
      closed: true,
    }),
    reveal: (state: unknown) => state,
  } as unknown as ResolvedGame["game"],
  rtp: rtpFromBasisPoints(9900),
};

export interface BackofficeWorld {
  app: FastifyInstance;
  store: Store;
  clock: ReturnType<typeof manualClock>;
  users: BackofficeUsers;
  wallet: FakeWallet;
  world: World;
  operatorA: string;
  operatorB: string;
  people: Record<"admin" | "admin2" | "opAdminA" | "supportA" | "financeA" | "supportB", BackofficeUser>;
  /** A credit of operator A the wallet refused: a dead letter. */
  deadLetter(opts?: {
    roundClosed?: boolean;
    amount?: bigint;
    /** Sends answered HTTP 503 before the refusal, each retried at once. */
    failures?: number;
  }): Promise<{ roundId: string; transactionId: string }>;
  /**
   * A round of operator A the wallet confirmed now: a bet (its body carrying the session's ID as
   * `sessionToken`, as the gateway sends it) and a win, rolled up into the GGR report.
   */
  played(opts: { bet: bigint; win: bigint; gameCode?: string }): Promise<{ roundId: string }>;
  /** A campaign of an operator (A by default) granted to `players`, with no round played yet. */
  campaign(opts: {
    reference: string;
    players: string[];
    operatorId?: string;
    endsInMs?: number;
  }): Promise<Campaign>;
  /** A free round of the campaign the wallet confirmed now: its `0` debit and a credit of `win`. */
  playedFree(campaign: Campaign, win: bigint): Promise<{ roundId: string }>;
  close(): Promise<void>;
}

/** The debit's body as the gateway sends it, the session's ID in `sessionToken` included. */
async function sentAsDebit(world: World, roundId: string, debit: CallbackRow, amount: bigint) {
  const sent = JSON.parse(debit.body) as { requestId: string; playerId: string; gameId: string };
  const body = debitBody({
    requestId: sent.requestId,
    playerId: sent.playerId,
    transactionId: debit.transactionId,
    roundId,
    gameCode: sent.gameId,
    amount,
    decimals: 2,
    sessionToken: world.sessionId,
    metadata: { reason: "bet" },
  });
  await world.store.db
    .updateTable("wallet_transactions")
    .set({ request_body: body })
    .where("transaction_id", "=", debit.transactionId)
    .execute();
}

export async function backofficeWorld(
  opts: { distDir?: string; startMs?: number; runTester?: TesterRun } = {},
): Promise<BackofficeWorld> {
  const clock = manualClock(opts.startMs ?? Date.UTC(2030, 0, 1));
  const store = await openMemoryStore({ clock });
  const wallet = await startFakeWallet();
  const world = await createWorld(store, clock, wallet.url);
  const { operator: other } = await world.operators.create({ name: "Other Casino" });
  const secretBox = createSecretBox(randomBytes(32));
  const users = new BackofficeUsers({ store, clock, secretBox });
  const person = (username: string, role: string, operatorId?: string) =>
    users.create({ username, password: PASSWORD, role, ...(operatorId && { operatorId }) });
  const people = {
    admin: await person("alice", "platform_admin"),
    admin2: await person("bob", "platform_admin"),
    opAdminA: await person("olga", "operator_admin", world.operatorId),
    supportA: await person("sam", "support", world.operatorId),
    financeA: await person("fay", "finance", world.operatorId),
    supportB: await person("sid", "support", other.id),
  };
  const certifications = new CertificationService({
    operators: world.operators,
    certifications: new CertificationRepository(store.db),
    runs: new CertificationRuns(store),
    instanceId: "rgs-backoffice-test",
    audit: store.audit,
    clock,
    environment: "staging",
    timeoutMs: 2000,
    ...(opts.runTester !== undefined && { runTester: opts.runTester }),
  });
  // The round engine settles stuck rounds as the sweeper does; its seed pair must open with its own box.
  await store.db
    .updateTable("seed_pairs")
    .set({ server_seed_sealed: secretBox.seal("b".repeat(64)) })
    .where("id", "=", world.seedPairId)
    .execute();
  const rounds = new RoundEngine({
    store,
    clock,
    seeds: new SeedService({ store, secretBox, clock }),
    wallet: new RemoteWalletGateway({
      wallets: operatorWallets({ operators: world.operators, pool: world.pool }),
    }),
    outbox: newOutbox(world),
    policy: { resends: 0, retryDelayMs: 0, creditResends: 0, sleep: async () => {} },
    games: (code) => (code === ABANDON_PAYS ? abandonPays : gameForCode(code)),
  });
  const app = await buildBackofficeApp({
    config: testConfig(),
    store,
    clock,
    secretBox,
    searches: new SearchService({
      pool: store.reporting,
      cursors: randomSearchCursors(),
      clock,
      fairness: async (_db, ids) =>
        new Map(ids.map((id) => [id, { serverSeedHash: "0".repeat(64), clientSeed: "client" }])),
      replayUrl: (roundId) => `https://rgs.test/replay/${roundId}`,
    }),
    callbacks: new DeadLetterService({ store, clock }),
    operators: localOnboarding({
      operators: world.operators,
      packs: new PackService({ store, clock }),
      certifications,
    }),
    certifications,
    rounds,
    ...(opts.distDir !== undefined && { distDir: opts.distDir }),
  });
  return {
    app,
    store,
    clock,
    users,
    wallet,
    world,
    operatorA: world.operatorId,
    operatorB: other.id,
    people,
    async deadLetter(options = {}) {
      const roundId = await addRound(world);
      const credit = await addCallback(world, roundId, {
        seq: 1,
        kind: "credit",
        roundClosed: options.roundClosed ?? true,
        amount: options.amount ?? 1234n,
      });
      const failures = Array.from({ length: options.failures ?? 0 }, () => ({
        http: 503,
        body: "Service Unavailable",
      }));
      wallet.byTransaction.set(credit.transactionId, [
        ...failures,
        { http: 200, status: "ERROR_PLAYER_DISABLED" },
      ]);
      const outbox = newOutbox(world);
      await outbox.kick(roundId);
      for (const _ of failures) await outbox.expedite(roundId);
      return { roundId, transactionId: credit.transactionId };
    },
    async played({ bet, win, gameCode }) {
      const roundId = await addRound(world, { status: "open", ...(gameCode && { gameCode }) });
      const debit = await addCallback(world, roundId, {
        seq: 0,
        kind: "debit",
        roundClosed: false,
        amount: bet,
      });
      await sentAsDebit(world, roundId, debit, bet);
      const callbacks = [
        debit,
        await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true, amount: win }),
      ];
      await store.db
        .updateTable("wallet_transactions")
        .set({ status: "ok", completed_at: new Date(clock.now()), answer: JSON.stringify({ status: "OK" }) })
        .where(
          "transaction_id",
          "in",
          callbacks.map((c) => c.transactionId),
        )
        .execute();
      // The roll-up reads what was confirmed more than its settling minute ago.
      clock.advance(61_000);
      await new GgrRollup({ store, clock }).catchUp();
      return { roundId };
    },
    async campaign({ reference, players, operatorId, endsInMs }) {
      const repository = new CampaignRepository(store.db);
      const now = clock.now();
      const { campaign } = await repository.create({
        operatorId: operatorId ?? world.operatorId,
        reference,
        requestDigest: reference,
        gameCodes: ["dice-alpha"],
        currency: "USD",
        bet: 20n,
        params: undefined,
        roundsPerPlayer: 5,
        startsAt: new Date(now),
        endsAt: new Date(now + (endsInMs ?? 30 * 86_400_000)),
        createdAt: new Date(now),
      });
      const grants = players.map((playerId) => ({ playerId, reference: `${reference}-${playerId}` }));
      await repository.grant(campaign, grants, new Date(now));
      return campaign;
    },
    async playedFree(campaign, win) {
      const roundId = await addRound(world, { status: "open" });
      const grant = await store.db
        .selectFrom("free_round_grants")
        .select("id")
        .where("campaign_id", "=", campaign.id)
        .orderBy("created_at")
        .executeTakeFirstOrThrow();
      const now = new Date(clock.now());
      await store.db
        .insertInto("free_round_plays")
        .values({
          round_id: roundId,
          grant_id: grant.id,
          campaign_id: campaign.id,
          operator_id: campaign.operatorId,
          bet: campaign.bet,
          created_at: now,
        })
        .execute();
      const callbacks = [
        await addCallback(world, roundId, { seq: 0, kind: "debit", roundClosed: false, amount: 0n }),
        await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true, amount: win }),
      ];
      await store.db
        .updateTable("wallet_transactions")
        .set({ status: "ok", completed_at: now, answer: JSON.stringify({ status: "OK" }) })
        .where(
          "transaction_id",
          "in",
          callbacks.map((c) => c.transactionId),
        )
        .execute();
      await store.db
        .updateTable("rounds")
        .set({ status: "closed", payout_total: win, closed_at: now })
        .where("id", "=", roundId)
        .execute();
      return { roundId };
    },
    async close() {
      await app.close();
      world.pool.close();
      await store.close();
      await wallet.close();
    },
  };
}

export interface SignedIn {
  cookie: string;
  csrfToken: string;
  response: LightMyRequestResponse;
}

export async function signIn(
  app: FastifyInstance,
  username: string,
  password = PASSWORD,
  totp?: string,
): Promise<SignedIn> {
  const response = await app.inject({
    method: "POST",
    url: "/api/session",
    payload: { username, password, ...(totp !== undefined && { totp }) },
  });
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? "";
  const csrfToken = response.statusCode === 201 ? (response.json() as { csrfToken: string }).csrfToken : "";
  return { cookie, csrfToken, response };
}

/** A request of a signed-in person, with the CSRF token unless `csrf: false`. */
export function as(
  app: FastifyInstance,
  who: SignedIn,
  method: "GET" | "POST" | "DELETE",
  url: string,
  payload?: object,
  opts: { csrf?: boolean } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    cookies: { [SESSION_COOKIE]: who.cookie },
    headers: opts.csrf === false || method === "GET" ? {} : { [CSRF_HEADER]: who.csrfToken },
    ...(payload !== undefined && { payload }),
  });
}
