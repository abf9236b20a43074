import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RoundSearchResponse, SearchRound, TransactionSearchResponse } from "@rgs/protocol/operator-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { SETTLE_MS } from "../../src/reporting/search-service.ts";
import { HistoryMover } from "../../src/rounds/history-mover.ts";
import { HistoryRetention } from "../../src/rounds/history-retention.ts";
import { historyDb } from "../../src/rounds/history-tables.ts";
import type { Store } from "../../src/store/database.ts";
import { createHarness, errorOf, type Harness, START_MS, type TestOperator } from "../http/support.ts";
import { storeBackends } from "../store/store-backends.ts";
import { type FixtureRound, insertRound, type SeedPairs, seedPairs } from "./search-fixture.ts";

const backends = storeBackends(await postgresAvailable());
const DAY = 86_400_000;
const JAN = START_MS; // 2030-01-01
const DEC = Date.UTC(2029, 11, 1);
const MARCH = Date.UTC(2030, 2, 1);
const JANUARY = { from: "2030-01-01T00:00:00Z", to: "2030-01-31T00:00:00Z" };

describe.each(backends)("searching rounds and transactions on $name", (backend) => {
  let store: Store;
  let h: Harness;
  let other: TestOperator;
  let pairs: SeedPairs;
  const rounds: FixtureRound[] = [];
  let dropped: FixtureRound;
  let dir: string;

  // Each request is signed a second after the previous one: the same search twice is no replay.
  const search = async (body: object, operator?: TestOperator) => {
    h.clock.advance(1000);
    return h.signed({ method: "POST", path: "/operator/rounds/search", body, ...(operator && { operator }) });
  };
  const found = async (body: object, operator?: TestOperator): Promise<RoundSearchResponse> => {
    const response = await search(body, operator);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RoundSearchResponse;
  };
  /** Every page of a search, following `next`. */
  const allPages = async (body: object, between?: () => Promise<void>): Promise<SearchRound[]> => {
    const all: SearchRound[] = [];
    let cursor: string | undefined;
    do {
      const page = await found({ ...body, ...(cursor && { cursor }) });
      all.push(...page.rounds);
      cursor = page.next;
      h.clock.advance(1000);
      await between?.();
    } while (cursor);
    return all;
  };
  const ids = (list: { roundId: string }[] | { id: string }[]) =>
    list.map((r) => ("roundId" in r ? r.roundId : r.id)).sort();
  const realOfMain = () => rounds.filter((r) => r.operatorId === h.operator.id && r.mode === "real");

  beforeAll(async () => {
    store = await backend.open(manualClock(JAN));
    h = await createHarness({ store });
    other = await h.createOperator({ name: "Other operator" });
    pairs = await seedPairs(h, h.operator.id);
    const games = ["dice-alpha", "mines-alpha"];
    const statuses = ["closed", "void", "closed", "open", "settling", "initializing"] as const;
    for (let i = 0; i < 24; i++) {
      const status = statuses[i % statuses.length] as (typeof statuses)[number];
      rounds.push(
        await insertRound(store, {
          operatorId: h.operator.id,
          // One unfinished round per player and game: each unfinished round has a player of its own.
          playerId: status === "closed" || status === "void" ? `player-${i % 3}` : `player-${i % 3}-${i}`,
          mode: "real",
          gameCode: games[i % 2] as string,
          currency: i % 4 === 0 ? "EUR" : "USD",
          status,
          createdAt: JAN + i * DAY + i * 1000,
          seedPairId: i % 2 === 0 ? pairs.retired.id : pairs.active.id,
          transactions:
            status === "closed"
              ? [{}, {}]
              : status === "void"
                ? [{ status: "refused" }]
                : status === "settling"
                  ? [{}, { status: "pending" }]
                  : [{}],
        }),
      );
    }
    // Demo play and another operator's play, with a player ID in common.
    rounds.push(
      await insertRound(store, {
        operatorId: h.operator.id,
        playerId: "player-0",
        mode: "demo",
        gameCode: "dice-alpha",
        currency: "USD",
        status: "closed",
        createdAt: JAN + 2 * DAY,
        seedPairId: pairs.retired.id,
      }),
      await insertRound(store, {
        operatorId: other.id,
        playerId: "player-0",
        mode: "real",
        gameCode: "dice-alpha",
        currency: "USD",
        status: "closed",
        createdAt: JAN + 3 * DAY,
        seedPairId: pairs.retired.id,
      }),
    );
    dropped = await insertRound(store, {
      operatorId: h.operator.id,
      playerId: "player-0",
      mode: "real",
      gameCode: "dice-alpha",
      currency: "USD",
      status: "closed",
      createdAt: DEC + DAY,
      seedPairId: pairs.retired.id,
    });
    // December is exported and dropped; the first half of January is moved to the history.
    const mover = new HistoryMover({ store, clock: manualClock(MARCH) });
    await mover.move({ before: new Date(JAN + 15 * DAY) });
    dir = await mkdtemp(join(tmpdir(), "rgs-search-"));
    const retention = new HistoryRetention({
      store,
      secretBox: h.secretBoxes.seeds,
      clock: manualClock(MARCH),
    });
    await retention.exportMonth("2029-12", join(dir, "2029-12.jsonl"));
    await retention.dropMonth("2029-12", join(dir, "2029-12.jsonl"));
    h.clock.set(MARCH);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await store?.close();
    await backend.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("reads both the hot table and the history", async () => {
    const archived = await historyDb(store).selectFrom("rounds_history").select("id").execute();
    expect(archived.length).toBeGreaterThan(3);
    expect(archived.length).toBeLessThan(realOfMain().length);
  });

  it("finds every real round of the operator in a range, newest first, and keeps demo play out", async () => {
    const answer = await found({ ...JANUARY, limit: 500 });
    expect(answer.demoExcluded).toBe(true);
    expect(ids(answer.rounds)).toEqual(ids(realOfMain()));
    const starts = answer.rounds.map((r) => r.startedAt);
    expect(starts).toEqual([...starts].sort().reverse());
  });

  it.each([
    ["playerId", { playerId: "player-1" }, (r: FixtureRound) => r.playerId === "player-1"],
    [
      "playerId of an open round",
      { playerId: "player-0-3" },
      (r: FixtureRound) => r.playerId === "player-0-3",
    ],
    ["gameCode", { gameCode: "mines-alpha" }, (r: FixtureRound) => r.gameCode === "mines-alpha"],
    ["currency", { currency: "EUR" }, (r: FixtureRound) => r.currency === "EUR"],
    ["one status", { status: "void" }, (r: FixtureRound) => r.status === "void"],
    [
      "several statuses",
      { status: ["open", "settling", "cancelled"] },
      (r: FixtureRound) => r.status === "open" || r.status === "settling",
    ],
    [
      "a narrower range",
      { from: "2030-01-10T00:00:00Z", to: "2030-01-20T00:00:00+01:00" },
      (r: FixtureRound) => r.createdAt >= JAN + 9 * DAY && r.createdAt < JAN + 19 * DAY - 3_600_000,
    ],
  ])("finds exactly the rounds of a filter: %s", async (_name, filter, matches) => {
    const answer = await found({ ...JANUARY, limit: 500, ...filter });
    const expected = realOfMain().filter(matches);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(answer.rounds)).toEqual(ids(expected));
  });

  it("finds a round by its ID and by a transaction's ID, hot or archived, without a range", async () => {
    for (const round of [rounds[0], rounds[20]] as FixtureRound[]) {
      expect(ids((await found({ roundId: round.id })).rounds)).toEqual([round.id]);
      const tx = round.transactions.at(-1)?.id as string;
      expect(ids((await found({ transactionId: tx })).rounds)).toEqual([round.id]);
    }
  });

  it("describes a round: money, times, transactions and fairness", async () => {
    const closed = rounds[0] as FixtureRound;
    const [round] = (await found({ roundId: closed.id })).rounds;
    expect(round).toMatchObject({
      roundId: closed.id,
      playerId: "player-0",
      gameCode: "dice-alpha",
      currency: "EUR",
      status: "closed",
      stake: "1.00",
      payout: "2.50",
      startedAt: new Date(closed.createdAt).toISOString(),
      closedAt: new Date(closed.closedAt as number).toISOString(),
      fairness: {
        serverSeedHash: pairs.retired.hash,
        serverSeed: pairs.retired.serverSeed,
        clientSeed: "client-retired",
        nonce: 7,
      },
    });
    expect(round?.transactions).toEqual(
      closed.transactions.map((tx) => ({
        transactionId: tx.id,
        roundId: closed.id,
        kind: tx.kind,
        amount: tx.kind === "debit" ? "1.00" : "2.50",
        state: "ok",
        attempts: 1,
        lastStatus: "OK",
        createdAt: new Date(tx.createdAt).toISOString(),
        confirmedAt: new Date(tx.completedAt as number).toISOString(),
      })),
    );
    expect(round?.replayUrl).toMatch(/^https:\/\/rgs\.test\/replay\/[A-Za-z0-9_-]{44}$/);
    const secret = rounds[21] as FixtureRound;
    const [inPlay] = (await found({ roundId: secret.id })).rounds;
    expect(inPlay?.fairness).toEqual({
      serverSeedHash: pairs.active.hash,
      clientSeed: "client-active",
      nonce: 7,
    });
    expect(inPlay?.status).toBe("open");
    expect(inPlay?.replayUrl).toBeUndefined();
    const settling = rounds[22] as FixtureRound;
    const [unconfirmed] = (await found({ roundId: settling.id })).rounds;
    expect(unconfirmed?.transactions.map((t) => t.state)).toEqual(["ok", "pending"]);
    expect(unconfirmed?.transactions[1]?.confirmedAt).toBeNull();
  });

  it("answers 410 round_archived with the month for a round of a dropped month", async () => {
    const response = await search({ roundId: dropped.id });
    expect(response.statusCode).toBe(410);
    const body = errorOf(response);
    expect(body.code).toBe("round_archived");
    expect(body.detail).toContain("2029-12");
  });

  it("shows an operator nothing of another's, whatever IDs it sends", async () => {
    const mine = rounds[0] as FixtureRound;
    expect((await found({ roundId: mine.id }, other)).rounds).toEqual([]);
    expect((await found({ transactionId: mine.transactions[0]?.id as string }, other)).rounds).toEqual([]);
    expect((await search({ roundId: dropped.id }, other)).statusCode).toBe(200);
    const theirs = (await found({ ...JANUARY, playerId: "player-0" }, other)).rounds;
    expect(theirs.map((r) => r.roundId)).toEqual([rounds.at(-1)?.id]);
    const page = await found({ ...JANUARY, limit: 1 });
    const refused = await search({ ...JANUARY, limit: 1, cursor: page.next }, other);
    expect(errorOf(refused).code).toBe("cursor_mismatch");
  });

  it("pages without gap or repeat while bets go on and rounds move to the history", async () => {
    const FEB = Date.UTC(2030, 1, 1);
    const february: FixtureRound[] = [];
    for (let i = 0; i < 10; i++) {
      february.push(
        await insertRound(store, {
          operatorId: h.operator.id,
          playerId: "player-feb",
          mode: "real",
          gameCode: "dice-alpha",
          currency: "USD",
          status: "closed",
          createdAt: FEB + (10 + i * 2) * DAY,
          seedPairId: pairs.retired.id,
        }),
      );
    }
    const range = { from: "2030-02-05T00:00:00Z", to: "2030-03-07T00:00:00Z", playerId: "player-feb" };
    let added = 0;
    const paged = await allPages({ ...range, limit: 3 }, async () => {
      added++;
      // A bet of the same player, started after the search's first page.
      await insertRound(store, {
        operatorId: h.operator.id,
        playerId: "player-feb",
        mode: "real",
        gameCode: "mines-alpha",
        currency: "USD",
        status: "closed",
        createdAt: h.clock.now() - 1000,
        seedPairId: pairs.retired.id,
      });
      if (added === 2) {
        const moved = await new HistoryMover({ store, clock: manualClock(MARCH + 60 * DAY) }).move({
          before: new Date(FEB + 20 * DAY),
        });
        expect(moved.rounds).toBeGreaterThan(0);
      }
    });
    expect(paged.map((r) => r.roundId).sort()).toEqual(ids(february));
    expect(new Set(paged.map((r) => r.roundId)).size).toBe(paged.length);
    // The rounds played meanwhile are found by a new search, once settled.
    h.clock.advance(SETTLE_MS);
    const later = await found({ ...range, limit: 500 });
    expect(later.rounds).toHaveLength(february.length + added);
  });

  it("searches transactions by confirmation time, kind, state, player and round", async () => {
    const tx = async (body: object) => {
      const response = await h.signed({ method: "POST", path: "/operator/transactions/search", body });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as TransactionSearchResponse;
    };
    const all = realOfMain().flatMap((r) => r.transactions.map((t) => ({ ...t, round: r })));
    const confirmedInJanuary = all.filter(
      (t) => t.completedAt !== null && t.completedAt < Date.parse(JANUARY.to),
    );
    const everything = await tx({ ...JANUARY, limit: 500 });
    expect(everything.demoExcluded).toBe(true);
    expect(everything.transactions.map((t) => t.transactionId).sort()).toEqual(
      confirmedInJanuary.map((t) => t.id).sort(),
    );
    const credits = await tx({ ...JANUARY, limit: 500, kind: "credit", state: ["ok"] });
    expect(credits.transactions.map((t) => t.transactionId).sort()).toEqual(
      confirmedInJanuary
        .filter((t) => t.kind === "credit" && t.status === "ok")
        .map((t) => t.id)
        .sort(),
    );
    const player = await tx({ ...JANUARY, limit: 500, playerId: "player-2" });
    expect(player.transactions.every((t) => t.playerId === "player-2")).toBe(true);
    expect(player.transactions).toHaveLength(
      confirmedInJanuary.filter((t) => t.round.playerId === "player-2").length,
    );
    // A round's transactions, the pending one included, without a range.
    const settling = rounds[22] as FixtureRound;
    const ofRound = await tx({ roundId: settling.id });
    expect(ofRound.transactions.map((t) => t.state).sort()).toEqual(["ok", "pending"]);
    // Pages of 3 cover the same set once each.
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await tx({ ...JANUARY, limit: 3, ...(cursor && { cursor }) });
      paged.push(...page.transactions.map((t) => t.transactionId));
      cursor = page.next;
    } while (cursor);
    expect(paged.sort()).toEqual(confirmedInJanuary.map((t) => t.id).sort());
  });

  it.each([
    ["an unknown field", { ...JANUARY, player: "x" }, "unknown_filter"],
    ["a malformed round ID", { roundId: "not-a-uuid-but-36-characters-long!!" }, "invalid_filter"],
    ["an unknown status", { ...JANUARY, status: "won" }, "invalid_filter"],
    ["a page over 500", { ...JANUARY, limit: 501 }, "invalid_filter"],
    ["a limit that is not a number", { ...JANUARY, limit: "10" }, "invalid_filter"],
    ["no range and no ID", { playerId: "player-0" }, "invalid_time_range"],
    ["a range without its end", { from: JANUARY.from }, "invalid_time_range"],
    ["a date without a zone", { from: "2030-01-01T00:00:00", to: JANUARY.to }, "invalid_time_range"],
    ["30 February", { from: "2030-02-01T00:00:00Z", to: "2030-02-30T00:00:00Z" }, "invalid_time_range"],
    ["an end before the start", { from: JANUARY.to, to: JANUARY.from }, "invalid_time_range"],
    [
      "a range over 31 days",
      { from: "2030-01-01T00:00:00Z", to: "2030-02-01T00:00:01Z" },
      "time_range_too_long",
    ],
    ["a forged cursor", { ...JANUARY, cursor: "eyJ2IjoxfQ.AAAAAAAAAAAAAAAAAAAAAA" }, "invalid_cursor"],
    ["a cursor of no shape", { ...JANUARY, cursor: "../../etc/passwd" }, "invalid_cursor"],
    ["a body that is a list", [], "invalid_filter"],
  ])("refuses %s with a 400 of its own", async (_name, body, code) => {
    const response = await search(body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe(code);
  });

  it("refuses a cursor altered by a byte, and one reused with other filters", async () => {
    const page = await found({ ...JANUARY, limit: 2 });
    const cursor = page.next as string;
    const flipped = `${cursor.slice(0, 5)}${cursor[5] === "A" ? "B" : "A"}${cursor.slice(6)}`;
    expect(errorOf(await search({ ...JANUARY, limit: 2, cursor: flipped })).code).toBe("invalid_cursor");
    expect(errorOf(await search({ ...JANUARY, gameCode: "dice-alpha", cursor })).code).toBe(
      "cursor_mismatch",
    );
    const transactions = await h.signed({
      method: "POST",
      path: "/operator/transactions/search",
      body: { ...JANUARY, cursor },
    });
    expect(errorOf(transactions).code).toBe("cursor_mismatch");
  });
});
