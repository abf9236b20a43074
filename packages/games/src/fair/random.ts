/**
 * The provably fair random source: the public scheme that third-party verifiers already implement.
 * bytes(cursor) = HMAC_SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${cursor}`), 32 bytes per
 * cursor, read as eight 4-byte big-endian unsigned integers u; each float is u / 2^32.
 *
 * The hash is injected: node:crypto on the server, a pure-JS implementation in the browser.
 */
export type HmacSha256 = (key: string, message: string) => Uint8Array;

export interface SeedPair {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

const TWO_POW_32 = 4_294_967_296;
const WORDS_PER_HASH = 8;

/** Random access to the round's stream of 32-bit words: word i is the same whoever asks, in any order. */
export class FairRandom {
  private readonly blocks = new Map<number, Uint8Array>();

  constructor(
    private readonly hmac: HmacSha256,
    readonly seeds: SeedPair,
  ) {}

  uint32(index: number): number {
    if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`bad random index ${index}`);
    const cursor = Math.floor(index / WORDS_PER_HASH);
    let block = this.blocks.get(cursor);
    if (!block) {
      const { serverSeed, clientSeed, nonce } = this.seeds;
      block = this.hmac(serverSeed, `${clientSeed}:${nonce}:${cursor}`);
      this.blocks.set(cursor, block);
    }
    const at = (index % WORDS_PER_HASH) * 4;
    return (
      ((block[at] as number) * 2 ** 24 +
        ((block[at + 1] as number) << 16) +
        ((block[at + 2] as number) << 8) +
        (block[at + 3] as number)) >>>
      0
    );
  }

  float(index: number): number {
    return this.uint32(index) / TWO_POW_32;
  }

  /** floor(float x n), computed exactly on integers: outcome k has ceil-or-floor(2^32 / n) lattice points. */
  int(index: number, n: number): number {
    return intFromUint32(this.uint32(index), n);
  }

  reader(position = 0): RandomReader {
    return new RandomReader(this, position);
  }
}

export function intFromUint32(u: number, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > 2 ** 20) throw new RangeError(`bad range size ${n}`);
  return Math.floor((u * n) / TWO_POW_32);
}

/**
 * A cursor over the stream. Games that draw during later steps (hilo's next card, a crash point)
 * keep `position` in their state, so a resumed round reads exactly the words it would have read.
 */
export class RandomReader {
  constructor(
    private readonly source: FairRandom,
    public position: number,
  ) {}

  nextUint32(): number {
    return this.source.uint32(this.position++);
  }

  nextFloat(): number {
    return this.source.float(this.position++);
  }

  nextInt(n: number): number {
    return this.source.int(this.position++, n);
  }

  /**
   * Draws k distinct items of 0..n-1 in draw order: draw j takes the floor(float x (n - j))-th of the items
   * still left (a Fisher-Yates shuffle cut short), the mapping public verifiers use for mines and keno.
   */
  drawWithoutReplacement(n: number, k: number): number[] {
    if (k > n) throw new RangeError(`cannot draw ${k} of ${n}`);
    const left = Array.from({ length: n }, (_, i) => i);
    const drawn: number[] = [];
    for (let j = 0; j < k; j++) {
      const [item] = left.splice(this.nextInt(n - j), 1);
      drawn.push(item as number);
    }
    return drawn;
  }
}
