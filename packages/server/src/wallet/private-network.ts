import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

/**
 * Which addresses a production RGS refuses to send wallet callbacks to: every address that is not public
 * unicast (loopback, link-local with the cloud metadata service at 169.254.169.254, private networks,
 * CGNAT, unique-local IPv6, unspecified, multicast, reserved and documentation ranges), also when written
 * as an IPv4-mapped or IPv4-compatible IPv6 address or reached through a host name. Whoever can set a
 * callback URL could otherwise make the RGS probe the network it runs in. An operator whose wallet really
 * is on a private network is allowed explicitly (`operator update --private-network allow`).
 */

/** The kind of a non-public address ("loopback", "private", "linkLocal"...), or undefined for a public one. */
export function privateRange(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return "unparsable";
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    // ::a.b.c.d, the deprecated IPv4-compatible form: the embedded address decides.
    else if (v6.range() === "unicast" && v6.parts.slice(0, 6).every((part) => part === 0)) {
      const [high = 0, low = 0] = v6.parts.slice(6);
      parsed = new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
    }
  }
  const range = parsed.range();
  return range === "unicast" ? undefined : range;
}

/** The addresses a host name resolves to (all of them, IPv4 and IPv6). */
export type HostResolver = (hostname: string) => Promise<string[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** The literal IP address of a URL's host (IPv6 without its brackets), or undefined for a host name. */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) && (bare.includes(":") || ipaddr.IPv4.isValidFourPartDecimal(bare))
    ? bare
    : undefined;
}

export interface PrivateAddress {
  address: string;
  range: string;
}

/**
 * The first non-public address the URL's host is or resolves to; undefined when every one is public.
 * A host name that does not resolve is not refused here: nothing can be sent to it, and every call checks
 * the address it connects to again.
 */
export async function privateAddressOf(
  url: URL,
  resolve: HostResolver = systemResolver,
): Promise<PrivateAddress | undefined> {
  const literal = literalAddress(url.hostname);
  let addresses: string[];
  if (literal !== undefined) addresses = [literal];
  // RFC 6761: localhost and its subdomains are this machine, whatever a resolver says.
  else if (/(^|\.)localhost\.?$/i.test(url.hostname)) addresses = ["127.0.0.1"];
  else {
    try {
      addresses = await resolve(url.hostname);
    } catch {
      return undefined;
    }
  }
  for (const address of addresses) {
    const range = privateRange(address);
    if (range !== undefined) return { address, range };
  }
  return undefined;
}

/** What an operator is told about a refused callback address. */
export function privateAddressDetail(url: URL, found: PrivateAddress): string {
  const through = literalAddress(url.hostname) === undefined ? `${url.hostname} resolves to ` : "";
  return `${through}${found.address}, a ${found.range} address: production sends no callbacks into a private network unless the operator allows it (--private-network allow).`;
}
