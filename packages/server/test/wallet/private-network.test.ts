import { describe, expect, it } from "vitest";
import {
  literalAddress,
  privateAddressDetail,
  privateAddressOf,
  privateRange,
} from "../../src/wallet/private-network.ts";

describe("the addresses production sends no callbacks to", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["169.254.169.254", "linkLocal"],
    ["fe80::1", "linkLocal"],
    ["febf:ffff::1", "linkLocal"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.1", "private"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.254", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:100.64.0.1", "carrierGradeNat"],
    ["::ffff:0.0.0.0", "unspecified"],
    ["::127.0.0.1", "loopback"],
    ["::10.0.0.1", "private"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["64:ff9b::a00:1", "rfc6052"],
    ["not an address", "unparsable"],
  ])("%s is refused as %s", (address, range) => {
    expect(privateRange(address)).toBe(range);
  });

  it.each([
    "93.184.216.34",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "169.253.255.255",
    "11.0.0.1",
    "2606:4700::1111",
    "::ffff:93.184.216.34",
  ])("%s is public", (address) => {
    expect(privateRange(address)).toBeUndefined();
  });
});

describe("the address a callback URL names", () => {
  const resolver = (answers: Record<string, string[]>) => async (host: string) => {
    const addresses = answers[host];
    if (addresses === undefined) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return addresses;
  };

  it("reads literal IPv4 and IPv6 hosts, in every form the URL parser normalizes", async () => {
    expect(literalAddress(new URL("http://[::1]:8080/").hostname)).toBe("::1");
    expect(literalAddress(new URL("http://2130706433/").hostname)).toBe("127.0.0.1");
    expect(literalAddress(new URL("http://0x7f.1/").hostname)).toBe("127.0.0.1");
    expect(literalAddress(new URL("http://[::ffff:169.254.169.254]/").hostname)).toBe("::ffff:a9fe:a9fe");
    expect(literalAddress("wallet.example")).toBeUndefined();
    const never = async () => {
      throw new Error("a literal address is not resolved");
    };
    expect(await privateAddressOf(new URL("http://169.254.169.254/latest/meta-data"), never)).toEqual({
      address: "169.254.169.254",
      range: "linkLocal",
    });
    expect(await privateAddressOf(new URL("https://[::ffff:a9fe:a9fe]/"), never)).toEqual({
      address: "::ffff:a9fe:a9fe",
      range: "linkLocal",
    });
  });

  it("refuses a host name when any of its addresses is private", async () => {
    const resolve = resolver({
      "wallet.example": ["93.184.216.34"],
      "mixed.example": ["93.184.216.34", "10.0.0.7"],
      localhost: ["127.0.0.1", "::1"],
    });
    expect(await privateAddressOf(new URL("https://wallet.example/w"), resolve)).toBeUndefined();
    const mixed = await privateAddressOf(new URL("https://mixed.example/w"), resolve);
    expect(mixed).toEqual({ address: "10.0.0.7", range: "private" });
    expect(
      privateAddressDetail(new URL("https://mixed.example/w"), mixed ?? { address: "", range: "" }),
    ).toBe(
      "mixed.example resolves to 10.0.0.7, a private address: production sends no callbacks into a private network unless the operator allows it (--private-network allow).",
    );
    expect(await privateAddressOf(new URL("http://localhost:9000/"), resolve)).toEqual({
      address: "127.0.0.1",
      range: "loopback",
    });
  });

  it("leaves a host name that does not resolve to the check of each call", async () => {
    expect(await privateAddressOf(new URL("https://unknown.example/"), resolver({}))).toBeUndefined();
  });
});
