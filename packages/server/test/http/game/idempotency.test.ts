import { randomUUID } from "node:crypto";
import type { RunningWallet } from "@rgs/reference-wallet";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { referenceWalletOperator } from "../reference-wallet.ts";
import { createHarness, errorOf, type Harness, type TestOperator } from "../support.ts";
import { cents, DICE, gameRequest, launchDemo, launchReal, ok, type RoundResult } from "./game-support.ts";

const SECRET = "reference-wallet-secret-for-idempotency";

let h: Harness;
let wallet: RunningWallet;
let operator: TestOperator;

beforeAll(async () => {
  h = await createHarness();
  ({ wallet, operator } = await referenceWalletOperator(h, {
    name: "Idempotency operator",
    secret: SECRET,
    players: "ivy:USD:100.00,poor:USD:0.50",
  }));
});
afterAll(async () => {
  await h.close();
  await wallet.close();
});

const realToken = (playerId: string, gameCode = "dice-alpha") =>
  launchReal(h, operator, { playerId, gameCode });

const keyed = (key: string) => ({ "idempotency-key": key });

async function roundsOf(playerId: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from rounds where player_id = ${playerId}`.execute(h.store.db);
  return rows[0]?.n ?? 0;
}

async function walletBalance(playerId: string): Promise<string> {
  const token = await realToken(playerId);
  return ok<{ balance: string }>(await gameRequest(h, token, "POST", "/game/current")).balance;
}

describe("Idempotency-Key on POST /game/play", () => {
  it("answers a resent bet with its round and takes the stake once", async () => {
    const token = await realToken("ivy");
    const key = randomUUID();
    const bet = { amount: "1.00", params: DICE };
    const first = ok<RoundResult>(await gameRequest(h, token, "POST", "/game/play", bet, keyed(key)));
    const again = ok<RoundResult>(await gameRequest(h, token, "POST", "/game/play", bet, keyed(key)));
    expect(again.round.id).toBe(first.round.id);
    expect(again.round.payout).toBe(first.round.payout);
    expect(again.balance).toBe(first.balance);
    expect(await roundsOf("ivy")).toBe(1);
    expect(cents(await walletBalance("ivy"))).toBe(10_000n - 100n + cents(first.round.payout));
  });

  it("answers a resend reaching another instance with the original round: the key lives in the store", async () => {
    const other = await createHarness({ shareStoreOf: h });
    try {
      const token = await realToken("ivy");
      const key = randomUUID();
      const bet = { amount: "1.00", params: DICE };
      const first = ok<RoundResult>(await gameRequest(h, token, "POST", "/game/play", bet, keyed(key)));
      const again = ok<RoundResult>(await gameRequest(other, token, "POST", "/game/play", bet, keyed(key)));
      expect(again.round.id).toBe(first.round.id);
    } finally {
      await other.close();
    }
  });

  it("answers the resend of a bet from another session of the player the same way", async () => {
    const key = randomUUID();
    const bet = { amount: "2.00", params: DICE };
    const first = ok<RoundResult>(
      await gameRequest(h, await realToken("ivy"), "POST", "/game/play", bet, keyed(key)),
    );
    const again = ok<RoundResult>(
      await gameRequest(h, await realToken("ivy"), "POST", "/game/play", bet, keyed(key)),
    );
    expect(again.round.id).toBe(first.round.id);
  });

  it("answers a resent refused bet with the same refusal and sends no second debit", async () => {
    const token = await realToken("poor");
    const key = randomUUID();
    const bet = { amount: "1.00", params: DICE };
    const first = await gameRequest(h, token, "POST", "/game/play", bet, keyed(key));
    const again = await gameRequest(h, token, "POST", "/game/play", bet, keyed(key));
    expect(first.statusCode).toBe(402);
    expect(again.statusCode).toBe(402);
    expect(again.json()).toEqual(first.json());
    const debits = await sql<{
      n: number;
    }>`select count(*)::int as n from wallet_transactions t join rounds r on r.id = t.round_id where r.player_id = 'poor' and t.kind = 'debit'`.execute(
      h.store.db,
    );
    expect(debits.rows[0]?.n).toBe(1);
  });

  it("refuses a key reused for another bet with 422 idempotency_key_reused", async () => {
    const { token } = await launchDemo(h);
    const key = randomUUID();
    ok(await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: DICE }, keyed(key)));
    const reused = await gameRequest(
      h,
      token,
      "POST",
      "/game/play",
      { amount: "2.00", params: DICE },
      keyed(key),
    );
    expect(errorOf(reused)).toMatchObject({ status: 422, code: "idempotency_key_reused" });
  });

  it("answers 409 request_in_progress with Retry-After while the keyed bet's debit is unresolved", async () => {
    const token = await realToken("ivy");
    const key = randomUUID();
    const bet = { amount: "1.00", params: DICE };
    const first = ok<RoundResult>(await gameRequest(h, token, "POST", "/game/play", bet, keyed(key)));
    // The credit's confirmation closes the round within moments of the answer; only then is it rewound.
    await vi.waitFor(async () => {
      const { rows } = await sql<{
        status: string;
      }>`select status from rounds where id = ${first.round.id}`.execute(h.store.db);
      expect(rows[0]?.status).toBe("closed");
    });
    // As a bet whose instance died between its debit and its outcome leaves it, until the sweeper settles it.
    await sql`update rounds set status = 'initializing' where id = ${first.round.id}`.execute(h.store.db);
    const busy = await gameRequest(h, token, "POST", "/game/play", bet, keyed(key));
    expect(errorOf(busy)).toMatchObject({ status: 409, code: "request_in_progress" });
    expect(busy.headers["retry-after"]).toBe("1");
    await sql`update rounds set status = 'closed' where id = ${first.round.id}`.execute(h.store.db);
    expect(ok<RoundResult>(await gameRequest(h, token, "POST", "/game/play", bet, keyed(key))).round.id).toBe(
      first.round.id,
    );
  });

  it("opens one round when the same bet is sent twice at once", async () => {
    const { token } = await launchDemo(h);
    const key = keyed(randomUUID());
    const bet = { amount: "1.00", params: DICE };
    const answers = await Promise.all([
      gameRequest(h, token, "POST", "/game/play", bet, key),
      gameRequest(h, token, "POST", "/game/play", bet, key),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const ids = answers.filter((a) => a.statusCode === 200).map((a) => (a.json() as RoundResult).round.id);
    expect(new Set(ids).size).toBe(1);
    for (const a of answers.filter((a) => a.statusCode === 409)) {
      expect(errorOf(a).code).toBe("request_in_progress");
    }
  });

  it("plays a bet without a key as before, and each new key opens a new round", async () => {
    const { token } = await launchDemo(h);
    const bet = { amount: "1.00", params: DICE };
    const a = ok<RoundResult>(await gameRequest(h, token, "POST", "/game/play", bet));
    const b = ok<RoundResult>(await gameRequest(h, token, "POST", "/game/play", bet, keyed(randomUUID())));
    const c = ok<RoundResult>(await gameRequest(h, token, "POST", "/game/play", bet, keyed(randomUUID())));
    expect(new Set([a.round.id, b.round.id, c.round.id]).size).toBe(3);
  });

  it.each([
    ["", "idempotency_key_invalid"],
    ["has space", "idempotency_key_invalid"],
    ["ключ", "idempotency_key_invalid"],
    ["a".repeat(129), "idempotency_key_too_long"],
  ])("refuses the key %j with %s", async (key, code) => {
    const { token } = await launchDemo(h);
    const answer = await gameRequest(
      h,
      token,
      "POST",
      "/game/play",
      { amount: "1.00", params: DICE },
      {
        "idempotency-key": key,
      },
    );
    expect(errorOf(answer)).toMatchObject({ status: 400, code });
  });
});

describe("Idempotency-Key on POST /game/action", () => {
  it("answers a resent action with the round it left, and plays it once", async () => {
    const { token } = await launchDemo(h, { gameCode: "mines-alpha" });
    const opened = ok<RoundResult>(
      await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: { mines: 1 } }),
    );
    const key = randomUUID();
    const action = { roundId: opened.round.id, action: "reveal", params: { tile: 0 } };
    const first = ok<RoundResult>(await gameRequest(h, token, "POST", "/game/action", action, keyed(key)));
    const again = ok<RoundResult>(await gameRequest(h, token, "POST", "/game/action", action, keyed(key)));
    expect(again.round).toEqual(first.round);
    const { rows } = await sql<{
      n: number;
    }>`select jsonb_array_length(actions)::int as n from rounds where id = ${opened.round.id}`.execute(
      h.store.db,
    );
    expect(rows[0]?.n).toBe(1);
    const other = await gameRequest(
      h,
      token,
      "POST",
      "/game/action",
      { ...action, params: { tile: 1 } },
      keyed(key),
    );
    expect(errorOf(other)).toMatchObject({ status: 422, code: "idempotency_key_reused" });
  });

  it("keeps a key that reads like an object property as a plain key", async () => {
    const { token } = await launchDemo(h, { gameCode: "mines-alpha" });
    const opened = ok<RoundResult>(
      await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: { mines: 1 } }),
    );
    for (const key of ["constructor", "__proto__"]) {
      const answer = await gameRequest(
        h,
        token,
        "POST",
        "/game/action",
        { roundId: opened.round.id, action: "reveal", params: { tile: key === "constructor" ? 2 : 3 } },
        keyed(key),
      );
      expect([200, 409]).toContain(answer.statusCode);
    }
    const { rows } = await sql<{
      keys: string[];
    }>`select array(select jsonb_object_keys(action_keys)) as keys from rounds where id = ${opened.round.id}`.execute(
      h.store.db,
    );
    expect(rows[0]?.keys.length).toBeGreaterThan(0);
  });
});

describe("the reference documents", () => {
  it("describe the Idempotency-Key header of play and action in the OpenAPI document and on /docs", async () => {
    const openapi = (await h.app.inject({ method: "GET", url: "/openapi.json" })).json() as {
      paths: Record<string, { post: { parameters?: { in: string; name: string }[]; responses: object } }>;
    };
    for (const path of ["/game/play", "/game/action"]) {
      const operation = openapi.paths[path]?.post;
      expect(operation?.parameters).toContainEqual(
        expect.objectContaining({ in: "header", name: "idempotency-key" }),
      );
      expect(Object.keys(operation?.responses ?? {})).toContain("422");
    }
    const page = await h.app.inject({ method: "GET", url: "/docs" });
    expect(page.body).toContain("Idempotency-Key");
  });
});
