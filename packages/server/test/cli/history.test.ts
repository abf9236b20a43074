import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Transport } from "../../src/cli/transport.ts";
import { manualClock } from "../../src/clock.ts";
import { buildAdminApp } from "../../src/http/admin/admin-app.ts";
import { localOnboarding } from "../../src/operators/onboarding.ts";
import { HistoryMover } from "../../src/rounds/history-mover.ts";
import type { Store } from "../../src/store/database.ts";
import { operatorServices, runCaptured } from "./support.ts";

const TOKEN = "history-admin-token-0123456789abcdef";

let store: Store;
let transport: Transport;
let admin: FastifyInstance;
const clock = manualClock(Date.UTC(2030, 5, 1));

beforeAll(async () => {
  const services = await operatorServices(clock);
  store = services.store;
  const { operators, packs } = services;
  const history = new HistoryMover({ store, clock });
  transport = { api: localOnboarding({ operators, packs, history }), via: "store", close: async () => {} };
  admin = await buildAdminApp({ operators, packs, history, adminToken: TOKEN });
});
afterAll(async () => {
  await admin?.close();
  await store?.close();
});

const cli = (...argv: string[]) => runCaptured(["history", "move", ...argv], transport);

describe("rgs history move", () => {
  it("moves what finished before the date and says how much", async () => {
    const { code, stdout } = await cli("--before", "2030-01-01", "--batch-size", "100");
    expect(code).toBe(0);
    expect(stdout).toBe(
      "Moved 0 rounds and 0 transactions finished before 2030-01-01T00:00:00.000Z to the history, in 0 batches.\n",
    );
    const json = await cli("--before", "2030-01-01T00:00:00Z", "--json");
    expect(JSON.parse(json.stdout)).toEqual({
      before: "2030-01-01T00:00:00.000Z",
      rounds: 0,
      transactions: 0,
      batches: 0,
      partitionsCreated: [],
    });
  });

  it("refuses bad arguments and a cut-off too recent, with no stack trace", async () => {
    const missing = await cli();
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--before takes a date/);
    expect((await cli("--before", "yesterday")).code).toBe(2);
    const batch = await cli("--before", "2030-01-01", "--batch-size", "0");
    expect(batch.code).toBe(2);
    expect(batch.stderr).toMatch(/--batch-size takes a whole number from 1 to 5000/);
    const recent = await cli("--before", "2030-06-01");
    expect(recent.code).toBe(1);
    expect(recent.stderr).toMatch(/--before must be a date at least 60 minutes ago/);
    expect(recent.stderr).not.toMatch(/\n\s+at /);
  });

  it("is served by the admin interface too, for a CLI talking to the running server", async () => {
    const response = await admin.inject({
      method: "POST",
      url: "/admin/history/move",
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { before: "2030-01-01T00:00:00.000Z", batchSize: 10 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ rounds: 0, batches: 0 });
    const refused = await admin.inject({
      method: "POST",
      url: "/admin/history/move",
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { before: "not a date" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "invalid_request" });
  });
});
