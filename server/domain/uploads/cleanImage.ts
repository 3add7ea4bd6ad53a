import { crc32, inflateSync } from 'node:zlib';
import { type FeedbackImageType, sniffImageType } from '../../../src/shared/feedback';

/**
 * An uploaded png or jpg, checked by its content and stripped of what is not the picture
 * (issue 16: feedback, and later the chat's attachments).
 *
 * No image library is installed, so this is the careful minimal approach: the file is walked
 * structure by structure and written out again with only what drawing it needs.
 * - PNG: the signature, every chunk's length and CRC, IHDR first and sane, IDAT together, IEND
 *   last; the image data is inflated and must be exactly the size IHDR promises, each row with a
 *   known filter (a real decode of the compressed stream, bounded so a "zip bomb" stops early).
 *   Kept: IHDR, PLTE, tRNS, gAMA, cHRM, sRGB, IDAT, IEND. Dropped: text (tEXt, zTXt, iTXt),
 *   eXIf, tIME, pHYs, iCCP, animation and every private chunk. An unknown critical chunk refuses.
 * - JPEG: SOI, every marker segment's length, a frame header (SOF) with sane dimensions before
 *   the first scan, the entropy-coded data up to the next marker, EOI. Kept: the tables (DQT,
 *   DHT, DAC, DRI), SOF, SOS and its data, restart markers, and APP14 "Adobe" (it says how the
 *   colours are encoded). Dropped: every other APPn (EXIF and its GPS position and thumbnail,
 *   XMP, ICC, JFIF, maker notes), COM, and anything after EOI (a file hidden behind the image).
 *   The coefficients are not decoded: a structurally sound JPEG with garbage in its scan data
 *   shows as garbage, and carries nothing else.
 * What is lost: a photo's EXIF orientation (a phone photo taken sideways may show sideways).
 * A decoding library (sharp) would re-encode, apply the orientation and be a stronger check.
 */

export type ImageRejection = 'type' | 'corrupt' | 'dimensions';

export class ImageRejected extends Error {
  constructor(readonly reason: ImageRejection) {
    super(`image refused: ${reason}`);
  }
}

export interface CleanImage {
  type: FeedbackImageType;
  bytes: Buffer;
  width: number;
  height: number;
}

/** Larger pictures are refused before their data is inflated. */
export const IMAGE_MAX_SIDE = 10_000;
export const IMAGE_MAX_PIXELS = 40_000_000;
/**
 * The most a PNG's image data may inflate to: a 16 MP RGBA8 picture's rows and filters (a phone's
 * screenshot is far less). Five compressed megabytes can inflate to hundreds: this bounds what
 * one image costs the server to check (and the route reserves every attempt first).
 */
const PNG_MAX_RAW_BYTES = 68 * 1024 * 1024;

const corrupt = () => new ImageRejected('corrupt');

export function cleanImage(input: Uint8Array): CleanImage {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const type = sniffImageType(bytes);
  if (type === 'image/png') return cleanPng(bytes);
  if (type === 'image/jpeg') return cleanJpeg(bytes);
  throw new ImageRejected('type');
}

function checkDimensions(width: number, height: number): void {
  if (width < 1 || height < 1) throw corrupt();
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS) {
    throw new ImageRejected('dimensions');
  }
}

// ---- PNG ----------------------------------------------------------------------------------

const PNG_KEEP = new Set(['IHDR', 'PLTE', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'IDAT', 'IEND']);
/** Bit depths allowed per colour type (PNG spec, 11.2.2), and samples per pixel. */
const PNG_COLOUR: Record<number, { depths: number[]; samples: number }> = {
  0: { depths: [1, 2, 4, 8, 16], samples: 1 },
  2: { depths: [8, 16], samples: 3 },
  3: { depths: [1, 2, 4, 8], samples: 1 },
  4: { depths: [8, 16], samples: 2 },
  6: { depths: [8, 16], samples: 4 },
};

interface PngChunk {
  type: string;
  /** The whole chunk: length, type, data, CRC. */
  raw: Buffer;
  data: Buffer;
}

function pngChunks(bytes: Buffer): PngChunk[] {
  const chunks: PngChunk[] = [];
  let at = 8;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) throw corrupt();
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) throw corrupt();
    const typeBytes = bytes.subarray(at + 4, at + 8);
    if (!typeBytes.every((b) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a))) {
      throw corrupt();
    }
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(data, crc32(typeBytes)) !== bytes.readUInt32BE(at + 8 + length)) throw corrupt();
    const type = typeBytes.toString('latin1');
    chunks.push({ type, raw: bytes.subarray(at, end), data });
    at = end;
    // Whatever follows IEND is not part of the picture: dropped.
    if (type === 'IEND') break;
  }
  return chunks;
}

/** The inflated size of the image data: per row a filter byte and the row's bytes. */
function pngRawSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean) {
  const rowBytes = (w: number) => Math.ceil((w * bitsPerPixel) / 8);
  if (!interlaced) return height * (1 + rowBytes(width));
  // Adam7: seven passes, each a smaller picture (empty passes have no rows at all).
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ] as const;
  let total = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) total += h * (1 + rowBytes(w));
  }
  return total;
}

