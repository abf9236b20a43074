import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, errorOf, type Harness } from "../support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

/** A verification request of the game API (no session needed) with a client seed outside ASCII. */
const VERIFY = JSON.stringify({
  serverSeed: "a".repeat(64),
  clientSeed: "J\u00fcrgen",
  nonce: 0,
  gameCode: "dice-alpha",
  params: { condition: "over", target: "50.50" },
  amount: "1.00",
});

function verify(body: Buffer, contentType: string) {
  return h.app.inject({
    method: "POST",
    url: "/game/verify",
    headers: { "content-type": contentType },
    payload: body,
  });
}

describe("JSON bodies of the game API are UTF-8", () => {
  it.each(["utf-16", "UTF-16LE", "iso-8859-1", '"windows-1252"'])(
    "refuses charset=%s with 415 unsupported_charset instead of reading it as UTF-8",
    async (charset) => {
      for (const body of [Buffer.from(VERIFY, "utf16le"), Buffer.from(VERIFY, "utf8")]) {
        const response = await verify(body, `application/json; charset=${charset}`);
        expect(errorOf(response)).toMatchObject({ status: 415, code: "unsupported_charset" });
      }
    },
  );

  it("refuses bytes that are not UTF-8 with 400 invalid_encoding instead of replacing them", async () => {
    const response = await verify(Buffer.from(VERIFY, "latin1"), "application/json");
    expect(errorOf(response)).toMatchObject({ status: 400, code: "invalid_encoding" });
  });

  it.each(["application/json", "application/json; charset=utf-8", "application/json; charset=UTF-8"])(
    "reads UTF-8 sent as %s",
    async (contentType) => {
      const response = await verify(Buffer.from(VERIFY, "utf8"), contentType);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ clientSeed: "J\u00fcrgen" });
    },
  );

  it("still refuses malformed JSON and prototype keys without repeating the body", async () => {
    const malformed = await verify(Buffer.from('{"clientSeed": "secret-marker",'), "application/json");
    expect(errorOf(malformed)).toMatchObject({ status: 400, code: "malformed_json" });
    expect(malformed.body).not.toContain("secret-marker");
    const poisoned = await verify(Buffer.from('{"__proto__": {"x": 1}}'), "application/json");
    expect(errorOf(poisoned).status).toBe(400);
  });
});
