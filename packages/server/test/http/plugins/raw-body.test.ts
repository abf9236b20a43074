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
