import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.ts";
import { openPostgresStore } from "../../src/store/database.ts";
import { isStoreUnavailable } from "../../src/store/unavailable.ts";

/**
 * A database host that accepts connections and never answers (a black-holed network, a frozen server):
 * without a connect time-out every request would wait until TCP gave up, minutes later.
 */
describe("PostgreSQL connect time-out", () => {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;

  afterEach(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it("gives up on a silent database within DATABASE_CONNECT_TIMEOUT_MS, as store_unavailable", async () => {
    server = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;

    const opening = openPostgresStore({
      connectionString: `postgres://rgs@127.0.0.1:${port}/rgs`,
      clock: systemClock,
      connectTimeoutMs: 300,
    });

    const error = await opening.then(
      () => new Error("opened a store on a database that never answered"),
      (e: unknown) => e,
    );
    expect(sockets.size).toBeGreaterThan(0);
    expect(isStoreUnavailable(error)).toBe(true);
  }, 10_000);
});
