import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { freeRoundOf } from "../src/free-rounds.ts";
import {
  CALLBACK_ANSWER_FIELDS,
  CALLBACK_EXAMPLES,
  CALLBACK_REQUEST_FIELDS,
  callbackAnswerSchema,
  callbackPath,
  callbackRequestSchema,
  callbackRequestText,
  checkCallbackRequest,
  isWalletCallback,
  readAnswerRecord,
  readWalletAnswer,
  statusOutcome,
  WALLET_CALLBACKS,
  WALLET_STATUS_MEANINGS,
  type WalletCallback,
  wireIdProblem,
} from "../src/wallet-callbacks.ts";
import { WALLET_STATUSES } from "../src/wallet-status.ts";

const names = (callback: WalletCallback, table = CALLBACK_REQUEST_FIELDS) =>
  table[callback].map((f) => f.name);

describe("the five callbacks", () => {
  it("are served under /callback/{name}", () => {
    expect(WALLET_CALLBACKS.map(callbackPath)).toEqual([
      "/callback/authenticate",
      "/callback/debit",
      "/callback/credit",
      "/callback/balance",
      "/callback/rollback",
    ]);
    expect(isWalletCallback("debit")).toBe(true);
    expect(isWalletCallback("Debit")).toBe(false);
    expect(isWalletCallback("toString")).toBe(false);
  });
});

describe("request fields", () => {
  it("follow the SPEC's tables in order, optional fields last", () => {
    expect(names("authenticate")).toEqual(["requestId", "playerId", "currency", "gameCode", "sessionToken"]);
    expect(names("balance")).toEqual(["requestId", "playerId", "sessionToken"]);
    expect(names("debit")).toEqual([
      "requestId",
      "playerId",
      "transactionId",
      "roundId",
      "gameCode",
      "amount",
      "sessionToken",
      "metadata",
    ]);
    expect(names("credit")).toEqual([
      "requestId",
      "playerId",
      "transactionId",
      "roundId",
      "roundClosed",
      "gameId",
      "amount",
      "metadata",
    ]);
    expect(names("rollback")).toEqual([
      "requestId",
      "playerId",
      "transactionId",
      "reverseTransactionId",
      "roundId",
      "roundClosed",
      "gameId",
      "metadata",
    ]);
    for (const callback of WALLET_CALLBACKS) {
      const required = CALLBACK_REQUEST_FIELDS[callback].map((f) => f.required === "yes");
      expect(required, callback).toEqual([...required].sort((a, b) => Number(b) - Number(a)));
    }
  });

  it("never give credits and rollbacks a session token, so they settle after the session ended", () => {
    expect(names("credit")).not.toContain("sessionToken");
    expect(names("rollback")).not.toContain("sessionToken");
  });

  it("type booleans as booleans and everything else as strings", () => {
    for (const callback of WALLET_CALLBACKS) {
      for (const f of CALLBACK_REQUEST_FIELDS[callback]) {
        expect(f.type).toBe(f.name === "roundClosed" ? "boolean" : "string");
        expect(f.notes).not.toBe("");
      }
    }
  });
});

describe("answer fields", () => {
  it("are requestId, status and a balance when OK, plus the extras of authenticate and debit", () => {
    for (const callback of ["credit", "balance", "rollback"] as const) {
      expect(names(callback, CALLBACK_ANSWER_FIELDS)).toEqual(["requestId", "status", "balance"]);
    }
    expect(names("debit", CALLBACK_ANSWER_FIELDS)).toEqual([
      "requestId",
      "status",
      "balance",
      "customUserError",
    ]);
    expect(names("authenticate", CALLBACK_ANSWER_FIELDS)).toEqual([
      "requestId",
      "status",
      "balance",
      "accountCurrency",
      "name",
      "countryCode",
      "languageCode",
      "birthDate",
      "registrationDate",
      "address",
      "excluded",
      "excludedUntil",
    ]);
    for (const callback of WALLET_CALLBACKS) {
      expect(CALLBACK_ANSWER_FIELDS[callback].find((f) => f.name === "balance")?.required).toBe("when OK");
    }
  });
});

describe("statuses", () => {
  it("have a meaning for each of the SPEC's statuses", () => {
    expect(Object.keys(WALLET_STATUS_MEANINGS)).toEqual([...WALLET_STATUSES]);
  });

  it("mean success, refusal or ambiguity per callback", () => {
    for (const callback of WALLET_CALLBACKS) {
      for (const status of WALLET_STATUSES) {
        const expected =
          status === "OK" || (status === "ERROR_TRANSACTION_DOES_NOT_EXIST" && callback === "rollback")
            ? "ok"
            : status === "ERROR_UNKNOWN"
              ? "ambiguous"
              : "refused";
        expect(statusOutcome(callback, status), `${callback} ${status}`).toBe(expected);
      }
    }
  });
});

