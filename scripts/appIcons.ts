/**
 * Draws the web app's icons (public/icons/*.png, issue 16) from the brand's mark, the same
 * drawing as public/favicon.svg: a gold four-pointed star on the dark tile. PNG because that is
 * what every installer takes (Android, Chromium's install check, iOS's apple-touch-icon):
 * - icon-192.png, icon-512.png: the rounded tile on transparency ("any");
 * - icon-maskable-512.png: the tile's colour to the edges, the star inside the central 80 %
 *   circle that a launcher's mask always keeps ("maskable");
 * - apple-touch-icon.png (180 px): full square, iOS rounds it itself.
 * Run `node --import tsx scripts/appIcons.ts` after changing the mark; the files are committed.
 * No image library: a small rasterizer (4 × 4 samples a pixel) and Node's zlib for the PNG.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The mark in its 32 × 32 box (favicon.svg). */
const TILE = [0x1d, 0x1b, 0x3a] as const;
const STAR = [0xe0, 0xa5, 0x26] as const;
const STAR_POINTS: readonly (readonly [number, number])[] = [
  [16, 5],
  [19, 13],
  [27, 16],
  [19, 19],
  [16, 27],
  [13, 19],
  [5, 16],
  [13, 13],
];
const CORNER = 8;

function insidePolygon(x: number, y: number, points: readonly (readonly [number, number])[]) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRoundedTile(x: number, y: number): boolean {
  if (x < 0 || y < 0 || x > 32 || y > 32) return false;
  const cx = Math.min(Math.max(x, CORNER), 32 - CORNER);
  const cy = Math.min(Math.max(y, CORNER), 32 - CORNER);
  return (x - cx) ** 2 + (y - cy) ** 2 <= CORNER ** 2;
}

/** RGBA pixels of the mark at `size` px; `rounded` false fills the whole square. */
export function drawMark(size: number, rounded: boolean): Buffer {
  const samples = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let tile = 0;
      let star = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 32;
          const y = ((py + (sy + 0.5) / samples) / size) * 32;
          if (insidePolygon(x, y, STAR_POINTS)) star++;
          else if (!rounded || insideRoundedTile(x, y)) tile++;
        }
      }
      const total = samples * samples;
      const covered = tile + star;
      const offset = (py * size + px) * 4;
      if (covered === 0) continue;
      for (let channel = 0; channel < 3; channel++) {
        pixels[offset + channel] = Math.round(
          (TILE[channel]! * tile + STAR[channel]! * star) / covered,
        );
      }
      pixels[offset + 3] = Math.round((covered / total) * 255);
    }
  }
  return pixels;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG (8-bit RGBA, no filtering) of `pixels`. */
export function encodePng(size: number, pixels: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const APP_ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true },
  { file: 'icon-512.png', size: 512, rounded: true },
  { file: 'icon-maskable-512.png', size: 512, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, rounded: false },
] as const;

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.join('public', 'icons');
  mkdirSync(dir, { recursive: true });
  for (const icon of APP_ICONS) {
    writeFileSync(
      path.join(dir, icon.file),
      encodePng(icon.size, drawMark(icon.size, icon.rounded)),
    );
    console.log(`wrote ${path.join(dir, icon.file)}`);
  }
}
