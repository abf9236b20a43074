import { parseAmount } from "@rgs/protocol/money";
import { signRequest } from "@rgs/protocol/signing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import vectorFile from "../../../protocol/test/vectors/signing.json" with { type: "json" };
import {
  authenticateBody,
  balanceBody,
  type CreditInput,
  creditBody,
  debitBody,
  type RollbackInput,
  rollbackBody,
} from "../../src/wallet/callback-bodies.ts";

describe("authenticate body", () => {
  it("has the SPEC's fields in order", () => {
    expect(
      authenticateBody({ requestId: "r-1", playerId: "p-1", currency: "EUR", gameCode: "dice-alpha" }),
    ).toBe('{"requestId":"r-1","playerId":"p-1","currency":"EUR","gameCode":"dice-alpha"}');
  });

  it("sends the canonical code for a launch in RMB", () => {
    expect(
      authenticateBody({ requestId: "r-1", playerId: "p-1", currency: "RMB", gameCode: "dice-alpha" }),
    ).toBe('{"requestId":"r-1","playerId":"p-1","currency":"CNY","gameCode":"dice-alpha"}');
  });

  it("carries the session's stable ID last when given", () => {
    expect(
      authenticateBody({
        requestId: "r-1",
        playerId: "p-1",
        currency: "USD",
        gameCode: "dice-alpha",
        sessionToken: "sess-9",
      }),
    ).toBe(
      '{"requestId":"r-1","playerId":"p-1","currency":"USD","gameCode":"dice-alpha","sessionToken":"sess-9"}',
    );
  });

  it("refuses an unknown currency", () => {
    expect(() =>
      authenticateBody({ requestId: "r-1", playerId: "p-1", currency: "usd", gameCode: "dice-alpha" }),
    ).toThrow(/unknown currency/);
  });

  it("writes Unicode as UTF-8 text, not escapes", () => {
    expect(
      authenticateBody({
        requestId: "r-1",
        playerId: "Jürgen_日本_🎲",
        currency: "EUR",
        gameCode: "blackjack-leo",
      }),
    ).toBe('{"requestId":"r-1","playerId":"Jürgen_日本_🎲","currency":"EUR","gameCode":"blackjack-leo"}');
  });
});

describe("balance body", () => {
  it("is requestId and playerId, then an optional sessionToken", () => {
    expect(balanceBody({ requestId: "r-4", playerId: "p-7" })).toBe('{"requestId":"r-4","playerId":"p-7"}');
    expect(balanceBody({ requestId: "r-4", playerId: "p-7", sessionToken: "s" })).toBe(
      '{"requestId":"r-4","playerId":"p-7","sessionToken":"s"}',
    );
  });
});

describe("debit body", () => {
  const debit = {
    requestId: "r-2",
    playerId: "p-7",
    transactionId: "tx-2",
    roundId: "rd-2",
    gameCode: "dice-alpha",
    amount: 150n,
    decimals: 2,
  };

  it("has the SPEC's fields in order, the amount with the currency's decimals", () => {
    expect(debitBody(debit)).toBe(
      '{"requestId":"r-2","playerId":"p-7","transactionId":"tx-2","roundId":"rd-2","gameCode":"dice-alpha","amount":"1.50"}',
    );
    expect(debitBody({ ...debit, amount: 50000n, decimals: 8 })).toContain('"amount":"0.00050000"');
    expect(debitBody({ ...debit, amount: 15n, decimals: 0 })).toContain('"amount":"15"');
  });

  it("puts sessionToken, then metadata as a string holding JSON, after the required fields", () => {
    expect(debitBody({ ...debit, sessionToken: "sess-1", metadata: { action: "double", seat: 2 } })).toBe(
      '{"requestId":"r-2","playerId":"p-7","transactionId":"tx-2","roundId":"rd-2","gameCode":"dice-alpha","amount":"1.50","sessionToken":"sess-1","metadata":"{\\"action\\":\\"double\\",\\"seat\\":2}"}',
    );
  });

  it("refuses zero and negative stakes", () => {
    expect(() => debitBody({ ...debit, amount: 0n })).toThrow(RangeError);
    expect(() => debitBody({ ...debit, amount: -1n })).toThrow(RangeError);
  });

  it("refuses metadata JSON cannot carry exactly", () => {
    expect(() => debitBody({ ...debit, metadata: { x: Number.NaN } })).toThrow(/NaN/);
    expect(() => debitBody({ ...debit, metadata: [1] as never })).toThrow(/object/);
  });

  it("refuses empty identifiers", () => {
    expect(() => debitBody({ ...debit, transactionId: "" })).toThrow(/transactionId/);
    expect(() => debitBody({ ...debit, sessionToken: "" })).toThrow(/sessionToken/);
  });

  it("matches the published signing vector byte for byte", () => {
    const vector = vectorFile.vectors.find((v) => v.name === "Debit callback");
    const body = debitBody({
      requestId: "5d0c6a2e-8f1b-4c3a-9e7d-2b4f6a8c0e13",
      playerId: "player-42",
      transactionId: "tx-000001",
      roundId: "round-000001",
      gameCode: "dice-alpha",
      amount: 150n,
      decimals: 2,
    });
    expect(body).toBe(vector?.body);
    expect(signRequest(vector?.secret ?? "", vector?.timestamp ?? "", "/callback/debit", body)).toBe(
      vector?.signature,
    );
  });
});

