import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstWordOf, LATTICE_SIZE, latticeCount, latticeCountRange } from "../../src/fair/lattice.ts";
import { browserHmacSha256 } from "../../src/fair/noble-hmac.ts";
import { nodeHmacSha256 } from "../../src/fair/node-hmac.ts";
import { FairRandom, intFromUint32 } from "../../src/fair/random.ts";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

describe("FairRandom against published vectors", () => {
  // https://eddiestream.com ("Probably Fair"): client seed "bitcoin", server seed "litecoin",
  // hmac_sha256(server_seed, client_seed:nonce:round) = e9f6da94...3bdb5b, whose first 4 bytes give
  // 233/256 + 246/256^2 + 218/256^3 + 148/256^4 = 0.9139229403808713. That hash is the one of nonce 1, round 0.
  const published = new FairRandom(nodeHmacSha256, {
    serverSeed: "litecoin",
    clientSeed: "bitcoin",
    nonce: 1,
  });

  it("reproduces the published hash and first float", () => {
    expect(hex(nodeHmacSha256("litecoin", "bitcoin:1:0"))).toBe(
      "e9f6da942286e96fde6712ea44f97312b5fcf67ebcbf6076a2b66e917e3bdb5b",
    );
    expect(published.uint32(0)).toBe(0xe9f6da94);
    expect(published.float(0)).toBe(0.9139229403808713);
  });

  it("reads the hash as eight big-endian words, then moves to the next cursor", () => {
    const words = "e9f6da942286e96fde6712ea44f97312b5fcf67ebcbf6076a2b66e917e3bdb5b".match(/.{8}/g) ?? [];
    expect(words.map((_, i) => published.uint32(i))).toEqual(words.map((w) => Number.parseInt(w, 16)));
    const nextBlock = nodeHmacSha256("litecoin", "bitcoin:1:1");
    expect(published.uint32(8)).toBe(Buffer.from(nextBlock).readUInt32BE(0));
    expect(published.uint32(15)).toBe(Buffer.from(nextBlock).readUInt32BE(28));
  });
});

const openssl = spawnSync("openssl", ["version"], { encoding: "utf8" });

