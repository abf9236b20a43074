import { randomBytes } from "node:crypto";
import { runCli } from "../../src/cli/run.ts";
import type { Transport } from "../../src/cli/transport.ts";
import type { Clock } from "../../src/clock.ts";
import { createSecretBox } from "../../src/crypto/secret-box.ts";
import { OperatorService } from "../../src/operators/operator-service.ts";
import { PackService } from "../../src/operators/pack-service.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";

/** What a command printed, and its exit code. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `rgs <argv>` on `transport`, its output captured. The data directory points nowhere, so a command
 * that tried to open a store of its own instead of the transport would fail.
 */
export async function runCaptured(
  argv: string[],
  transport: Transport,
  onOpen: () => void = () => {},
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    env: { DATA_DIR: "/nonexistent/never-opened" },
    io: { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
    openTransport: async () => {
      onOpen();
      return transport;
    },
  });
  return { code, stdout, stderr };
}

/** The operator and pack services of a staging RGS on a fresh memory store. */
export async function operatorServices(
  clock: Clock,
): Promise<{ store: Store; operators: OperatorService; packs: PackService }> {
  const store = await openMemoryStore({ clock });
  const operators = new OperatorService({
    store,
    secretBox: createSecretBox(randomBytes(32)),
    clock,
    rotationGraceSeconds: 3600,
    environment: "staging",
  });
  return { store, operators, packs: new PackService({ store, clock }) };
}