describe("credit body", () => {
  const credit: CreditInput = {
    requestId: "r-3",
    playerId: "p-7",
    transactionId: "tx-3",
    roundId: "rd-2",
    roundClosed: true,
    gameId: "roulette-alpha-gemini",
    amount: 0n,
    decimals: 8,
  };

  it("names the game gameId and writes a zero payout as 0, as in the signing vector", () => {
    const vector = vectorFile.vectors.find((v) => v.name === "Zero-amount closing credit");
    expect(creditBody(credit)).toBe(
      '{"requestId":"r-3","playerId":"p-7","transactionId":"tx-3","roundId":"rd-2","roundClosed":true,"gameId":"roulette-alpha-gemini","amount":"0"}',
    );
    expect(creditBody(credit)).toBe(vector?.body);
  });

  it("never carries a session token, even when one is passed in", () => {
    const body = creditBody({ ...credit, sessionToken: "leak" } as CreditInput);
    expect(body).not.toContain("sessionToken");
    expect(body).not.toContain("leak");
  });

  it("writes roundClosed false and metadata last", () => {
    expect(creditBody({ ...credit, roundClosed: false, amount: 250n, decimals: 2, metadata: {} })).toBe(
      '{"requestId":"r-3","playerId":"p-7","transactionId":"tx-3","roundId":"rd-2","roundClosed":false,"gameId":"roulette-alpha-gemini","amount":"2.50","metadata":"{}"}',
    );
  });

  it("refuses a negative payout", () => {
    expect(() => creditBody({ ...credit, amount: -5n })).toThrow(RangeError);
  });
});

describe("rollback body", () => {
  const rollback: RollbackInput = {
    requestId: "r-5",
    playerId: "p-7",
    transactionId: "tx-5",
    reverseTransactionId: "tx-2",
    roundId: "rd-2",
    roundClosed: true,
    gameId: "dice-alpha",
  };

  it("names the debit to reverse and the game as gameId", () => {
    expect(rollbackBody(rollback)).toBe(
      '{"requestId":"r-5","playerId":"p-7","transactionId":"tx-5","reverseTransactionId":"tx-2","roundId":"rd-2","roundClosed":true,"gameId":"dice-alpha"}',
    );
  });

  it("never carries a session token", () => {
    expect(rollbackBody({ ...rollback, sessionToken: "leak" } as RollbackInput)).not.toContain(
      "sessionToken",
    );
  });
});

describe("any body", () => {
  it("is compact JSON whose amount reads back to the same minor units", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        fc.integer({ min: 0, max: 18 }),
        fc.string({ minLength: 1 }),
        (amount, decimals, playerId) => {
          const body = creditBody({
            requestId: "r",
            playerId,
            transactionId: "t",
            roundId: "rd",
            roundClosed: true,
            gameId: "dice-alpha",
            amount,
            decimals,
          });
          const parsed = JSON.parse(body) as Record<string, unknown>;
          expect(JSON.stringify(parsed)).toBe(body);
          expect(Object.keys(parsed)).toEqual([
            "requestId",
            "playerId",
            "transactionId",
            "roundId",
            "roundClosed",
            "gameId",
            "amount",
          ]);
          expect(parsed.playerId).toBe(playerId);
          expect(parseAmount(parsed.amount, decimals)).toEqual({ ok: true, minor: amount });
        },
      ),
    );
  });
});