describe("callbackRequestText", () => {
  it("writes the contract's fields in wire order whatever order they are given in", () => {
    expect(
      callbackRequestText("rollback", {
        gameId: "dice-alpha",
        roundClosed: true,
        roundId: "rd",
        reverseTransactionId: "tx-1",
        transactionId: "tx-2",
        playerId: "p",
        requestId: "r",
      }),
    ).toBe(
      '{"requestId":"r","playerId":"p","transactionId":"tx-2","reverseTransactionId":"tx-1","roundId":"rd","roundClosed":true,"gameId":"dice-alpha"}',
    );
  });

  it("leaves out optional fields that are undefined", () => {
    expect(callbackRequestText("balance", { sessionToken: undefined, playerId: "p", requestId: "r" })).toBe(
      '{"requestId":"r","playerId":"p"}',
    );
  });

  it("refuses a field the contract does not have, and a missing required one", () => {
    expect(() =>
      callbackRequestText("credit", {
        requestId: "r",
        playerId: "p",
        transactionId: "t",
        roundId: "rd",
        roundClosed: true,
        gameId: "g",
        amount: "0",
        sessionToken: "s",
      }),
    ).toThrow(/sessionToken is not a field of the credit request/);
    expect(() => callbackRequestText("balance", { requestId: "r" })).toThrow(/needs playerId/);
  });
});

function exampleRequest(callback: WalletCallback): Record<string, unknown> {
  return JSON.parse(CALLBACK_EXAMPLES[callback].request) as Record<string, unknown>;
}

