import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * A staging server's sandbox operator, kept in DATA_DIR/sandbox-operator.env (mode 0600) so that
 * `npm run sandbox`, the commands it prints and the SDK's quick start (`node --env-file`) can sign with its
 * secret without anyone copying it by hand. Written when the operator is created and each time its secret
 * rotates; never in production (OperatorService only calls it on staging, and production builds none).
 *
 * The file is a shell- and dotenv-style list of `NAME=value` lines: the values (a UUID, base64url secrets,
 * an ISO date) need no quoting.
 */
export const SANDBOX_CREDENTIALS_FILE = "sandbox-operator.env";

export interface SandboxCredentials {
  operatorId: string;
  secret: string;
  /** The secret replaced by the last rotation, still accepted and signing callbacks until `previousValidUntil`. */
  previous?: { secret: string; validUntil: Date };
}

const NAMES = {
  operatorId: "OPERATOR_ID",
  secret: "OPERATOR_SECRET",
  previous: "OPERATOR_PREVIOUS_SECRET",
  previousValidUntil: "OPERATOR_PREVIOUS_SECRET_VALID_UNTIL",
} as const;

const VALUE = /^[A-Za-z0-9_:.+-]{1,200}$/;

export function sandboxCredentialsPath(dataDir: string): string {
  return path.resolve(dataDir, SANDBOX_CREDENTIALS_FILE);
}

export function formatSandboxCredentials(credentials: SandboxCredentials): string {
  const values: [string, string][] = [
    [NAMES.operatorId, credentials.operatorId],
    [NAMES.secret, credentials.secret],
  ];
  if (credentials.previous) {
    values.push(
      [NAMES.previous, credentials.previous.secret],
      [NAMES.previousValidUntil, credentials.previous.validUntil.toISOString()],
    );
  }
  for (const [name, value] of values) {
    if (!VALUE.test(value)) throw new Error(`${name} cannot be written to ${SANDBOX_CREDENTIALS_FILE}`);
  }
  return [
    "# The sandbox operator of the staging RGS whose DATA_DIR holds this file: written when it is created and",
    "# each time its secret rotates. Readable by its owner only. Never written in production.",
    ...values.map(([name, value]) => `${name}=${value}`),
    "",
  ].join("\n");
}

/** The credentials in `text`, or undefined when it lacks the operator or its secret. Other lines are ignored. */
export function parseSandboxCredentials(text: string): SandboxCredentials | undefined {
  const values = new Map<string, string>();
  for (const line of text.split("\n")) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match?.[1] && match[2] !== undefined && VALUE.test(match[2])) values.set(match[1], match[2]);
  }
  const operatorId = values.get(NAMES.operatorId);
  const secret = values.get(NAMES.secret);
  if (operatorId === undefined || secret === undefined) return undefined;
  const previousSecret = values.get(NAMES.previous);
  const validUntil = new Date(values.get(NAMES.previousValidUntil) ?? Number.NaN);
  return {
    operatorId,
    secret,
    ...(previousSecret !== undefined &&
      !Number.isNaN(validUntil.getTime()) && { previous: { secret: previousSecret, validUntil } }),
  };
}

export async function readSandboxCredentials(dataDir: string): Promise<SandboxCredentials | undefined> {
  try {
    return parseSandboxCredentials(await readFile(sandboxCredentialsPath(dataDir), "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Replaces the file at once (write, then rename), created owner-only so no other user can read a secret. */
async function writeSandboxCredentials(dataDir: string, credentials: SandboxCredentials): Promise<void> {
  const file = sandboxCredentialsPath(dataDir);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, formatSandboxCredentials(credentials), { mode: 0o600, flag: "wx" });
    // The mode given to writeFile is narrowed by the umask only; chmod makes it exactly 0600.
    await chmod(temp, 0o600);
    await rename(temp, file);
  } finally {
    await unlink(temp).catch(() => {});
  }
}

/**
 * What OperatorService tells when the sandbox operator gets a secret. Failures are reported to `onError`,
 * never thrown: the secret is already in force, and the caller must still be shown it.
 */
export interface SandboxSecretKeeper {
  created(operatorId: string, secret: string): Promise<void>;
  rotated(operatorId: string, secret: string, previousValidUntil: Date, now: Date): Promise<void>;
}

export function sandboxSecretKeeper(opts: {
  dataDir: string;
  onError: (message: string) => void;
}): SandboxSecretKeeper {
  const guarded = async (write: () => Promise<void>) => {
    try {
      await write();
    } catch (error) {
      opts.onError(
        `Could not write the sandbox operator's secret to ${sandboxCredentialsPath(opts.dataDir)}: ${(error as Error).message}`,
      );
    }
  };
  return {
    created: (operatorId, secret) =>
      guarded(() => writeSandboxCredentials(opts.dataDir, { operatorId, secret })),
    rotated: (operatorId, secret, previousValidUntil, now) =>
      guarded(async () => {
        const before = await readSandboxCredentials(opts.dataDir);
        // The replaced secret keeps signing wallet callbacks through the grace period: a wallet set up from
        // this file must accept it until then.
        const previous =
          before?.operatorId === operatorId && previousValidUntil > now
            ? { secret: before.secret, validUntil: previousValidUntil }
            : undefined;
        await writeSandboxCredentials(opts.dataDir, { operatorId, secret, ...(previous && { previous }) });
      }),
  };
}
