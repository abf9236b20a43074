import { WALLET_STATUSES } from "@rgs/protocol/wallet-status";
import { describe, expect, it } from "vitest";
import { validateAnswer } from "../../src/wallet/answer.ts";
import { CALLBACK_KINDS, type CallbackKind } from "../../src/wallet/callback-bodies.ts";

const REQUEST_ID = "req-1";

function read(kind: CallbackKind, body: unknown, httpStatus = 200, decimals = 2) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return validateAnswer({ kind, httpStatus, body: text, expectedRequestId: REQUEST_ID, decimals });
}

const ambiguousCases: ReadonlyArray<{ name: string; body: unknown; httpStatus?: number; reason: string }> = [
  {
    name: "HTTP 500",
    body: { requestId: REQUEST_ID, status: "OK", balance: "1" },
    httpStatus: 500,
    reason: "http_status",
  },
  { name: "HTTP 401", body: "Unauthorized", httpStatus: 401, reason: "signature_refused" },
  { name: "HTTP 302", body: "", httpStatus: 302, reason: "http_status" },
  {
    name: "HTTP 201",
    body: { requestId: REQUEST_ID, status: "OK", balance: "1" },
    httpStatus: 201,
    reason: "http_status",
  },
  { name: "empty body", body: "", reason: "malformed_body" },
  { name: "HTML", body: "<html>oops</html>", reason: "malformed_body" },
  { name: "truncated JSON", body: '{"requestId":"req-1","status":"OK"', reason: "malformed_body" },
  {
    name: "a JSON array",
    body: [{ requestId: REQUEST_ID, status: "OK", balance: "1" }],
    reason: "malformed_body",
  },
  { name: "a JSON string", body: '"OK"', reason: "malformed_body" },
  { name: "null", body: "null", reason: "malformed_body" },
  { name: "no requestId", body: { status: "OK", balance: "1.00" }, reason: "missing_request_id" },
  {
    name: "null requestId",
    body: { requestId: null, status: "OK", balance: "1.00" },
    reason: "missing_request_id",
  },
  {
    name: "another requestId",
    body: { requestId: "req-2", status: "OK", balance: "1.00" },
    reason: "request_id_mismatch",
  },
  {
    name: "requestId in other case",
    body: { requestId: "REQ-1", status: "OK", balance: "1.00" },
    reason: "request_id_mismatch",
  },
  {
    name: "numeric requestId",
    body: { requestId: 1, status: "OK", balance: "1.00" },
    reason: "request_id_mismatch",
  },
  { name: "no status", body: { requestId: REQUEST_ID, balance: "1.00" }, reason: "unknown_status" },
  {
    name: "lower-case ok",
    body: { requestId: REQUEST_ID, status: "ok", balance: "1.00" },
    reason: "unknown_status",
  },
  {
    name: "invented status",
    body: { requestId: REQUEST_ID, status: "ERROR_LIMIT" },
    reason: "unknown_status",
  },
  {
    name: "status true",
    body: { requestId: REQUEST_ID, status: true, balance: "1.00" },
    reason: "unknown_status",
  },
  {
    name: "ERROR_UNKNOWN",
    body: { requestId: REQUEST_ID, status: "ERROR_UNKNOWN" },
    reason: "error_unknown",
  },
  { name: "OK without balance", body: { requestId: REQUEST_ID, status: "OK" }, reason: "missing_balance" },
  {
    name: "OK with null balance",
    body: { requestId: REQUEST_ID, status: "OK", balance: null },
    reason: "missing_balance",
  },
  {
    name: "balance as a number",
    body: { requestId: REQUEST_ID, status: "OK", balance: 10.5 },
    reason: "unreadable_balance",
  },
  {
    name: "empty balance",
    body: { requestId: REQUEST_ID, status: "OK", balance: "" },
    reason: "unreadable_balance",
  },
  {
    name: "balance in exponent form",
    body: { requestId: REQUEST_ID, status: "OK", balance: "1e3" },
    reason: "unreadable_balance",
  },
  {
    name: "balance with a comma",
    body: { requestId: REQUEST_ID, status: "OK", balance: "1,50" },
    reason: "unreadable_balance",
  },
  {
    name: "balance NaN",
    body: { requestId: REQUEST_ID, status: "OK", balance: "NaN" },
    reason: "unreadable_balance",
  },
];

