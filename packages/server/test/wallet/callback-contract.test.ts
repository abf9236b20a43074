import { checkCallbackRequest, type WalletCallback, wireIdProblem } from "@rgs/protocol/wallet-callbacks";
import { loadConfig, type RunningWallet, startWallet } from "@rgs/reference-wallet";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authenticateBody,
  balanceBody,
  creditBody,
  debitBody,
  rollbackBody,
} from "../../src/wallet/callback-bodies.ts";
import { createWalletClient, type WalletClient } from "../../src/wallet/wallet-client.ts";

/**
 * The RGS, the reference wallet and the protocol's contract must agree: every body the RGS builds
 * follows the contract exactly, the reference wallet accepts all of them, and the RGS reads the
 * reference wallet's answers as what they are.
 */

function expectContractBody(callback: WalletCallback, body: string): void {
  const check = checkCallbackRequest(callback, JSON.parse(body));
  expect(check, body).toMatchObject({ ok: true });
  // Exactly the contract's fields, in its order: re-serialising the checked request gives the same bytes.
  if (check.ok) expect(JSON.stringify(check.request)).toBe(body);
}

const id = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 30 })
  .filter((s) => wireIdProblem(s) === undefined);
const token = fc.option(id, { nil: undefined });
const metadata = fc.option(fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer())), {
  nil: undefined,
});
const decimals = fc.integer({ min: 0, max: 18 });

describe("the RGS's callback bodies", () => {
  it("follow the contract for any valid input", () => {
    fc.assert(
      fc.property(
        fc.record({ a: id, b: id, c: id, d: id }),
        token,
        metadata,
        fc.bigInt({ min: 1n, max: 10n ** 24n }),
        decimals,
        fc.boolean(),
        ({ a, b, c, d }, sessionToken, meta, amount, places, closed) => {
          const session = sessionToken === undefined ? {} : { sessionToken };
          const extra = meta === undefined ? {} : { metadata: meta };
          expectContractBody(
            "authenticate",
            authenticateBody({
              requestId: a,
              playerId: b,
              currency: "EUR",
              gameCode: "dice-alpha",
              ...session,
            }),
          );
          expectContractBody("balance", balanceBody({ requestId: a, playerId: b, ...session }));
          const money = { amount, decimals: places };
          const round = { requestId: a, playerId: b, transactionId: c, roundId: d };
          expectContractBody(
            "debit",
            debitBody({ ...round, gameCode: "dice-alpha", ...money, ...session, ...extra }),
          );
          expectContractBody(
            "credit",
            creditBody({ ...round, roundClosed: closed, gameId: "dice-alpha", ...money, ...extra }),
          );
          expectContractBody(
            "credit",
            creditBody({ ...round, roundClosed: closed, gameId: "dice-alpha", amount: 0n, decimals: places }),
          );
          expectContractBody(
            "rollback",
            rollbackBody({
              ...round,
              reverseTransactionId: `${c}-debit`,
              roundClosed: closed,
              gameId: "dice-alpha",
              ...extra,
            }),
          );
        },
      ),
    );
  });
});

describe("the reference wallet and the RGS", () => {
  const SECRET = "contract-secret-shared-by-both-sides";
  let wallet: RunningWallet;
  let client: WalletClient;

  beforeAll(async () => {
    wallet = await startWallet(
      loadConfig({
        WALLET_SECRET: SECRET,
        WALLET_PORT: "0",
        WALLET_BASE_PATH: "/wallet/v2",
        WALLET_PLAYERS: "contract-player:USD:100.00",
      }),
      { logger: false },
    );
    client = createWalletClient({
      operatorId: "8a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      callbackBaseUrl: wallet.callbackBaseUrl,
      callbackSecret: () => SECRET,
    });
  });
  afterAll(async () => {
    client?.close();
    await wallet?.close();
  });

  const player = "contract-player";
  const session = "7d1e9a52-3c84-4b0f-a6e2-58c1d9f3b247";
  const money = (amount: bigint) => ({ amount, decimals: 2 });

  it("agree on every callback with every optional field, down to the balances", async () => {
    const auth = await client.authenticate({
      requestId: "contract-auth",
      playerId: player,
      currency: "USD",
      gameCode: "dice-alpha",
      sessionToken: session,
    });
    expect(auth.answer).toMatchObject({ outcome: "ok", balanceMinor: 10000n });
    if (auth.answer.outcome === "ok") expect(auth.answer.profile.accountCurrency).toBe("USD");

    const balance = await client.balance({
      requestId: "contract-balance",
      playerId: player,
      sessionToken: session,
      decimals: 2,
    });
    expect(balance.answer).toMatchObject({ outcome: "ok", balanceMinor: 10000n });

    const round = { playerId: player, roundId: "contract-round" };
    const debit = await client.debit({
      ...round,
      requestId: "contract-debit-1",
      transactionId: "contract-tx-1",
      gameCode: "blackjack-leo",
      ...money(150n),
      sessionToken: session,
      metadata: { action: "bet" },
    });
    expect(debit.answer).toMatchObject({ outcome: "ok", balanceMinor: 9850n });

    const early = await client.credit({
      ...round,
      requestId: "contract-credit-1",
      transactionId: "contract-tx-2",
      roundClosed: false,
      gameId: "blackjack-leo",
      ...money(50n),
      metadata: { action: "insurance" },
    });
    expect(early.answer).toMatchObject({ outcome: "ok", balanceMinor: 9900n });

    const double = await client.debit({
      ...round,
      requestId: "contract-debit-2",
      transactionId: "contract-tx-3",
      gameCode: "blackjack-leo",
      ...money(200n),
    });
    expect(double.answer).toMatchObject({ outcome: "ok", balanceMinor: 9700n });

    const rollback = await client.rollback({
      ...round,
      requestId: "contract-rollback",
      transactionId: "contract-tx-4",
      reverseTransactionId: "contract-tx-3",
      roundClosed: true,
      gameId: "blackjack-leo",
      metadata: { reason: "double not confirmed" },
      decimals: 2,
    });
    expect(rollback.answer).toMatchObject({ outcome: "ok", balanceMinor: 9900n });
  });

  it("agree that a rollback of a debit never seen is a success and a body breaking the rules a refusal", async () => {
    const unknown = await client.rollback({
      playerId: player,
      roundId: "contract-round-2",
      requestId: "contract-rollback-2",
      transactionId: "contract-tx-5",
      reverseTransactionId: "contract-tx-never-sent",
      roundClosed: true,
      gameId: "dice-alpha",
      decimals: 2,
    });
    expect(unknown.answer.outcome).toBe("ok");

    const zeroStake =
      '{"requestId":"contract-zero","playerId":"contract-player","transactionId":"contract-tx-6","roundId":"contract-round-3","gameCode":"dice-alpha","amount":"0"}';
    expect(checkCallbackRequest("debit", JSON.parse(zeroStake)).ok).toBe(false);
    expect(await client.send("debit", zeroStake, "contract-zero", 2)).toMatchObject({
      outcome: "refused",
      status: "ERROR_WRONG_SYNTAX",
    });
  });
});
