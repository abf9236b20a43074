import http from "node:http";
import type net from "node:net";
import { ACTOR_HEADER, currentActor } from "../audit/actor.ts";
import type { OnboardingApi, OnboardingOperation } from "../operators/onboarding.ts";
import { ONBOARDING_ROUTES } from "../operators/onboarding-routes.ts";
import { AdminRequestError } from "./admin-error.ts";

export { AdminRequestError };

const TIMEOUT_MS = 30_000;

/**
 * The onboarding operations sent to a running server's admin interface, one connection per
 * request (the lock socket serves one HTTP exchange per connection here).
 */
export function adminClient(opts: { connect: () => Promise<net.Socket>; token: string }): OnboardingApi {
  const call = async (operation: OnboardingOperation, args: Record<string, unknown>): Promise<unknown> => {
    const route = ONBOARDING_ROUTES[operation];
    const rest: Record<string, unknown> = { ...args };
    const path = route.path.replace(/:([a-z]+)/g, (_, name: string) => {
      const value = rest[name];
      delete rest[name];
      return encodeURIComponent(String(value));
    });
    const payload = route.method === "GET" || route.method === "DELETE" ? undefined : JSON.stringify(rest);
    const socket = await opts.connect();
    const timeoutMs = route.timeoutMs ?? TIMEOUT_MS;
    const { status, text } = await exchange(socket, route.method, path, opts.token, payload, timeoutMs).catch(
      (error: Error) => {
        throw new AdminRequestError(
          0,
          "server_unreachable",
          `The process holding the data directory did not answer (${error.message}). If it is another rgs command, run this one again when it has finished.`,
        );
      },
    );
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AdminRequestError(
        status,
        "invalid_response",
        `The server answered ${status} with a non-JSON body.`,
      );
    }
    if (status >= 400) {
      const error = (parsed ?? {}) as { code?: unknown; detail?: unknown; title?: unknown };
      const message =
        typeof error.detail === "string" ? error.detail : String(error.title ?? `HTTP ${status}`);
      throw new AdminRequestError(status, typeof error.code === "string" ? error.code : "error", message);
    }
    return parsed;
  };
  return Object.fromEntries(
    (Object.keys(ONBOARDING_ROUTES) as OnboardingOperation[]).map((operation) => [
      operation,
      (args: Record<string, unknown>) => call(operation, args ?? {}),
    ]),
  ) as unknown as OnboardingApi;
}

function exchange(
  socket: net.Socket,
  method: string,
  path: string,
  token: string,
  payload: string | undefined,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        method,
        path,
        host: "rgs-admin",
        createConnection: () => socket,
        headers: {
          authorization: `Bearer ${token}`,
          // Who runs the command, for the audit records the server writes on its behalf (URI-encoded: any name).
          [ACTOR_HEADER]: encodeURIComponent(currentActor()),
          connection: "close",
          ...(payload !== undefined && {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(payload),
          }),
        },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () =>
      request.destroy(new Error(`The server did not answer within ${Math.round(timeoutMs / 1000)} seconds.`)),
    );
    request.on("error", reject);
    request.end(payload);
  });
}
