/**
 * Reads a screenshot's pixels (8-bit, non-interlaced PNG as Chromium writes them) to tell a rendered page
 * from a blank one without an image library.
 */
import { inflateSync } from "node:zlib";

export interface Pixels {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

export function decodePng(png: Buffer): Pixels {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error("not a PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      channels = CHANNELS[body[9] ?? -1] ?? 0;
      if (depth !== 8 || channels === 0 || body[12] !== 0) throw new Error("unsupported PNG layout");
    } else if (type === "IDAT") {
      idat.push(body);
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const data = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= channels ? (data[y * stride + x - channels] ?? 0) : 0;
      const up = y > 0 ? (data[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (data[(y - 1) * stride + x - channels] ?? 0) : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      data[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  return { width, height, channels, data };
}

/** How many distinct colours, and how much the brightness varies, over the image (sampled). */
export function imageStats(pixels: Pixels): { colours: number; deviation: number } {
  const colours = new Set<number>();
  const lumas: number[] = [];
  const { width, height, channels, data } = pixels;
  const step = Math.max(1, Math.floor((width * height) / 40_000));
  for (let i = 0; i < width * height; i += step) {
    const at = i * channels;
    const r = data[at] ?? 0;
    const g = channels >= 3 ? (data[at + 1] ?? 0) : r;
    const b = channels >= 3 ? (data[at + 2] ?? 0) : r;
    colours.add((r << 16) | (g << 8) | b);
    lumas.push(0.2126 * r + 0.7152 * g + 0.0722 * b);
  }
  const mean = lumas.reduce((sum, value) => sum + value, 0) / lumas.length;
  const variance = lumas.reduce((sum, value) => sum + (value - mean) ** 2, 0) / lumas.length;
  return { colours: colours.size, deviation: Math.sqrt(variance) };
}
