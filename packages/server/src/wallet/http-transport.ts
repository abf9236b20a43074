import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { Agent, errors } from "undici";
import { type HostResolver, literalAddress, privateRange, systemResolver } from "./private-network.ts";

/**
 * One HTTP POST to a wallet, with its own keep-alive connection pool. It knows nothing about callbacks:
 * it sends the bytes it is given and returns the status and body bytes, or why there are none.
 * Redirects are never followed (an undici dispatcher follows none unless a redirect interceptor is
 * composed in): a wallet answering 3xx did not process the callback, and following it would send a
 * signed money message to an address the operator never registered.
 *
 * In production it connects to public addresses only (private-network.ts): the host name is resolved once,
 * every address checked, and the socket opened to the address checked, so a name that answers a public
 * address to one query and an internal one to the next cannot get a callback inside. An operator allowed
 * a private network is called through a second pool without that check.
 *
 * Built on undici rather than node:http because it sends the same callbacks faster: the benchmark in
 * packages/server/bench/wallet-http-client.ts measures both (docs/benchmarks.md, "Wallet HTTP client").
 */

export interface TransportRequest {
  url: URL;
  headers: Readonly<Record<string, string>>;
  body: string;
  /** Total budget for the call: waiting for a pooled connection, connecting, sending, and reading the answer. */
  timeoutMs: number;
  /** The operator allows a private network: a non-public address is not refused. */
  privateNetworkAllowed?: boolean;
}

export type TransportErrorCode =
  | "timeout"
  | "connection_refused"
  | "connection_reset"
  | "dns_failure"
  | "private_address"
  | "tls_failure"
  | "body_too_large"
  | "network_error";

export type TransportResult =
  | { ok: true; httpStatus: number; body: Uint8Array }
  | { ok: false; error: TransportErrorCode; detail: string; httpStatus?: number };

export interface WalletTransport {
  post(request: TransportRequest): Promise<TransportResult>;
  /** Closes the pooled connections; calls in flight fail. */
  close(): void;
}

export interface HttpTransportOptions {
  /** Concurrent connections to the wallet. Default 64. */
  maxSockets?: number;
  /** Larger answers are abandoned. Default 64 KiB: a callback answer is a few hundred bytes. */
  maxResponseBytes?: number;
  /**
   * An idle pooled connection is closed after this long. Default 4 s: below the 5 s keep-alive timeout
   * of Node's and many other servers, so the RGS closes an idle connection before the wallet does and
   * rarely sends on a socket the wallet is closing at that very moment.
   */
  idleSocketMs?: number;
  /** Production: refuse every non-public address unless the request allows a private network. Default false. */
  refusePrivateAddresses?: boolean;
  /** Resolves host names where private addresses are refused. Default: the system's resolver. */
  resolveHost?: HostResolver;
}

export const DEFAULT_MAX_SOCKETS = 64;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;
export const DEFAULT_IDLE_SOCKET_MS = 4000;

/** The code of the error a refused address fails the connection with. */
const PRIVATE_ADDRESS = "ERR_RGS_PRIVATE_ADDRESS";

function privateAddressError(hostname: string, address: string, range: string): Error {
  const through = hostname === address ? "" : `${hostname} resolves to `;
  return Object.assign(
    new Error(
      `${through}${address}, a ${range} address: callbacks go to public addresses only unless the operator allows a private network.`,
    ),
    { code: PRIVATE_ADDRESS },
  );
}

/**
 * The socket's resolver where private addresses are refused: the addresses it answers are the ones the
 * socket connects to, so the check and the connection see the same resolution.
 */
export function publicOnlyLookup(resolve: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        for (const address of addresses) {
          const range = privateRange(address);
          if (range !== undefined) return callback(privateAddressError(hostname, address, range), "", 4);
        }
        const entries = addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter(
            (entry) =>
              options.family === undefined || options.family === 0 || entry.family === options.family,
          );
        const [first] = entries;
        if (first === undefined) {
          return callback(
            Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }),
            "",
            4,
          );
        }
        if (options.all) return (callback as (e: null, a: typeof entries) => void)(null, entries);
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, "", 4),
    );
  };
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