describe("checkCallbackRequest", () => {
  it("accepts every example, reading back the contract's fields only", () => {
    for (const callback of WALLET_CALLBACKS) {
      const body = { ...exampleRequest(callback), somethingNew: 1 };
      const check = checkCallbackRequest(callback, body);
      expect(check.ok, callback).toBe(true);
      if (check.ok) expect(check.request).toEqual(exampleRequest(callback));
    }
  });

  it("names each missing required field", () => {
    for (const callback of WALLET_CALLBACKS) {
      for (const f of CALLBACK_REQUEST_FIELDS[callback].filter((f) => f.required === "yes")) {
        const body = exampleRequest(callback);
        delete body[f.name];
        expect(checkCallbackRequest(callback, body)).toMatchObject({ ok: false, field: f.name });
      }
    }
  });

  it("refuses a body that is not an object", () => {
    for (const body of [null, [], "x", 1]) {
      expect(checkCallbackRequest("debit", body)).toEqual({
        ok: false,
        field: "",
        detail: "the body must be a JSON object",
      });
    }
  });

  const debit = exampleRequest("debit");
  const refused = (patch: Record<string, unknown>, callback: WalletCallback = "debit") =>
    checkCallbackRequest(callback, { ...exampleRequest(callback), ...patch });

  it.each([
    ["a number", 42, "playerId must be a string, got a number"],
    ["an empty string", "", "playerId is empty"],
    ["257 characters", "p".repeat(257), "playerId is longer than 256 characters"],
    ["NUL", "a\u0000b", "playerId contains control characters, bidirectional overrides or broken UTF-16"],
    [
      "a line break",
      "a\nb",
      "playerId contains control characters, bidirectional overrides or broken UTF-16",
    ],
    ["DEL", "a\u007fb", "playerId contains control characters, bidirectional overrides or broken UTF-16"],
    [
      "a C1 control",
      "a\u0085b",
      "playerId contains control characters, bidirectional overrides or broken UTF-16",
    ],
    [
      "a lone high surrogate",
      "a\ud83c",
      "playerId contains control characters, bidirectional overrides or broken UTF-16",
    ],
    [
      "a lone low surrogate",
      "\udfb2b",
      "playerId contains control characters, bidirectional overrides or broken UTF-16",
    ],
    [
      "a right-to-left override",
      "a\u202eb",
      "playerId contains control characters, bidirectional overrides or broken UTF-16",
    ],
    [
      "a first-strong isolate",
      "a\u2068b",
      "playerId contains control characters, bidirectional overrides or broken UTF-16",
    ],
    ["null", null, "playerId must be a string, got null"],
  ])("refuses an id that is %s", (_name, value, detail) => {
    expect(refused({ playerId: value })).toEqual({ ok: false, field: "playerId", detail });
  });

  it("accepts ids of any printable Unicode up to 256 characters", () => {
    expect(refused({ playerId: "p".repeat(256) }).ok).toBe(true);
    expect(refused({ transactionId: "Jürgen_日本_🎲 ' OR 1=1 --<script>" }).ok).toBe(true);
  });

  it("bounds game and currency codes at 64 characters", () => {
    expect(refused({ gameCode: "g".repeat(64) }).ok).toBe(true);
    expect(refused({ gameCode: "g".repeat(65) })).toMatchObject({ ok: false, field: "gameCode" });
    expect(refused({ currency: "C".repeat(65) }, "authenticate")).toMatchObject({
      ok: false,
      field: "currency",
    });
  });

  it.each(["0", "0.00", "-1.00", "+1", "1e2", "1.", ".5", "01", " 1", ""])(
    "refuses the stake %j",
    (amount) => {
      expect(refused({ amount })).toMatchObject({ ok: false, field: "amount" });
    },
  );

  it("refuses a stake that is a JSON number", () => {
    expect(refused({ amount: 1.5 })).toMatchObject({ ok: false, field: "amount" });
  });

  it("accepts a stake with up to 18 decimals, leaving the currency's precision to the wallet", () => {
    expect(refused({ amount: "0.000000000000000001" }).ok).toBe(true);
    expect(refused({ amount: "0.0000000000000000001" })).toMatchObject({ ok: false, field: "amount" });
  });

  it("accepts a zero payout and refuses a negative one", () => {
    expect(refused({ amount: "0" }, "credit").ok).toBe(true);
    expect(refused({ amount: "-0.01" }, "credit")).toMatchObject({ ok: false, field: "amount" });
  });

  it("takes roundClosed only as a JSON boolean", () => {
    for (const roundClosed of ["true", 1, null]) {
      expect(refused({ roundClosed }, "rollback")).toMatchObject({ ok: false, field: "roundClosed" });
    }
    expect(refused({ roundClosed: false }, "credit").ok).toBe(true);
  });

  it("takes metadata as a string, and an optional field sent as null as absent", () => {
    expect(refused({ metadata: { action: "double" } })).toMatchObject({ ok: false, field: "metadata" });
    const check = refused({ metadata: null, sessionToken: null });
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect("metadata" in check.request).toBe(false);
      expect("sessionToken" in check.request).toBe(false);
    }
    expect(refused({ sessionToken: "" })).toMatchObject({ ok: false, field: "sessionToken" });
  });

  it("names the first broken field in wire order", () => {
    expect(checkCallbackRequest("debit", { ...debit, amount: "x", playerId: "" })).toMatchObject({
      field: "playerId",
    });
  });

  it("accepts every body the contract's writer makes from valid fields", () => {
    const id = fc
      .string({ unit: "grapheme", minLength: 1, maxLength: 40 })
      .filter((s) => wireIdProblem(s) === undefined);
    const amount = fc
      .tuple(fc.bigInt({ min: 1n, max: 10n ** 20n }), fc.integer({ min: 0, max: 18 }))
      .map(([units, scale]) => {
        const digits = units.toString().padStart(scale + 1, "0");
        return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
      });
    fc.assert(
      fc.property(
        id,
        id,
        amount,
        fc.boolean(),
        fc.option(id, { nil: undefined }),
        (a, b, stake, closed, meta) => {
          const body = callbackRequestText("credit", {
            requestId: a,
            playerId: b,
            transactionId: a,
            roundId: b,
            roundClosed: closed,
            gameId: "dice-alpha",
            amount: stake,
            metadata: meta,
          });
          const check = checkCallbackRequest("credit", JSON.parse(body));
          expect(check.ok).toBe(true);
          if (check.ok) expect(JSON.stringify(check.request)).toBe(body);
        },
      ),
    );
  });
});

describe("the examples", () => {
  it("are compact JSON in wire order, and their answers read as success", () => {
    for (const callback of WALLET_CALLBACKS) {
      const { request, answer } = CALLBACK_EXAMPLES[callback];
      const fields = CALLBACK_REQUEST_FIELDS[callback].map((f) => f.name);
      const keys = Object.keys(JSON.parse(request));
      expect(keys).toEqual(fields.filter((name) => keys.includes(name)));
      expect(JSON.stringify(JSON.parse(request))).toBe(request);
      const read = readWalletAnswer({
        kind: callback,
        httpStatus: 200,
        body: new TextEncoder().encode(answer),
        expectedRequestId: String(JSON.parse(request).requestId),
        decimals: 2,
      });
      expect(read.outcome, callback).toBe("ok");
    }
  });
});

