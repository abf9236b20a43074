import { AuditChain } from "../../src/audit/audit-chain.ts";
import { AuditKeyring } from "../../src/audit/audit-keys.ts";
import type { Finding } from "../../src/audit/chain-check.ts";
import type { VerifyReport } from "../../src/audit/verifier.ts";
import type { Clock } from "../../src/clock.ts";
import type { Store } from "../../src/store/database.ts";
import type { StoreBackend } from "../store/store-backends.ts";

/** A fixed secret, so a store reopened in a test verifies under the same keys. */
export const TEST_SECRET = Buffer.alloc(32, 7);

export const OPERATOR_A = "0b7e6f1c-2d3a-4e5f-8a9b-0c1d2e3f4a5b";
export const OPERATOR_B = "9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f";

export function testKeyring(version = 1): AuditKeyring {
  return new AuditKeyring(TEST_SECRET, version);
}

/** A store of `backend` whose audit trail is sealed under the test keys, and its chain façade. */
export async function openAuditStore(
  backend: StoreBackend,
  clock: Clock,
  keyring = testKeyring(),
): Promise<{ store: Store; chain: AuditChain }> {
  const store = await backend.open(clock, { auditKeys: keyring });
  return { store, chain: new AuditChain({ store, clock }) };
}

/** Every finding of a report, passes first, then chain by chain, then the unsealed records. */
export function findingsOf(report: VerifyReport): Finding[] {
  return [
    ...report.passes.findings,
    ...report.chains.flatMap((chain) => chain.findings),
    ...report.pending.findings,
  ];
}