function cleanPng(bytes: Buffer): CleanImage {
  const chunks = pngChunks(bytes);
  const header = chunks[0];
  if (header?.type !== 'IHDR' || header.data.length !== 13) throw corrupt();
  if (chunks.at(-1)?.type !== 'IEND') throw corrupt();
  const width = header.data.readUInt32BE(0);
  const height = header.data.readUInt32BE(4);
  const [depth, colourType, compression, filter, interlace] = header.data.subarray(8);
  const colour = PNG_COLOUR[colourType!];
  if (!colour || !colour.depths.includes(depth!) || compression !== 0 || filter !== 0) {
    throw corrupt();
  }
  if (interlace !== 0 && interlace !== 1) throw corrupt();
  checkDimensions(width, height);

  const kept: Buffer[] = [bytes.subarray(0, 8)];
  const idat: Buffer[] = [];
  let idatEnded = false;
  let palette = false;
  for (const chunk of chunks) {
    if (chunk.type === 'IHDR' && chunk !== header) throw corrupt();
    if (chunk.type === 'IDAT') {
      if (idatEnded) throw corrupt();
      idat.push(chunk.data);
    } else if (idat.length > 0) idatEnded = true;
    if (chunk.type === 'PLTE') palette = true;
    const critical = chunk.type.charCodeAt(0) < 0x61;
    if (PNG_KEEP.has(chunk.type)) kept.push(chunk.raw);
    else if (critical) throw corrupt();
  }
  if (idat.length === 0 || (colourType === 3 && !palette)) throw corrupt();

  // Decode the compressed stream: exactly the promised size, each row with a known filter.
  const expected = pngRawSize(width, height, depth! * colour.samples, interlace === 1);
  if (expected > PNG_MAX_RAW_BYTES) throw new ImageRejected('dimensions');
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch {
    throw corrupt();
  }
  if (raw.length !== expected) throw corrupt();
  if (interlace === 0) {
    const stride = 1 + Math.ceil((width * depth! * colour.samples) / 8);
    for (let row = 0; row < height; row += 1) if (raw[row * stride]! > 4) throw corrupt();
  }
  return { type: 'image/png', bytes: Buffer.concat(kept), width, height };
}

// ---- JPEG ---------------------------------------------------------------------------------

const SOF_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);
/** Tables and the like that drawing needs: DHT, DAC, DQT, DNL, DRI, EXP. */
const JPEG_TABLES = new Set([0xc4, 0xcc, 0xdb, 0xdc, 0xdd, 0xdf]);
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

function cleanJpeg(bytes: Buffer): CleanImage {
  const kept: Buffer[] = [Buffer.from([0xff, 0xd8])];
  let at = 2;
  let frame: { width: number; height: number } | null = null;
  let scans = 0;
  for (;;) {
    if (at >= bytes.length || bytes[at] !== 0xff) throw corrupt();
    // Fill bytes (0xFF) may pad before a marker.
    while (bytes[at] === 0xff) at += 1;
    if (at >= bytes.length) throw corrupt();
    const marker = bytes[at]!;
    at += 1;
    if (marker === 0xd9) {
      if (!frame || scans === 0) throw corrupt();
      kept.push(Buffer.from([0xff, 0xd9]));
      break;
    }
    if (marker === 0xd8 || marker === 0x00 || isRestart(marker)) throw corrupt();
    if (marker === 0x01) {
      kept.push(Buffer.from([0xff, 0x01]));
      continue;
    }
    if (at + 2 > bytes.length) throw corrupt();
    const length = bytes.readUInt16BE(at);
    if (length < 2 || at + length > bytes.length) throw corrupt();
    const segment = bytes.subarray(at - 2, at + length);
    const body = bytes.subarray(at + 2, at + length);
    at += length;

    if (SOF_MARKERS.has(marker)) {
      if (frame || body.length < 6) throw corrupt();
      const components = body[5]!;
      if (components < 1 || components > 4 || body.length !== 6 + 3 * components) throw corrupt();
      frame = { height: body.readUInt16BE(1), width: body.readUInt16BE(3) };
      checkDimensions(frame.width, frame.height);
      kept.push(segment);
    } else if (JPEG_TABLES.has(marker)) {
      kept.push(segment);
    } else if (marker === 0xee && body.subarray(0, 5).toString('latin1') === 'Adobe') {
      kept.push(segment);
    } else if (marker === 0xda) {
      if (!frame) throw corrupt();
      scans += 1;
      kept.push(segment);
      // The entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a
      // restart marker.
      const start = at;
      while (at < bytes.length) {
        if (bytes[at] === 0xff && at + 1 < bytes.length) {
          const next = bytes[at + 1]!;
          if (next !== 0x00 && !isRestart(next) && next !== 0xff) break;
        }
        at += 1;
      }
      if (at >= bytes.length) throw corrupt();
      kept.push(bytes.subarray(start, at));
    } else if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) {
      // APPn (EXIF, XMP, ICC, JFIF, maker notes) and comments: metadata, dropped.
    } else if (marker >= 0xf0 && marker <= 0xfd) {
      // JPGn extensions: not used by baseline or progressive decoders; dropped.
    } else {
      throw corrupt();
    }
  }
  return {
    type: 'image/jpeg',
    bytes: Buffer.concat(kept),
    width: frame.width,
    height: frame.height,
  };
}