describe("ambiguous answers are never trusted", () => {
  for (const kind of CALLBACK_KINDS) {
    it.each(ambiguousCases)(`${kind}: $name`, ({ body, httpStatus, reason }) => {
      const answer = read(kind, body, httpStatus);
      expect(answer).toMatchObject({ outcome: "ambiguous", reason });
    });
  }

  it("keeps the HTTP status and the raw text for the audit trail", () => {
    expect(read("debit", "busy", 503)).toEqual({
      outcome: "ambiguous",
      reason: "http_status",
      detail: expect.stringContaining("503"),
      httpStatus: 503,
      raw: "busy",
    });
  });

  it("refuses bytes that are not UTF-8", () => {
    const body = new Uint8Array([0x7b, 0xff, 0x7d]);
    const answer = validateAnswer({
      kind: "debit",
      httpStatus: 200,
      body,
      expectedRequestId: REQUEST_ID,
      decimals: 2,
    });
    expect(answer).toMatchObject({ outcome: "ambiguous", reason: "malformed_body" });
  });

  it("quotes and shortens hostile text in the detail", () => {
    const answer = read("debit", { requestId: "x".repeat(10_000), status: "OK", balance: "1" });
    expect(answer.outcome === "ambiguous" && answer.detail.length).toBeLessThan(300);
  });
});

describe("OK answers", () => {
  it("reads the balance exactly, as decimal units and minor units", () => {
    const answer = read("debit", { requestId: REQUEST_ID, status: "OK", balance: "98.50" });
    expect(answer).toMatchObject({
      outcome: "ok",
      status: "OK",
      balance: { units: 9850n, scale: 2 },
      balanceMinor: 9850n,
    });
  });

  it("reads a balance with more decimals than the currency exactly and shows it rounded down", () => {
    const answer = read("credit", { requestId: REQUEST_ID, status: "OK", balance: "10.129" });
    expect(answer).toMatchObject({
      outcome: "ok",
      balance: { units: 10129n, scale: 3 },
      balanceMinor: 1012n,
    });
  });

  it("reads fewer decimals, zero and an overdrawn balance", () => {
    expect(read("balance", { requestId: REQUEST_ID, status: "OK", balance: "7" })).toMatchObject({
      balanceMinor: 700n,
    });
    expect(read("balance", { requestId: REQUEST_ID, status: "OK", balance: "0" })).toMatchObject({
      balanceMinor: 0n,
    });
    expect(read("balance", { requestId: REQUEST_ID, status: "OK", balance: "-5.001" })).toMatchObject({
      balance: { units: -5001n, scale: 3 },
      balanceMinor: -501n,
    });
  });

  it("uses the currency's decimals for minor units", () => {
    expect(
      read("debit", { requestId: REQUEST_ID, status: "OK", balance: "0.00050000" }, 200, 8),
    ).toMatchObject({
      balanceMinor: 50000n,
    });
    expect(read("debit", { requestId: REQUEST_ID, status: "OK", balance: "1500" }, 200, 0)).toMatchObject({
      balanceMinor: 1500n,
    });
  });

  it("keeps the raw answer and ignores unknown fields", () => {
    const raw = JSON.stringify({ requestId: REQUEST_ID, status: "OK", balance: "1.00", bonus: "5.00" });
    expect(read("debit", raw)).toMatchObject({ outcome: "ok", raw });
  });
});

const refusals = WALLET_STATUSES.filter((status) => status !== "OK" && status !== "ERROR_UNKNOWN");

describe("definite refusals", () => {
  it.each(refusals.filter((status) => status !== "ERROR_TRANSACTION_DOES_NOT_EXIST"))(
    "%s refuses a debit",
    (status) => {
      expect(read("debit", { requestId: REQUEST_ID, status })).toMatchObject({ outcome: "refused", status });
    },
  );

  it("refuses even when the refusal carries no balance or an unreadable one", () => {
    expect(
      read("debit", { requestId: REQUEST_ID, status: "ERROR_NOT_ENOUGH_MONEY", balance: 3 }),
    ).toMatchObject({
      outcome: "refused",
      status: "ERROR_NOT_ENOUGH_MONEY",
    });
  });

  it("ERROR_TRANSACTION_DOES_NOT_EXIST refuses a debit or credit", () => {
    for (const kind of ["debit", "credit"] as const) {
      expect(read(kind, { requestId: REQUEST_ID, status: "ERROR_TRANSACTION_DOES_NOT_EXIST" })).toMatchObject(
        {
          outcome: "refused",
        },
      );
    }
  });

  it("keeps the player's message, cleaned and capped", () => {
    const answer = read("debit", {
      requestId: REQUEST_ID,
      status: "ERROR_PLAYER_DISABLED",
      customUserError: "  Your account\nis locked.\u0007  ",
    });
    expect(answer).toMatchObject({ outcome: "refused", customUserError: "Your account is locked." });
    const long = read("debit", {
      requestId: REQUEST_ID,
      status: "ERROR_INVALID_GAME",
      customUserError: "é".repeat(500),
    });
    expect(long.outcome === "refused" && Array.from(long.customUserError ?? "").length).toBe(200);
  });

  it("drops a message that is not a string or is blank", () => {
    for (const customUserError of [42, { text: "x" }, ["x"], "   ", null]) {
      const answer = read("debit", {
        requestId: REQUEST_ID,
        status: "ERROR_NOT_ENOUGH_MONEY",
        customUserError,
      });
      expect(answer).toEqual({
        outcome: "refused",
        status: "ERROR_NOT_ENOUGH_MONEY",
        raw: expect.any(String),
      });
    }
  });
});

