import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { HistoryMover } from "../../src/rounds/history-mover.ts";
import { HistoryRetention, HistoryRetentionError } from "../../src/rounds/history-retention.ts";
import { historyDb } from "../../src/rounds/history-tables.ts";
import { findRound } from "../../src/rounds/round-repository.ts";
import type { Store } from "../../src/store/database.ts";
import { checkExportFile } from "../../src/verify/export-file.ts";
import type { ExportedRound } from "../../src/verify/exported-round.ts";
import { registeredGameCodes, slugOf } from "../e2e/support/games.ts";
import { gameRequest, launchDemo, ok, type RoundResult } from "../http/game/game-support.ts";
import { playToClose } from "../http/game/play-to-close.ts";
import { createHarness, type Harness, START_MS } from "../http/support.ts";
import { storeBackends } from "../store/store-backends.ts";

/** Games of every kind: single-round with amounts in their params, cash-out, time-driven, table. */
const SLUGS = ["dice", "roulette", "mines", "flight_deck", "blackjack", "craps", "war"];
const GAMES = registeredGameCodes().filter((code) => SLUGS.includes(slugOf(code)));
const backends = storeBackends(await postgresAvailable());
const MARCH = Date.UTC(2030, 2, 1);

describe.each(backends)("exporting and dropping a month of history on $name", (backend) => {
  let store: Store;
  let h: Harness;
  let dir: string;
  let retention: HistoryRetention;
  const played: RoundResult["round"][] = [];
  let openRoundId = "";
  let secretRoundId = "";

  beforeAll(async () => {
    store = await backend.open(manualClock(START_MS));
    h = await createHarness({ store });
    dir = await mkdtemp(join(tmpdir(), "rgs-retention-"));
    retention = new HistoryRetention({ store, secretBox: h.secretBoxes.seeds, clock: manualClock(MARCH) });
    for (const code of GAMES) {
      const { token } = await launchDemo(h, { gameCode: code });
      played.push((await playToClose(h, token, code)).round);
      ok(await gameRequest(h, token, "POST", "/seed/rotate"));
    }
    // A round of a seed pair still in play, and a round left open: both must survive a drop.
    const secret = await launchDemo(h, { gameCode: "dice-alpha" });
    secretRoundId = (await playToClose(h, secret.token, "dice-alpha")).round.id;
    const open = await launchDemo(h, { gameCode: "mines-alpha" });
    openRoundId = ok<RoundResult>(
      await gameRequest(h, open.token, "POST", "/game/play", { amount: "1.00", params: { mines: 3 } }),
    ).round.id;
    const moved = await new HistoryMover({ store, clock: manualClock(MARCH) }).move({
      before: new Date(Date.UTC(2030, 1, 1)),
    });
    expect(moved.rounds).toBe(GAMES.length + 1);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await store?.close();
    await backend.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const hotCounts = async () => {
    const { rows } = await sql<{ rounds: number; transactions: number }>`
      select (select count(*)::int from rounds) as rounds,
             (select count(*)::int from wallet_transactions) as transactions`.execute(store.db);
    return rows[0];
  };

  it("plays a round of each game asked for", () => {
    expect(GAMES).toHaveLength(SLUGS.length);
  });

  it("exports every archived round of the month, and each re-verifies offline with the games' code", async () => {
    const file = join(dir, "2030-01.jsonl");
    const exported = await retention.exportMonth("2030-01", file);
    expect(exported).toMatchObject({ month: "2030-01", rounds: GAMES.length + 1, secretSeeds: 1, file });
    expect(exported.digest).toMatch(/^[0-9a-f]{64}$/);
    const lines = (await readFile(file, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as ExportedRound);
    expect(lines.map((l) => l.round.id).sort()).toEqual([...played.map((r) => r.id), secretRoundId].sort());
    expect(lines.reduce((n, l) => n + l.transactions.length, 0)).toBe(exported.transactions);

    const checked = await checkExportFile(file);
    expect(checked).toMatchObject({ rounds: GAMES.length + 1, matches: GAMES.length, differs: [] });
    expect(checked.notVerifiable).toEqual([
      expect.objectContaining({ roundId: secretRoundId, detail: expect.stringMatching(/still in play/) }),
    ]);

    // A line whose recorded outcome was edited no longer verifies.
    const forged = lines.map((l) =>
      l.round.id === played[0]?.id ? { ...l, round: { ...l.round, payout_total: "123456" } } : l,
    );
    const forgedFile = join(dir, "forged.jsonl");
    await writeFile(forgedFile, forged.map((l) => JSON.stringify(l)).join("\n"));
    const forgedCheck = await checkExportFile(forgedFile);
    expect(forgedCheck.differs).toEqual([
      expect.objectContaining({ roundId: played[0]?.id, detail: expect.stringMatching(/payout/) }),
    ]);

    await expect(retention.exportMonth("2030-01", file)).rejects.toThrow(/already exists/);
    await expect(retention.exportMonth("2029-12", join(dir, "none.jsonl"))).rejects.toThrow(
      /no history partition for 2029-12/,
    );
  });

  it("refuses a drop without the exact export of the month, with a specific reason", async () => {
    const file = join(dir, "2030-01.jsonl");
    const lines = (await readFile(file, "utf8")).trim().split("\n");
    const short = join(dir, "short.jsonl");
    await writeFile(short, `${lines.slice(1).join("\n")}\n`);
    const edited = join(dir, "edited.jsonl");
    const first = JSON.parse(lines[0] ?? "{}") as ExportedRound;
    await writeFile(
      edited,
      [JSON.stringify({ ...first, round: { ...first.round, payout_total: "1" } }), ...lines.slice(1)].join(
        "\n",
      ),
    );
    const pendingId = String(first.transactions[0]?.transaction_id);
    await sql`update wallet_transactions_history set status = 'pending' where transaction_id = ${pendingId}`.execute(
      store.db,
    );
    await expect(retention.dropMonth("2030-01", file)).rejects.toThrow(
      /The history of 2030-01 holds 1 unfinished callback/,
    );
    await sql`update wallet_transactions_history set status = ${String(first.transactions[0]?.status)} where transaction_id = ${pendingId}`.execute(
      store.db,
    );
    const cases: [string, string, RegExp][] = [
      ["2030-13", file, /--month takes a month as YYYY-MM/],
      ["2030-01", join(dir, "missing.jsonl"), /There is no file .*missing\.jsonl/],
      [
        "2030-01",
        short,
        new RegExp(`holds ${GAMES.length} rounds of 2030-01, the history holds ${GAMES.length + 1}`),
      ],
      ["2030-01", edited, /does not hold what the history holds for 2030-01/],
      ["2029-12", file, /Line 1 of .* holds a round of 2030-01, not of 2029-12/],
      ["2030-03", file, /2030-03 is not over yet/],
    ];
    for (const [month, path, message] of cases) {
      const refused = retention.dropMonth(month, path);
      await expect(refused).rejects.toBeInstanceOf(HistoryRetentionError);
      await expect(refused).rejects.toThrow(message);
    }
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from rounds_history where finished_at < ${new Date(Date.UTC(2030, 1, 1))}`.execute(
      store.db,
    );
    expect(rows[0]?.n).toBe(GAMES.length + 1);
  });

  it("drops the month's partitions only, keeping hot rounds and every transaction ID", async () => {
    const file = join(dir, "2030-01.jsonl");
    const lines = (await readFile(file, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as ExportedRound);
    const archivedIds = lines.flatMap((l) => l.transactions.map((t) => String(t.transaction_id)));
    const hotBefore = await hotCounts();

    const dropped = await retention.dropMonth("2030-01", file);
    expect(dropped).toMatchObject({
      month: "2030-01",
      rounds: GAMES.length + 1,
      droppedPartitions: ["rounds_history_2030_01", "wallet_transactions_history_2030_01"],
    });
    const { rows } = await sql<{ name: string }>`
      select relname as name from pg_class
      where relname in ('rounds_history_2030_01', 'wallet_transactions_history_2030_01')`.execute(store.db);
    expect(rows).toEqual([]);
    expect(await hotCounts()).toEqual(hotBefore);
    expect((await findRound(store.db, openRoundId))?.status).toBe("open");
    const kept = await historyDb(store)
      .selectFrom("transaction_ids")
      .select("transaction_id")
      .where("transaction_id", "in", archivedIds)
      .execute();
    expect(kept).toHaveLength(archivedIds.length);
    await expect(retention.dropMonth("2030-01", file)).rejects.toThrow(/no history partition for 2030-01/);
  });
});