function classify(
  error: unknown,
  limits: { timeoutMs: number; maxResponseBytes: number },
): { error: TransportErrorCode; detail: string } {
  const code = (error as { code?: unknown }).code;
  const text = typeof code === "string" ? code : "";
  if ((error as { name?: unknown }).name === "TimeoutError" || text === "UND_ERR_CONNECT_TIMEOUT") {
    return { error: "timeout", detail: `The wallet did not answer within ${limits.timeoutMs} ms.` };
  }
  if (text === "UND_ERR_RES_EXCEEDED_MAX_SIZE") {
    return { error: "body_too_large", detail: `The answer is larger than ${limits.maxResponseBytes} bytes.` };
  }
  if (text === "ECONNREFUSED")
    return { error: "connection_refused", detail: "The wallet refused the connection." };
  if (text === "ECONNRESET" || text === "EPIPE" || text === "ECONNABORTED") {
    return {
      error: "connection_reset",
      detail: `The wallet closed the connection before answering (${text}).`,
    };
  }
  // undici's name for a connection that closed before the answer was complete.
  if (text === "UND_ERR_SOCKET" || text === "UND_ERR_RES_CONTENT_LENGTH_MISMATCH") {
    return { error: "connection_reset", detail: "The connection closed before the answer was complete." };
  }
  if (text === "ENOTFOUND" || text === "EAI_AGAIN") {
    return { error: "dns_failure", detail: `The wallet's host name did not resolve (${text}).` };
  }
  if (text === PRIVATE_ADDRESS) {
    return { error: "private_address", detail: error instanceof Error ? error.message : text };
  }
  if (text === "ETIMEDOUT") return { error: "timeout", detail: "Connecting to the wallet timed out." };
  if (text === "EPROTO" || TLS_CODE.test(text)) {
    return { error: "tls_failure", detail: `The TLS handshake failed (${text}).` };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { error: "network_error", detail: `The call failed: ${text === "" ? message : text}.` };
}

export function createHttpTransport(options: HttpTransportOptions = {}): WalletTransport {
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const idleSocketMs = options.idleSocketMs ?? DEFAULT_IDLE_SOCKET_MS;
  const guarded = options.refusePrivateAddresses === true;
  const newAgent = (lookup?: LookupFunction) =>
    new Agent({
      connections: options.maxSockets ?? DEFAULT_MAX_SOCKETS,
      // A wallet's Keep-Alive hint may shorten the idle time, never lengthen it past ours.
      keepAliveTimeout: idleSocketMs,
      keepAliveMaxTimeout: idleSocketMs,
      maxResponseSize: maxResponseBytes,
      ...(lookup !== undefined && { connect: { lookup } }),
    });
  const agent = newAgent(guarded ? publicOnlyLookup(options.resolveHost ?? systemResolver) : undefined);
  // Opened for the first call of an operator allowed a private network, never otherwise.
  let unguarded: Agent | undefined;
  const agentFor = (request: TransportRequest): Agent => {
    if (!guarded || request.privateNetworkAllowed !== true) return agent;
    unguarded ??= newAgent();
    return unguarded;
  };

  /** A literal IP host is connected to without a lookup, so it is checked here. */
  function refusedLiteral(request: TransportRequest): TransportResult | undefined {
    if (!guarded || request.privateNetworkAllowed === true) return undefined;
    const address = literalAddress(request.url.hostname);
    const range = address === undefined ? undefined : privateRange(address);
    if (address === undefined || range === undefined) return undefined;
    return {
      ok: false,
      error: "private_address",
      detail: privateAddressError(address, address, range).message,
    };
  }

  async function post(request: TransportRequest): Promise<TransportResult> {
    const refused = refusedLiteral(request);
    if (refused !== undefined) return refused;
    // One budget for the whole call; undici's own (longer) connect, headers and body time-outs stay as backstops.
    const signal = AbortSignal.timeout(request.timeoutMs);
    const limits = { timeoutMs: request.timeoutMs, maxResponseBytes };
    let httpStatus: number | undefined;
    try {
      const response = await agentFor(request).request({
        origin: request.url.origin,
        path: `${request.url.pathname}${request.url.search}`,
        method: "POST",
        headers: { ...request.headers, "content-type": "application/json", accept: "application/json" },
        body: request.body,
        signal,
      });
      httpStatus = response.statusCode;
      const body = new Uint8Array(await response.body.arrayBuffer());
      // undici frees the connection for the next request on a later tick; without this turn a callback
      // sent right after this one (a bet's credit after its debit) would open a second connection.
      await new Promise((resolve) => setImmediate(resolve));
      return { ok: true, httpStatus, body };
    } catch (error) {
      const failure = classify(signal.aborted ? signal.reason : error, limits);
      // As before: a call that ran out of time reports no status, whatever had arrived.
      if (httpStatus === undefined || failure.error === "timeout") return { ok: false, ...failure };
      return { ok: false, ...failure, httpStatus };
    }
  }

  return {
    post,
    close() {
      for (const pool of [agent, unguarded]) pool?.destroy(new errors.ClientDestroyedError()).catch(() => {});
    },
  };
}