describe("a rollback of a transaction the wallet never saw", () => {
  it("is a success, with no balance when none was sent", () => {
    const answer = read("rollback", { requestId: REQUEST_ID, status: "ERROR_TRANSACTION_DOES_NOT_EXIST" });
    expect(answer).toEqual({
      outcome: "ok",
      status: "ERROR_TRANSACTION_DOES_NOT_EXIST",
      raw: expect.any(String),
    });
  });

  it("keeps a readable balance and ignores an unreadable one", () => {
    expect(
      read("rollback", {
        requestId: REQUEST_ID,
        status: "ERROR_TRANSACTION_DOES_NOT_EXIST",
        balance: "4.20",
      }),
    ).toMatchObject({ outcome: "ok", balanceMinor: 420n });
    const unreadable = read("rollback", {
      requestId: REQUEST_ID,
      status: "ERROR_TRANSACTION_DOES_NOT_EXIST",
      balance: "four",
    });
    expect(unreadable).toMatchObject({ outcome: "ok" });
    expect(unreadable).not.toHaveProperty("balance");
  });

  it("still needs the right requestId echo", () => {
    expect(
      read("rollback", { requestId: "other", status: "ERROR_TRANSACTION_DOES_NOT_EXIST" }),
    ).toMatchObject({
      outcome: "ambiguous",
      reason: "request_id_mismatch",
    });
  });
});

describe("authenticate profile", () => {
  const base = { requestId: REQUEST_ID, status: "OK", balance: "100.00" };

  it("reads every optional field", () => {
    const answer = read("authenticate", {
      ...base,
      accountCurrency: "EUR",
      name: "Jürgen",
      countryCode: "de",
      languageCode: "de-AT",
      birthDate: "1990-02-28",
      registrationDate: "2024-02-29",
      address: "Hauptstraße 1, Wien",
      excluded: false,
      excludedUntil: "2030-12-31",
    });
    expect(answer).toMatchObject({
      outcome: "ok",
      balanceMinor: 10000n,
      warnings: [],
      profile: {
        accountCurrency: "EUR",
        name: "Jürgen",
        countryCode: "DE",
        languageCode: "de",
        birthDate: "1990-02-28",
        registrationDate: "2024-02-29",
        address: "Hauptstraße 1, Wien",
        excluded: false,
        excludedUntil: "2030-12-31",
      },
    });
  });

  it("is empty and not excluded when the wallet sends only the balance", () => {
    expect(read("authenticate", base)).toMatchObject({ profile: { excluded: false }, warnings: [] });
  });

  it("excludes only on the JSON boolean true, and marks any other value as unreadable", () => {
    expect(read("authenticate", { ...base, excluded: true })).toMatchObject({ profile: { excluded: true } });
    expect(read("authenticate", { ...base, excluded: false })).not.toHaveProperty("exclusionUnreadable");
    for (const excluded of ["true", 1, "yes"]) {
      const answer = read("authenticate", { ...base, excluded });
      expect(answer).toMatchObject({
        profile: { excluded: false },
        exclusionUnreadable: expect.stringContaining("not a JSON boolean"),
      });
    }
  });

  it("reads null as absent, without a warning", () => {
    const answer = read("authenticate", { ...base, name: null, excluded: null, birthDate: null });
    expect(answer).toMatchObject({ profile: { excluded: false }, warnings: [] });
  });

  it.each([
    ["accountCurrency", 978],
    ["accountCurrency", "E U R"],
    ["name", 7],
    ["name", "   "],
    ["countryCode", "DEU"],
    ["countryCode", "D1"],
    ["languageCode", "deu"],
    ["languageCode", ""],
    ["birthDate", "1990-02-30"],
    ["birthDate", "28.02.1990"],
    ["registrationDate", "2023-02-29"],
    ["registrationDate", "2024-13-01"],
    ["address", ["street"]],
    ["excludedUntil", "2030-12-31T00:00:00Z"],
  ])("drops a malformed %s (%j) with a warning", (field, value) => {
    const answer = read("authenticate", { ...base, [field]: value });
    expect(answer.outcome).toBe("ok");
    if (answer.outcome !== "ok" || !("profile" in answer))
      throw new Error("expected an authenticate success");
    expect(answer.profile).not.toHaveProperty(field);
    expect(answer.warnings).toEqual([expect.stringContaining(field)]);
  });

  it("cleans and caps free text", () => {
    const answer = read("authenticate", {
      ...base,
      name: ` A\u0000B ${"x".repeat(300)}`,
      address: "y".repeat(600),
    });
    if (answer.outcome !== "ok" || !("profile" in answer))
      throw new Error("expected an authenticate success");
    expect(answer.profile.name?.startsWith("A B x")).toBe(true);
    expect(answer.profile.name).toHaveLength(200);
    expect(answer.profile.address).toHaveLength(500);
  });

  it("is read only on authenticate", () => {
    expect(read("balance", { ...base, excluded: true })).not.toHaveProperty("profile");
  });
});
