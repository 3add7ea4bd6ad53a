import { crc32, deflateSync } from 'node:zlib';

/**
 * Small real images made in the test (no fixture files): PNGs with any chunks, and a baseline
 * JPEG that decoders draw (an 8 × 8 grey block: one component, every coefficient zero, each
 * Huffman table a single one-bit code), with whatever metadata segments a test adds.
 */

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(Buffer.from(type, 'latin1'))));
  return Buffer.concat([head, data, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An RGB PNG of `width` × `height` (a gradient), with extra chunks before IDAT. */
export function makePng(
  options: { width?: number; height?: number; before?: [string, Buffer][]; padTo?: number } = {},
): Buffer {
  const width = options.width ?? 4;
  const height = options.height ?? 3;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0);
    for (let x = 0; x < width; x += 1) rows.push((x * 40) & 0xff, (y * 60) & 0xff, 128);
  }
  const parts = [PNG_SIGNATURE, chunk('IHDR', header)];
  for (const [type, data] of options.before ?? []) parts.push(chunk(type, data));
  const idat = chunk('IDAT', deflateSync(Buffer.from(rows)));
  const end = chunk('IEND', Buffer.alloc(0));
  // A private ancillary chunk of filler makes the file as large as asked.
  const size = parts.reduce((sum, part) => sum + part.length, 0) + idat.length + end.length;
  if (options.padTo && options.padTo > size + 12) {
    parts.push(chunk('fiLl', Buffer.alloc(options.padTo - size - 12, 7)));
  }
  return Buffer.concat([...parts, idat, end]);
}

/** A tEXt chunk (keyword, NUL, text). */
export const pngText = (keyword: string, text: string): [string, Buffer] => [
  'tEXt',
  Buffer.from(`${keyword}\0${text}`, 'latin1'),
];

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** An EXIF APP1 segment that carries `text` (e.g. a camera owner's name or a position). */
export function exifSegment(text: string): Buffer {
  return segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0MM\0*', 'latin1'), Buffer.from(text)]));
}

/** A baseline 8 × 8 grey JPEG, with metadata segments after SOI and bytes after EOI. */
export function makeJpeg(options: { metadata?: Buffer[]; trailing?: Buffer } = {}): Buffer {
  const quant = segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)]));
  const frame = segment(0xc0, Buffer.from([8, 0, 8, 0, 8, 1, 1, 0x11, 0]));
  // One code of length 1 per table: DC category 0, AC end of block.
  const table = (classAndId: number) =>
    segment(
      0xc4,
      Buffer.concat([Buffer.from([classAndId, 1]), Buffer.alloc(15), Buffer.from([0])]),
    );
  const scan = segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0]));
  // Bits 0 (DC diff 0) and 0 (EOB), padded with ones.
  const data = Buffer.from([0x3f]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    ...(options.metadata ?? []),
    quant,
    frame,
    table(0x00),
    table(0x10),
    scan,
    data,
    Buffer.from([0xff, 0xd9]),
    options.trailing ?? Buffer.alloc(0),
  ]);
}

/** A JPEG comment segment. */
export const jpegComment = (text: string) => segment(0xfe, Buffer.from(text));
