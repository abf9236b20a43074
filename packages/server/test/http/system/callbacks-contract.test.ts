import { readFileSync } from "node:fs";
import swagger from "@fastify/swagger";
import {
  CALLBACK_ANSWER_FIELDS,
  CALLBACK_EXAMPLES,
  CALLBACK_REQUEST_FIELDS,
  type CallbackField,
  callbackAnswerSchema,
  callbackRequestSchema,
  WALLET_CALLBACKS,
  WALLET_STATUS_MEANINGS,
  type WalletCallback,
} from "@rgs/protocol/wallet-callbacks";
import { WALLET_STATUSES } from "@rgs/protocol/wallet-status";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallbackDocsOptions, callbacksSection } from "../../../src/http/system/callbacks-section.ts";
import { registerDocsRoutes } from "../../../src/http/system/docs.ts";
import { escapeHtml } from "../../../src/http/system/html.ts";

/**
 * The documentation of the wallet callbacks (/docs, /openapi.json, docs/callbacks.md) must say what the
 * protocol's contract says, field by field.
 */

const OPTIONS: CallbackDocsOptions = {
  signatureWindowSeconds: 30,
  callbackTimeoutMs: 5000,
  debitRetries: 2,
  outboxBaseDelayMs: 1000,
  outboxMaxDelayMs: 300_000,
  outboxAlertAfterMs: 900_000,
  sessionTtlSeconds: 1800,
  sessionRefreshGraceSeconds: 30,
};

/** The part of the section about one callback: from its heading to the next one. */
function sectionOf(html: string, callback: WalletCallback): string {
  const start = html.indexOf(`<h3 id="callback-${callback}">`);
  expect(start, callback).toBeGreaterThanOrEqual(0);
  const end = html.indexOf("<h3", start + 1);
  return html.slice(start, end);
}

function rowsOf(table: string): string[][] {
  return [...table.matchAll(/<tr>(.*?)<\/tr>/g)]
    .slice(1)
    .map((row) => [...(row[1] ?? "").matchAll(/<td>(.*?)<\/td>/g)].map((cell) => cell[1] ?? ""));
}

function expectedRows(fields: readonly CallbackField[]): string[][] {
  return fields.map((f) => [`<code>${f.name}</code>`, f.type, f.required, escapeHtml(f.notes)]);
}

describe("the /docs callbacks section", () => {
  const html = callbacksSection(OPTIONS);

  it("shows each callback's request and answer fields as the contract lists them", () => {
    for (const callback of WALLET_CALLBACKS) {
      const part = sectionOf(html, callback);
      const [request, answer] = part.split("<h4>Answer (HTTP 200)</h4>");
      expect(rowsOf(request ?? ""), callback).toEqual(expectedRows(CALLBACK_REQUEST_FIELDS[callback]));
      expect(rowsOf(answer ?? ""), callback).toEqual(expectedRows(CALLBACK_ANSWER_FIELDS[callback]));
      expect(request).toContain(`<pre>${escapeHtml(CALLBACK_EXAMPLES[callback].request)}</pre>`);
      expect(answer).toContain(`<pre>${escapeHtml(CALLBACK_EXAMPLES[callback].answer)}</pre>`);
    }
  });

  it("lists every status with its meaning and how the RGS reads it", () => {
    const statuses = html.slice(html.indexOf('id="callback-statuses"'));
    const rows = rowsOf(statuses.slice(0, statuses.indexOf("</table>")));
    expect(rows.map((row) => row.slice(0, 2))).toEqual(
      WALLET_STATUSES.map((status) => [`<code>${status}</code>`, escapeHtml(WALLET_STATUS_MEANINGS[status])]),
    );
    const reading = Object.fromEntries(rows.map((row) => [row[0], row[2]]));
    expect(reading["<code>OK</code>"]).toBe("success");
    expect(reading["<code>ERROR_UNKNOWN</code>"]).toBe("ambiguous (money may have moved)");
    expect(reading["<code>ERROR_NOT_ENOUGH_MONEY</code>"]).toBe("definite refusal (nothing was applied)");
    expect(reading["<code>ERROR_TRANSACTION_DOES_NOT_EXIST</code>"]).toBe(
      "definite refusal (nothing was applied) on authenticate, debit, credit, balance; success on rollback",
    );
  });
});

describe("GET /openapi.json", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(swagger, { openapi: { openapi: "3.1.0", info: { title: "t", version: "1.0.0" } } });
    registerDocsRoutes(app, {
      ...OPTIONS,
      environment: "staging",
      publicBaseUrl: "https://rgs.example.com",
      rateLimit: { ratePerSecond: 10, burst: 20 },
      bodyLimitBytes: 65536,
      launchDetailsMaxBytes: 4096,
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  type Webhook = {
    post: {
      parameters: { name: string; in: string; required: boolean }[];
      requestBody: { content: { "application/json": { schema: unknown } } };
      responses: { "200": { content: { "application/json": { schema: unknown } } } };
    };
  };

  it("describes the five callbacks as webhooks with the contract's schemas and signing headers", async () => {
    const response = await app.inject({ method: "GET", url: "/openapi.json" });
    const doc = response.json() as { openapi: string; webhooks: Record<string, Webhook> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.webhooks)).toEqual([...WALLET_CALLBACKS]);
    for (const callback of WALLET_CALLBACKS) {
      const post = doc.webhooks[callback]?.post;
      expect(post?.requestBody.content["application/json"].schema).toEqual(callbackRequestSchema(callback));
      expect(post?.responses["200"].content["application/json"].schema).toEqual(
        callbackAnswerSchema(callback),
      );
      expect(post?.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
        ["X-Operator-ID", "header", true],
        ["X-Timestamp", "header", true],
        ["X-HMAC-SHA256", "header", true],
      ]);
    }
  });
});

describe("docs/callbacks.md", () => {
  const markdown = readFileSync(new URL("../../../../../docs/callbacks.md", import.meta.url), "utf8");

  /** The request fields a callback's chapter names, as [name, required] pairs, from its table or its prose. */
  function documentedRequest(callback: WalletCallback): [string, string][] {
    const start = markdown.indexOf(`\n## ${callback}\n`);
    const chapter = markdown.slice(start, markdown.indexOf("\n## ", start + 1));
    const request = chapter.slice(chapter.indexOf("Request"), chapter.indexOf("```"));
    const rows = [...request.matchAll(/^\| (\w+) \| (?:string|boolean) \| (yes|no) \|/gm)];
    if (rows.length > 0) return rows.map((row) => [row[1] ?? "", row[2] ?? ""]);
    return [...request.matchAll(/`(\w+)` \(\w+, (required|optional)\)/g)].map((match) => [
      match[1] ?? "",
      match[2] === "required" ? "yes" : "no",
    ]);
  }

  it("documents each request with the contract's fields, in order", () => {
    for (const callback of WALLET_CALLBACKS) {
      expect(documentedRequest(callback), callback).toEqual(
        CALLBACK_REQUEST_FIELDS[callback].map((f) => [f.name, f.required]),
      );
    }
  });

  it("lists the contract's statuses", () => {
    const line = markdown.slice(
      markdown.indexOf("Statuses:"),
      markdown.indexOf("\n\n", markdown.indexOf("Statuses:")),
    );
    expect([...line.matchAll(/`(\w+)`/g)].map((match) => match[1])).toEqual([...WALLET_STATUSES]);
  });
});
