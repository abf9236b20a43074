/**
 * The ready-to-paste shell commands a staging server (`npm start`) and `npm run sandbox` print: a signed
 * launch with curl and openssl, and the integration tester. Those reading the sandbox operator's
 * credentials file (sandbox-credentials.ts) sign with whatever secret it holds when they run, so they keep
 * working after a restart or a rotation, and never show the secret themselves.
 */

/** Quotes a value for a POSIX shell. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

export interface LaunchBody {
  playerId: string;
  currency: string;
  gameCode: string;
  countryCode: string;
  demo: boolean;
}

/** Where the command takes the operator's ID and secret from. */
export type CommandCredentials = { file: string } | { operatorId: string; secret: string };

function credentialSetup(credentials: CommandCredentials): string {
  return "file" in credentials
    ? `. ${shellQuote(credentials.file)}`
    : `OPERATOR_ID=${shellQuote(credentials.operatorId)} && OPERATOR_SECRET=${shellQuote(credentials.secret)}`;
}

/**
 * POST /operator/launch, signed when it runs (X-Timestamp is the current second): a subshell, so the
 * variables it sets stay out of the caller's shell. Prints the RGS's answer, with the launch URL.
 */
export function launchCommand(opts: {
  baseUrl: string;
  credentials: CommandCredentials;
  body: LaunchBody;
}): string {
  return [
    `(${credentialSetup(opts.credentials)} && BODY=${shellQuote(JSON.stringify(opts.body))} &&`,
    `TS=$(date +%s) && SIG=$(printf '%s' "$TS/operator/launch$BODY" | openssl dgst -sha256 -hmac "$OPERATOR_SECRET" | sed 's/^.* //') &&`,
    `curl -sS -X POST ${shellQuote(`${opts.baseUrl}/operator/launch`)} -H 'Content-Type: application/json' -H "X-Operator-ID: $OPERATOR_ID" -H "X-Timestamp: $TS" -H "X-HMAC-SHA256: $SIG" --data-raw "$BODY"; echo)`,
  ].join(" ");
}

/** `npm run tester` in `repoDir` against a wallet, signing with the credentials file's secret. */
export function testerCommand(opts: {
  repoDir: string;
  credentialsFile: string;
  walletUrl: string;
  player: string;
  secondPlayer: string;
  currency: string;
}): string {
  return [
    `(cd ${shellQuote(opts.repoDir)} && . ${shellQuote(opts.credentialsFile)} &&`,
    `RGS_TESTER_SECRET="$OPERATOR_SECRET" npm run tester -- --wallet-url ${shellQuote(opts.walletUrl)}`,
    `--player ${shellQuote(opts.player)} --second-player ${shellQuote(opts.secondPlayer)}`,
    `--operator-id "$OPERATOR_ID" --currency ${opts.currency})`,
  ].join(" ");
}