describe.skipIf(openssl.status !== 0)("FairRandom against an independent implementation (openssl)", () => {
  const opensslHmac = (key: string, message: string) =>
    spawnSync("openssl", ["dgst", "-sha256", "-hmac", key], { input: message, encoding: "utf8" })
      .stdout.trim()
      .split(" ")
      .at(-1);

  it.each([
    ["9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "player-seed", 0, 0],
    ["9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "player-seed", 41, 3],
    ["short", "ünïcode ☂", 7, 1],
  ])("server %s, client %s, nonce %i, cursor %i", (serverSeed, clientSeed, nonce, cursor) => {
    const expected = opensslHmac(serverSeed, `${clientSeed}:${nonce}:${cursor}`) ?? "";
    const random = new FairRandom(nodeHmacSha256, { serverSeed, clientSeed, nonce });
    const words = Array.from({ length: 8 }, (_, i) => random.uint32(cursor * 8 + i));
    expect(words.map((w) => w.toString(16).padStart(8, "0")).join("")).toBe(expected);
    expect(random.float(cursor * 8)).toBe(Number.parseInt(expected.slice(0, 8), 16) / 2 ** 32);
  });
});

describe("node:crypto and @noble/hashes", () => {
  it("give identical streams for any seeds", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.nat(),
        fc.nat({ max: 40 }),
        (serverSeed, clientSeed, nonce, index) => {
          const seeds = { serverSeed, clientSeed, nonce };
          const server = new FairRandom(nodeHmacSha256, seeds);
          const browser = new FairRandom(browserHmacSha256, seeds);
          expect(browser.uint32(index)).toBe(server.uint32(index));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("give identical raw HMACs, including for keys longer than a block", () => {
    const longKey = "k".repeat(200);
    expect(hex(browserHmacSha256(longKey, "m:0:0"))).toBe(hex(nodeHmacSha256(longKey, "m:0:0")));
  });
});

describe("int: floor(float x n) over the lattice", () => {
  it("switches outcome exactly at the first word of each outcome", () => {
    for (const n of [2, 6, 37, 52, 10_000, 1_000_003]) {
      for (const k of [1, 2, Math.floor(n / 2), n - 1]) {
        const first = Number(firstWordOf(n, k));
        expect(intFromUint32(first, n)).toBe(k);
        expect(intFromUint32(first - 1, n)).toBe(k - 1);
      }
      expect(intFromUint32(0, n)).toBe(0);
      expect(intFromUint32(2 ** 32 - 1, n)).toBe(n - 1);
    }
  });

  it("gives each outcome floor or ceil of 2^32 / n words, summing to 2^32", () => {
    for (const n of [3, 37, 52, 10_000]) {
      const low = LATTICE_SIZE / BigInt(n);
      let total = 0n;
      let heavier = 0n;
      for (let k = 0; k < n; k++) {
        const count = latticeCount(n, k);
        expect(count === low || count === low + 1n).toBe(true);
        if (count === low + 1n) heavier++;
        total += count;
      }
      expect(total).toBe(LATTICE_SIZE);
      expect(heavier).toBe(LATTICE_SIZE % BigInt(n));
    }
    expect(latticeCountRange(10_000, 0, 10_000)).toBe(LATTICE_SIZE);
  });

  it("agrees with a brute-force count on a small scaled lattice", () => {
    // intFromUint32 scales any u; sampling every 2^16-th word and counting hits must match the exact counts / 2^16 within 1.
    const n = 37;
    const hits = new Array<number>(n).fill(0);
    for (let u = 0; u < 2 ** 32; u += 2 ** 16) {
      const k = intFromUint32(u, n);
      hits[k] = (hits[k] ?? 0) + 1;
    }
    for (let k = 0; k < n; k++) {
      expect(Math.abs((hits[k] as number) - Number(latticeCount(n, k)) / 2 ** 16)).toBeLessThanOrEqual(1);
    }
  });

  it("refuses range sizes it cannot map exactly", () => {
    expect(() => intFromUint32(5, 0)).toThrow(RangeError);
    expect(() => intFromUint32(5, 2 ** 21)).toThrow(RangeError);
    expect(() => latticeCount(10, 10)).toThrow(RangeError);
  });
});

describe("RandomReader", () => {
  const random = new FairRandom(nodeHmacSha256, { serverSeed: "server", clientSeed: "client", nonce: 3 });

  it("draws distinct items in range, as a cut-short Fisher-Yates shuffle of the words it reads", () => {
    const reader = random.reader();
    const drawn = reader.drawWithoutReplacement(80, 20);
    expect(reader.position).toBe(20);
    expect(new Set(drawn).size).toBe(20);
    for (const x of drawn) expect(x >= 0 && x < 80).toBe(true);

    const left = Array.from({ length: 80 }, (_, i) => i);
    const expected = Array.from({ length: 20 }, (_, j) => left.splice(random.int(j, 80 - j), 1)[0]);
    expect(drawn).toEqual(expected);
  });

  it("draws a full permutation when k = n, and refuses k > n", () => {
    const all = random.reader(100).drawWithoutReplacement(52, 52);
    expect([...all].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
    expect(() => random.reader().drawWithoutReplacement(3, 4)).toThrow(RangeError);
  });

  it("resumes at a stored position exactly where an uninterrupted reader would be", () => {
    const uninterrupted = random.reader();
    const first = [uninterrupted.nextInt(52), uninterrupted.nextFloat(), uninterrupted.nextUint32()];
    const rest = [uninterrupted.nextInt(52), uninterrupted.nextFloat(), uninterrupted.nextUint32()];
    const resumed = random.reader(3);
    expect([resumed.nextInt(52), resumed.nextFloat(), resumed.nextUint32()]).toEqual(rest);
    expect(first[0]).toBe(random.int(0, 52));
    expect(resumed.position).toBe(6);
  });

  it("refuses negative or fractional word indices", () => {
    expect(() => random.uint32(-1)).toThrow(RangeError);
    expect(() => random.uint32(1.5)).toThrow(RangeError);
  });
});
