import {
  CALLBACK_EXAMPLES,
  CALLBACK_REQUEST_FIELDS,
  callbackRequestText,
  WALLET_CALLBACKS,
} from "@rgs/protocol/wallet-callbacks";
import { describe, expect, it } from "vitest";
import {
  REDACTED,
  REQUEST_TEXT_MAX,
  redactedRequest,
  redactValue,
} from "../../src/reporting/redacted-request.ts";
import { creditBody, debitBody } from "../../src/wallet/callback-bodies.ts";

const TOKEN = "3f0c9e51-7a2b-4d6e-9c18-5b7e2a4d9f60";

/** Every field of a callback's request, with the session token set to TOKEN where the callback has one. */
function fullBody(callback: (typeof WALLET_CALLBACKS)[number]): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const f of CALLBACK_REQUEST_FIELDS[callback]) {
    if (f.name === "sessionToken") values[f.name] = TOKEN;
    else if (f.format === "flag") values[f.name] = true;
    else if (f.format === "json-text") values[f.name] = '{"reason":"bet"}';
    else values[f.name] = `${f.name}-1`;
  }
  return values;
}

describe("a callback's request as a person sees it", () => {
  it.each(WALLET_CALLBACKS)("keeps every field of a %s request but the session token", (callback) => {
    const values = fullBody(callback);
    const view = redactedRequest(callbackRequestText(callback, values));
    const carriesToken = "sessionToken" in values;
    expect(view).toEqual({ json: { ...values, ...(carriesToken && { sessionToken: REDACTED }) } });
    expect(JSON.stringify(view)).not.toContain(TOKEN);
  });

  it.each(WALLET_CALLBACKS)("shows the documented %s example without its token", (callback) => {
    const sent = JSON.parse(CALLBACK_EXAMPLES[callback].request);
    const view = redactedRequest(CALLBACK_EXAMPLES[callback].request);
    const expected = "sessionToken" in sent ? { ...sent, sessionToken: REDACTED } : sent;
    expect(view).toEqual({ json: expected });
    if (typeof sent.sessionToken === "string") expect(JSON.stringify(view)).not.toContain(sent.sessionToken);
  });

  it("leaves a body without a token as sent, and adds no token where none was", () => {
    const body = creditBody({
      requestId: "r-1",
      playerId: "p-1",
      transactionId: "t-1",
      roundId: "round-1",
      roundClosed: true,
      gameId: "dice-alpha",
      amount: 150n,
      decimals: 2,
      metadata: { reason: "win" },
    });
    expect(redactedRequest(body)).toEqual({ json: JSON.parse(body) });
    expect(JSON.stringify((redactedRequest(body) as { json: unknown }).json)).toBe(body);
  });

  it("replaces a token whatever its value: number, null, boolean, object, array or empty text", () => {
    for (const value of [42, null, false, { id: TOKEN }, [TOKEN], ""]) {
      expect(redactValue({ requestId: "r", sessionToken: value })).toEqual({
        requestId: "r",
        sessionToken: REDACTED,
      });
    }
  });

  it("replaces tokens at any depth, in objects and in arrays, and keeps everything else", () => {
    const nested = {
      requestId: "r",
      player: { sessionToken: TOKEN, session: { sessionToken: TOKEN, kept: 1 } },
      list: [{ sessionToken: TOKEN }, "plain", 7, null, [{ sessionToken: TOKEN, n: true }]],
    };
    expect(redactValue(nested)).toEqual({
      requestId: "r",
      player: { sessionToken: REDACTED, session: { sessionToken: REDACTED, kept: 1 } },
      list: [{ sessionToken: REDACTED }, "plain", 7, null, [{ sessionToken: REDACTED, n: true }]],
    });
    expect(nested.player.sessionToken).toBe(TOKEN);
  });

  it("leaves text that merely mentions a token's name, and values that are not objects", () => {
    expect(redactValue({ note: "sessionToken" })).toEqual({ note: "sessionToken" });
    expect(redactValue({ SessionToken: "x", session_token: "y" })).toEqual({
      SessionToken: "x",
      session_token: "y",
    });
    for (const value of ["text", 3, true, null])
      expect(redactedRequest(JSON.stringify(value))).toEqual({ json: value });
    expect(redactedRequest(`[{"sessionToken":"${TOKEN}"}]`)).toEqual({ json: [{ sessionToken: REDACTED }] });
  });

  it("keeps a field named __proto__ as a field", () => {
    const view = redactedRequest(`{"__proto__":{"sessionToken":"${TOKEN}"}}`) as { json: object };
    expect(Object.getPrototypeOf(view.json)).toBe(Object.prototype);
    expect(JSON.stringify(view.json)).toBe(`{"__proto__":{"sessionToken":"${REDACTED}"}}`);
  });

  it("takes a token out of the JSON a metadata string holds, and leaves metadata without one byte for byte", () => {
    const debit = debitBody({
      requestId: "r-2",
      playerId: "p-1",
      transactionId: "t-2",
      roundId: "round-1",
      gameCode: "dice-alpha",
      amount: 100n,
      decimals: 2,
      sessionToken: TOKEN,
      metadata: { reason: "bet", copy: { sessionToken: TOKEN } },
    });
    const view = redactedRequest(debit) as { json: { metadata: string; sessionToken: string } };
    expect(view.json.sessionToken).toBe(REDACTED);
    expect(JSON.parse(view.json.metadata)).toEqual({ reason: "bet", copy: { sessionToken: REDACTED } });
    expect(JSON.stringify(view)).not.toContain(TOKEN);

    const spaced = '{ "reason" : "bet" }';
    expect(redactedRequest(JSON.stringify({ metadata: spaced }))).toEqual({ json: { metadata: spaced } });
    expect(redactedRequest(JSON.stringify({ metadata: `not json "sessionToken":"${TOKEN}"` }))).toEqual({
      json: { metadata: `not json "sessionToken":"${REDACTED}"` },
    });
  });

  it("shows a body that is not JSON as text, with any token taken out", () => {
    const cases = [
      `{"requestId":"r","sessionToken":"${TOKEN}"`,
      `{"requestId":"r","sessionToken" : "${TOKEN}","amount":"1"`,
      `{"requestId":"r","sessionToken":"${TOKEN}`,
      `{"sessionToken":"a\\"${TOKEN}","x":1,`,
      `{"sessionToken":${TOKEN.replace(/-/g, "")},"x":1,`,
      `{"metadata":"{\\"sessionToken\\":\\"${TOKEN}\\"}",`,
    ];
    for (const body of cases) {
      const view = redactedRequest(body);
      expect(view).toMatchObject({ cut: false });
      expect(JSON.stringify(view)).not.toContain(TOKEN.slice(0, 8));
      expect((view as { text: string }).text).toContain(REDACTED);
    }
    expect(redactedRequest('{"requestId":"r","sessionToken" : "x","amount":"1"')).toEqual({
      text: `{"requestId":"r","sessionToken" : "${REDACTED}","amount":"1"`,
      cut: false,
    });
    expect(redactedRequest("")).toEqual({ text: "", cut: false });
  });

  it("cuts a long body that is not JSON, after taking its token out", () => {
    const long = `{"sessionToken":"${TOKEN}","pad":"${"x".repeat(REQUEST_TEXT_MAX * 2)}`;
    const view = redactedRequest(long) as { text: string; cut: boolean };
    expect(view.cut).toBe(true);
    expect(view.text).toHaveLength(REQUEST_TEXT_MAX);
    expect(view.text.startsWith(`{"sessionToken":"${REDACTED}","pad":"xxx`)).toBe(true);
    const exact = "y".repeat(REQUEST_TEXT_MAX);
    expect(redactedRequest(exact)).toEqual({ text: exact, cut: false });
  });
});
