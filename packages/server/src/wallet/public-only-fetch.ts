import { Agent, fetch as undiciFetch } from "undici";
import { publicOnlyLookup } from "./http-transport.ts";
import type { HostResolver } from "./private-network.ts";

export interface PublicOnlyFetch {
  fetch: typeof fetch;
  close(): Promise<void>;
}

/**
 * A fetch whose sockets connect to public addresses only, for the calls a production RGS makes to an
 * operator's wallet outside the callback transport (certification runs). The address is checked when the
 * socket resolves it, so a host name that changes its answer after it was checked is refused all the same.
 * A literal IP address is never looked up: the caller checks it before.
 */
export function publicOnlyFetch(resolve: HostResolver): PublicOnlyFetch {
  const agent = new Agent({ connect: { lookup: publicOnlyLookup(resolve) } });
  const guarded = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher: agent,
    });
  return { fetch: guarded as unknown as typeof fetch, close: () => agent.close() };
}
