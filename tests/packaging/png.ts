/**
 * Just enough PNG and ICO reading for the packaging tests: the IHDR header, and the pixels of the
 * 8-bit RGBA, non-interlaced files scripts/make-icons.mjs writes.
 */
import { inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngHeader {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  /** 6 is RGBA. */
  readonly colorType: number;
  readonly interlace: number;
}

export function isPng(data: Buffer): boolean {
  return data.length > 33 && data.subarray(0, 8).equals(SIGNATURE);
}

export function pngHeader(data: Buffer): PngHeader {
  if (!isPng(data)) throw new Error('not a PNG');
  if (data.toString('latin1', 12, 16) !== 'IHDR') throw new Error('PNG without IHDR first');
  return {
    width: data.readUInt32BE(16),
    height: data.readUInt32BE(20),
    bitDepth: data.readUInt8(24),
    colorType: data.readUInt8(25),
    interlace: data.readUInt8(28),
  };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

/** Straight (not premultiplied) RGBA, row by row. */
export function pngPixels(data: Buffer): { header: PngHeader; rgba: Uint8Array } {
  const header = pngHeader(data);
  if (header.bitDepth !== 8 || header.colorType !== 6 || header.interlace !== 0) {
    throw new Error('only 8-bit RGBA, non-interlaced PNGs are read here');
  }
  const idat: Buffer[] = [];
  for (let offset = 8; offset < data.length;) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT') idat.push(data.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = header.width * 4;
  const rgba = new Uint8Array(stride * header.height);
  for (let y = 0; y < header.height; y += 1) {
    const filter = raw[y * (stride + 1)] ?? 0;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x += 1) {
      const left = x >= 4 ? (rgba[y * stride + x - 4] ?? 0) : 0;
      const up = y > 0 ? (rgba[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = x >= 4 && y > 0 ? (rgba[(y - 1) * stride + x - 4] ?? 0) : 0;
      const value = line[x] ?? 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      if (predicted === undefined) throw new Error(`unknown PNG filter ${filter}`);
      rgba[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  return { header, rgba };
}

export interface IcoEntry {
  /** 256 is stored as 0. */
  readonly size: number;
  readonly data: Buffer;
}

export function icoEntries(data: Buffer): IcoEntry[] {
  if (data.readUInt16LE(0) !== 0 || data.readUInt16LE(2) !== 1) throw new Error('not an ICO');
  const count = data.readUInt16LE(4);
  const entries: IcoEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    const entry = 6 + 16 * index;
    const width = data.readUInt8(entry) === 0 ? 256 : data.readUInt8(entry);
    const length = data.readUInt32LE(entry + 8);
    const offset = data.readUInt32LE(entry + 12);
    if (offset + length > data.length) throw new Error('ICO entry past the end of the file');
    entries.push({ size: width, data: data.subarray(offset, offset + length) });
  }
  return entries;
}