describe("readAnswerRecord", () => {
  it("reads the status and balance of an object whatever its requestId", () => {
    expect(readAnswerRecord("credit", { status: "OK", balance: "1.005" }, 2)).toEqual({
      outcome: "ok",
      status: "OK",
      balance: { units: 1005n, scale: 3 },
      balanceMinor: 100n,
    });
    expect(readAnswerRecord("debit", { status: "ERROR_NOT_ENOUGH_MONEY" }, 2)).toEqual({
      outcome: "refused",
      status: "ERROR_NOT_ENOUGH_MONEY",
    });
    expect(readAnswerRecord("debit", { status: "OK", balance: 1 }, 2)).toMatchObject({
      outcome: "ambiguous",
      reason: "unreadable_balance",
    });
    expect(readAnswerRecord("rollback", { status: "ERROR_TRANSACTION_DOES_NOT_EXIST" }, 2)).toEqual({
      outcome: "ok",
      status: "ERROR_TRANSACTION_DOES_NOT_EXIST",
    });
    expect(readAnswerRecord("credit", { status: "ERROR_UNKNOWN" }, 2)).toMatchObject({
      outcome: "ambiguous",
      reason: "error_unknown",
    });
    expect(readAnswerRecord("credit", { status: "Ok" }, 2)).toMatchObject({
      outcome: "ambiguous",
      reason: "unknown_status",
    });
  });

  it("cleans a refusal's message for the player", () => {
    expect(
      readAnswerRecord("debit", { status: "ERROR_PLAYER_DISABLED", customUserError: " a\u0000\nb " }, 2),
    ).toEqual({ outcome: "refused", status: "ERROR_PLAYER_DISABLED", customUserError: "a b" });
    // Bidirectional overrides would show the message's text in another order: they are taken out.
    expect(
      readAnswerRecord(
        "debit",
        { status: "ERROR_PLAYER_DISABLED", customUserError: "Call \u202eevil\u202c \u2067x\u2069 now" },
        2,
      ),
    ).toEqual({ outcome: "refused", status: "ERROR_PLAYER_DISABLED", customUserError: "Call evil x now" });
  });
});

describe("JSON schemas", () => {
  it("list the fields in wire order with the required ones", () => {
    for (const callback of WALLET_CALLBACKS) {
      const request = callbackRequestSchema(callback) as {
        properties: Record<string, unknown>;
        required: string[];
      };
      expect(Object.keys(request.properties)).toEqual(names(callback));
      expect(request.required).toEqual(
        CALLBACK_REQUEST_FIELDS[callback].filter((f) => f.required === "yes").map((f) => f.name),
      );
      const answer = callbackAnswerSchema(callback) as {
        properties: Record<string, { enum?: unknown }>;
        required: string[];
        then: unknown;
      };
      expect(answer.required).toEqual(["requestId", "status"]);
      expect(answer.then).toEqual({ required: ["balance"] });
      expect(answer.properties.status?.enum).toEqual([...WALLET_STATUSES]);
    }
  });

  it("describe amounts and balances by the wire grammar", () => {
    const debit = callbackRequestSchema("debit") as {
      properties: { amount: { pattern: string; description: string } };
    };
    const grammar = new RegExp(debit.properties.amount.pattern);
    // "0" is a free round's debit, told apart by its metadata: the schema admits it and says so.
    for (const ok of ["1", "1.50", "0.00050000", "0"]) expect(grammar.test(ok), ok).toBe(true);
    for (const bad of ["-1", "1e2", "01", "1."]) expect(grammar.test(bad), bad).toBe(false);
    expect(debit.properties.amount.description).toContain("freeRound");
    const balance = callbackAnswerSchema("credit") as { properties: { balance: { pattern: string } } };
    expect(new RegExp(balance.properties.balance.pattern).test("-5.00")).toBe(true);
  });
});

describe("a free round's debit", () => {
  const body = (amount: string, metadata?: string) => ({
    requestId: "r-1",
    playerId: "player-42",
    transactionId: "tx-1",
    roundId: "round-1",
    gameCode: "dice-alpha",
    amount,
    ...(metadata !== undefined && { metadata }),
  });
  const freeRound = JSON.stringify({
    freeRound: { campaignId: "c-1", grantId: "g-1", reference: "promo-7", roundsRemaining: 3 },
  });

  it("admits a debit of 0 only when its metadata carries freeRound", () => {
    expect(checkCallbackRequest("debit", body("0", freeRound)).ok).toBe(true);
    expect(checkCallbackRequest("debit", body("0")).ok).toBe(false);
    expect(checkCallbackRequest("debit", body("0", JSON.stringify({ freeRound: { grantId: "g" } }))).ok).toBe(
      false,
    );
  });

  it("reads the campaign, the grant and the rounds left", () => {
    expect(freeRoundOf(freeRound)).toEqual({
      campaignId: "c-1",
      grantId: "g-1",
      reference: "promo-7",
      roundsRemaining: 3,
    });
    expect(freeRoundOf("{not json")).toBeUndefined();
    expect(freeRoundOf(JSON.stringify({ reason: "bet" }))).toBeUndefined();
  });
});
