/**
 * In production a callback URL may not point into the RGS's own network (loopback, link-local with the
 * cloud metadata service, private ranges, CGNAT, unspecified, their IPv4-mapped forms, or a name resolving
 * to one) unless the operator's setting allows a private network. The setting is stored (migration 0033)
 * and audited like every operator setting, on both stores.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { createSecretBox } from "../../src/crypto/secret-box.ts";
import { OperatorError, OperatorService } from "../../src/operators/operator-service.ts";
import type { Store } from "../../src/store/database.ts";
import { storeBackends } from "../store/store-backends.ts";

const backends = storeBackends(await postgresAvailable());

/** A resolver answering fixed addresses; other names do not resolve. */
const NAMES: Record<string, string[]> = {
  "wallet.public.example": ["93.184.216.34"],
  "wallet.internal.example": ["10.20.30.40"],
  "metadata.example": ["93.184.216.34", "169.254.169.254"],
};
const resolveHost = async (host: string) => {
  const addresses = NAMES[host];
  if (addresses === undefined) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
  return addresses;
};

async function refusal(promise: Promise<unknown>): Promise<OperatorError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OperatorError);
  return error as OperatorError;
}

describe.each(backends)("callback URLs into a private network on $name", (backend) => {
  const clock = manualClock(Date.UTC(2030, 0, 1));
  let store: Store;
  let production: OperatorService;
  let staging: OperatorService;
  beforeAll(async () => {
    store = await backend.open(clock);
    const secretBox = createSecretBox(randomBytes(32));
    const deps = { store, secretBox, clock, rotationGraceSeconds: 3600, resolveHost };
    production = new OperatorService({ ...deps, environment: "production" });
    staging = new OperatorService({ ...deps, environment: "staging" });
  });
  afterAll(async () => {
    await store?.close();
    await backend.dispose();
  });

  it.each([
    ["the cloud metadata service", "https://169.254.169.254/latest/meta-data"],
    ["loopback", "http://127.0.0.1:9000/wallet"],
    ["localhost", "http://localhost:9000/wallet"],
    ["a subdomain of localhost", "https://wallet.localhost/"],
    ["IPv6 loopback", "http://[::1]:9000/wallet"],
    ["a private range", "https://10.0.0.5/wallet"],
    ["172.16/12", "https://172.20.1.1/wallet"],
    ["192.168/16", "https://192.168.0.10/wallet"],
    ["CGNAT", "https://100.64.1.2/wallet"],
    ["the unspecified address", "https://0.0.0.0/wallet"],
    ["unique-local IPv6", "https://[fd00::1]/wallet"],
    ["link-local IPv6", "https://[fe80::1]/wallet"],
    ["IPv4-mapped IPv6 metadata", "https://[::ffff:169.254.169.254]/wallet"],
    ["loopback in decimal", "https://2130706433/wallet"],
    ["a name resolving to a private address", "https://wallet.internal.example/wallet"],
    ["a name one of whose addresses is link-local", "https://metadata.example/wallet"],
  ])("refuses %s at creation with callback_url_private_network, creating nothing", async (_, url) => {
    const before = (await production.list()).length;
    const refused = await refusal(production.create({ name: "Prober", callbackUrl: url }));
    expect(refused.code).toBe("callback_url_private_network");
    expect(refused.message).toContain("--private-network allow");
    expect((await production.list()).length).toBe(before);
  });

  it("accepts a public address, and a name that does not resolve yet", async () => {
    await expect(
      production.create({ name: "Public", callbackUrl: "https://wallet.public.example/rgs" }),
    ).resolves.toBeDefined();
    await expect(
      production.create({ name: "Not yet", callbackUrl: "https://wallet.not-yet.example/rgs" }),
    ).resolves.toBeDefined();
  });

  it("refuses an update into a private network, and denying the network under a private URL", async () => {
    const { operator } = await production.create({
      name: "Moving",
      callbackUrl: "https://wallet.public.example/rgs",
    });
    const update = await refusal(production.update(operator.id, { callbackUrl: "https://10.1.1.1/rgs" }));
    expect(update.code).toBe("callback_url_private_network");
    expect((await production.get(operator.id))?.callbackUrl).toBe("https://wallet.public.example/rgs");

    const allowed = await production.update(operator.id, {
      callbackUrl: "https://wallet.internal.example/rgs",
      allowPrivateNetwork: true,
    });
    expect(allowed).toMatchObject({
      callbackUrl: "https://wallet.internal.example/rgs",
      allowPrivateNetwork: true,
    });
    const denied = await refusal(production.update(operator.id, { allowPrivateNetwork: false }));
    expect(denied.code).toBe("callback_url_private_network");
    expect((await production.get(operator.id))?.allowPrivateNetwork).toBe(true);
    // A change of another setting is not held up by the URL it keeps.
    await expect(production.update(operator.id, { name: "Moved" })).resolves.toMatchObject({ name: "Moved" });
  });

  it("stores the setting, false by default, and audits its change", async () => {
    const { operator } = await production.create({ name: "Own network", callbackUrl: null });
    expect(operator.allowPrivateNetwork).toBe(false);
    await production.update(operator.id, {
      allowPrivateNetwork: true,
      callbackUrl: "https://10.0.0.9:8443/wallet",
    });
    const reopened = backend.reopens ? await backend.open(clock) : store;
    try {
      expect(await reopened.operators.find(operator.id)).toMatchObject({
        allowPrivateNetwork: true,
        callbackUrl: "https://10.0.0.9:8443/wallet",
      });
    } finally {
      if (reopened !== store) await reopened.close();
    }
    const [updated] = await store.audit.list({ operatorId: operator.id });
    expect(updated).toMatchObject({
      kind: "operator.updated",
      data: {
        fields: ["callbackUrl", "allowPrivateNetwork"],
        before: { allowPrivateNetwork: false, callbackUrl: null },
        after: { allowPrivateNetwork: true, callbackUrl: "https://10.0.0.9:8443/wallet" },
      },
    });
  });

  it("refuses a setting that is not a boolean", async () => {
    const refused = await refusal(
      production.create({ name: "Vague", allowPrivateNetwork: "yes" as unknown as boolean }),
    );
    expect(refused.code).toBe("invalid_request");
  });

  it("leaves staging free to call wallets on this machine", async () => {
    const { operator } = await staging.create({ name: "Sandbox-like", callbackUrl: "http://127.0.0.1:9000" });
    expect(operator.allowPrivateNetwork).toBe(false);
  });
});
