import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, DEMO_LAUNCH, errorOf, type Harness } from "../support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { bodyLimitBytes: 2048 } });
});
afterAll(async () => h.close());

const launch = (
  body: unknown,
  extra: Parameters<Harness["signed"]>[0] extends infer R ? Partial<R> : never = {},
) => h.signed({ method: "POST", path: "/operator/launch", body, ...extra });

describe("raw JSON bodies of operator requests", () => {
  it("answers 400 malformed_json for signed malformed JSON", async () => {
    const response = await launch('{"playerId": "p",');
    expect(errorOf(response)).toMatchObject({ status: 400, code: "malformed_json" });
    expect(errorOf(response).detail).toMatch(/not valid JSON/);
  });

  it("never repeats the sender's body in a malformed_json detail", async () => {
    for (const body of [
      '{"playerId": "<script>secret-marker</script>",',
      "not json secret-marker",
      "[secret-marker",
    ]) {
      const detail = errorOf(await launch(body)).detail ?? "";
      expect(detail).not.toContain("secret-marker");
      expect(detail).toMatch(/^The body is not valid JSON/);
    }
  });

  it("answers 401 for unsigned malformed JSON: nothing is parsed before authentication", async () => {
    const response = await launch("{not json", { headers: { "x-hmac-sha256": "f".repeat(64) } });
    expect(errorOf(response)).toMatchObject({ status: 401, code: "bad_signature" });
    const anonymous = await launch("{not json", { headers: { "x-operator-id": undefined } });
    expect(errorOf(anonymous).code).toBe("missing_operator_id");
  });

  it("answers 400 malformed_json for a signed empty body", async () => {
    expect(errorOf(await launch("")).code).toBe("malformed_json");
  });

  it("answers 413 in the error shape for a body over the limit", async () => {
    const response = await launch({ ...DEMO_LAUNCH, details: { blob: "x".repeat(4000) } });
    expect(errorOf(response)).toMatchObject({ status: 413, code: "payload_too_large" });
    expect(errorOf(response).detail).toContain("2048");
  });

  it.each([
    "text/plain",
    "application/x-www-form-urlencoded",
    "application/xml",
    "multipart/form-data; boundary=x",
  ])("answers 415 for Content-Type %s", async (type) => {
    const response = await launch(DEMO_LAUNCH, { headers: { "content-type": type } });
    expect(errorOf(response)).toMatchObject({ status: 415, code: "unsupported_media_type" });
  });

  it("answers 415 for a POST without Content-Type and without body", async () => {
    const response = await launch(undefined, { headers: { "content-type": undefined } });
    expect(errorOf(response)).toMatchObject({ status: 415, code: "unsupported_media_type" });
  });

  it("accepts Content-Type with a charset parameter", async () => {
    const response = await launch(DEMO_LAUNCH, {
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ["an array", [DEMO_LAUNCH]],
    ["a string", "launch"],
    ["a number", 42],
    ["null", null],
  ])("answers 400 invalid_request when the body is %s", async (_name, value) => {
    const response = await launch(JSON.stringify(value));
    expect(errorOf(response)).toMatchObject({ status: 400, code: "invalid_request" });
    expect(errorOf(response).detail).toBe("The request body must be a JSON object.");
  });
});

/** A launch whose body bytes are sent and signed exactly as given. */
function launchBytes(body: Buffer, contentType: string) {
  h.clock.advance(1000);
  const timestamp = String(Math.floor(h.clock.now() / 1000));
  const signature = createHmac("sha256", h.operator.secret)
    .update(Buffer.concat([Buffer.from(`${timestamp}/operator/launch`), body]))
    .digest("hex");
  return h.app.inject({
    method: "POST",
    url: "/operator/launch",
    headers: {
      "content-type": contentType,
      "x-operator-id": h.operator.id,
      "x-timestamp": timestamp,
      "x-hmac-sha256": signature,
    },
    payload: body,
  });
}

describe("encodings of signed operator bodies", () => {
  const json = JSON.stringify({ ...DEMO_LAUNCH, playerId: "J\u00fcrgen" });

  it("verifies the signature over the bytes received, then refuses a body that is not UTF-8", async () => {
    const response = await launchBytes(Buffer.from(json, "latin1"), "application/json");
    expect(errorOf(response)).toMatchObject({ status: 400, code: "invalid_encoding" });
  });

  it("still refuses a non-UTF-8 body whose signature does not match its bytes", async () => {
    const timestamp = String(Math.floor(h.clock.now() / 1000));
    const response = await h.app.inject({
      method: "POST",
      url: "/operator/launch",
      headers: {
        "content-type": "application/json",
        "x-operator-id": h.operator.id,
        "x-timestamp": timestamp,
        "x-hmac-sha256": "ab".repeat(32),
      },
      payload: Buffer.from(json, "latin1"),
    });
    expect(errorOf(response)).toMatchObject({ status: 401, code: "bad_signature" });
  });

  it.each(["utf-16", "UTF-16LE", '"utf-16be"', "iso-8859-1", "us-ascii"])(
    "refuses a signed body declared as charset=%s instead of reading it as UTF-8",
    async (charset) => {
      for (const body of [Buffer.from(json, "utf16le"), Buffer.from(JSON.stringify(DEMO_LAUNCH))]) {
        const response = await launchBytes(body, `application/json; charset=${charset}`);
        expect(errorOf(response)).toMatchObject({ status: 415, code: "unsupported_charset" });
      }
    },
  );

  it.each(["application/json", "application/json; charset=utf-8", 'application/json;charset="UTF-8"'])(
    "accepts a signed UTF-8 body with non-ASCII characters as %s",
    async (contentType) => {
      const response = await launchBytes(Buffer.from(json, "utf8"), contentType);
      expect(response.statusCode).toBe(200);
    },
  );
});
