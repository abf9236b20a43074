import type { RunningWallet } from "@rgs/reference-wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../../test-support/services.ts";
import { manualClock } from "../../../src/clock.ts";
import { findRound } from "../../../src/rounds/round-repository.ts";
import type { Store } from "../../../src/store/database.ts";
import { storeBackends } from "../../store/store-backends.ts";
import { referenceWalletOperator } from "../reference-wallet.ts";
import { createHarness, errorOf, type Harness, START_MS, type TestOperator } from "../support.ts";
import { DICE, gameRequest, launchReal, ok, type RoundResult } from "./game-support.ts";

const SECRET = "cancelled-round-reference-wallet-secret";
const backends = storeBackends(await postgresAvailable());

interface Listed {
  id: string;
  status: string;
  stake: string;
  payout: string;
  view: unknown;
  note?: string;
}

describe.each(backends)("a bet the wallet never confirms, on $name", (backend) => {
  let store: Store;
  let h: Harness;
  let wallet: RunningWallet;
  let operator: TestOperator;

  beforeAll(async () => {
    store = await backend.open(manualClock(START_MS));
    h = await createHarness({ store });
    ({ wallet, operator } = await referenceWalletOperator(h, {
      name: "Cancelling wallet",
      secret: SECRET,
      players: "vera:USD:100.00,walt:USD:100.00,xena:USD:100.00",
      faults: true,
    }));
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await wallet?.close();
    await store?.close();
    await backend.dispose();
  });

  const token = (playerId = "vera") => launchReal(h, operator, { playerId });

  async function fault(callback: "debit" | "rollback", count: number): Promise<void> {
    const answer = await fetch(`${wallet.url}/admin/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ callback, mode: "error_before", count }),
    });
    expect(answer.status).toBe(201);
  }

  it("is cancelled everywhere the player looks, keeps no outcome and verifies as not played", async () => {
    const session = await token();
    await fault("debit", h.config.debitRetries + 1);
    const refused = await gameRequest(h, session, "POST", "/game/play", { amount: "1.00", params: DICE });
    expect(errorOf(refused)).toMatchObject({ status: 503, code: "wallet_unavailable" });
    await h.runtime.outbox.runOnce();
    await h.runtime.outbox.settled();

    const history = ok<{ rounds: Listed[] }>(await gameRequest(h, session, "GET", "/game/history?limit=10"));
    expect(history.rounds).toHaveLength(1);
    const [listed] = history.rounds;
    expect(listed).toMatchObject({
      status: "cancelled",
      stake: "0",
      payout: "0",
      view: null,
      note: "bet_cancelled",
    });
    const id = listed?.id ?? "";
    expect((await findRound(store.db, id))?.status).toBe("cancelled");

    const details = ok<Listed & { actions: unknown[]; reveal?: unknown }>(
      await gameRequest(h, session, "GET", `/game/round/${id}`),
    );
    expect(details).toMatchObject({ status: "cancelled", view: null, actions: [] });
    expect(details.reveal).toBeUndefined();
    expect(ok<{ round: unknown }>(await gameRequest(h, session, "POST", "/game/current")).round).toBeNull();

    ok(await gameRequest(h, session, "POST", "/seed/rotate"));
    const verified = ok<Record<string, unknown>>(
      await gameRequest(h, session, "POST", "/game/verify", { roundId: id }),
    );
    expect(verified).toMatchObject({ cancelled: true, steps: [], stake: "0", payout: "0" });
    expect(verified.matches).toBeUndefined();

    // The wallet is back: the next bet is played as usual.
    const played = ok<RoundResult>(
      await gameRequest(h, session, "POST", "/game/play", { amount: "1.00", params: DICE }),
    );
    expect(played.round.status).not.toBe("cancelled");
  });

  it("tells the player the refund is awaited, and sends it as soon as the wallet answers again", async () => {
    const session = await token("walt");
    await fault("debit", h.config.debitRetries + 1);
    // The rollback fails when it is sent at once and again when the player's next bet hurries it.
    await fault("rollback", 2);
    const bet = { amount: "1.00", params: DICE };
    expect(errorOf(await gameRequest(h, session, "POST", "/game/play", bet))).toMatchObject({
      status: 503,
      code: "wallet_unavailable",
    });
    const blocked = errorOf(await gameRequest(h, session, "POST", "/game/play", bet));
    expect(blocked).toMatchObject({ status: 409, code: "previous_bet_settling" });
    expect(blocked.detail).not.toMatch(/try again in a moment/);

    // The wallet is back: the balance it answers makes the waiting rollback due, without its backoff.
    const cancelled = await store.db
      .selectFrom("rounds")
      .select(["id", "status"])
      .where("player_id", "=", "walt")
      .executeTakeFirstOrThrow();
    expect(cancelled.status).toBe("settling");
    ok(await gameRequest(h, session, "POST", "/game/current"));
    await h.runtime.outbox.settled();
    expect((await findRound(store.db, cancelled.id))?.status).toBe("cancelled");
    expect((await wallet.ledger.findPlayer("walt"))?.balance).toBe(10_000n);
    ok<RoundResult>(await gameRequest(h, session, "POST", "/game/play", bet));
  });
  it("sends a refund another instance holds back as soon as the wallet answers this one", async () => {
    const session = await token("xena");
    await fault("debit", h.config.debitRetries + 1);
    await fault("rollback", 1);
    const bet = { amount: "1.00", params: DICE };
    expect(errorOf(await gameRequest(h, session, "POST", "/game/play", bet))).toMatchObject({
      status: 503,
      code: "wallet_unavailable",
    });
    const cancelled = await store.db
      .selectFrom("rounds")
      .select(["id", "status"])
      .where("player_id", "=", "xena")
      .executeTakeFirstOrThrow();
    expect(cancelled.status).toBe("settling");

    // A second instance that never saw the wallet fail: its polling pass learns of the waiting rollback, and
    // the wallet answering it makes the rollback due at once.
    const other = await createHarness({ shareStoreOf: h });
    try {
      await other.runtime.outbox.runOnce();
      ok(await gameRequest(other, session, "POST", "/game/current"));
      await other.runtime.outbox.settled();
      expect((await findRound(store.db, cancelled.id))?.status).toBe("cancelled");
      expect((await wallet.ledger.findPlayer("xena"))?.balance).toBe(10_000n);
    } finally {
      await other.close();
    }
  });
});
