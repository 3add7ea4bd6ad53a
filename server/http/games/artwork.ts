import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { failure } from '../../../src/shared/envelope';
import { GameCategory } from '../../../src/shared/games';
import type { Queryable } from '../../db/types';
import { type ImageSubject, parseImagePath } from '../../domain/games/catalogue/images';
import type { AppDeps } from '../../deps';
import { matchesEtag, strongEtag } from '../site/negotiation';

/**
 * The image CDN of a fresh install: the configured image base is "/cdn" on our own server, so
 * `GET /cdn/*` answers every vendor and game image path the catalogue hands out
 * (domain/games/catalogue/images.ts) with generated SVG artwork: the vendor's initials or name,
 * the game's name, on colours derived from a hash of the subject. Deterministic, so it is cached
 * long and revalidated by ETag. Text comes from the catalogue only (never from the request) and
 * is escaped; paths that are not ours, or name no vendor or game, are 404. A real deployment
 * points imageCDNs at real artwork instead.
 */
const CACHE_CONTROL = 'public, max-age=2592000';
const MAX_CACHED = 2000;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const categories = new Set<string>(Object.values(GameCategory));

interface Artwork {
  svg: string;
  etag: string;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Two colours of one hue, picked by the hash of `key`. */
function palette(key: string): { hue: number; accent: number } {
  const digest = createHash('sha256').update(key).digest();
  return { hue: digest.readUInt16BE(0) % 360, accent: digest.readUInt16BE(2) % 5 };
}

function gradient(key: string, saturation = 65): string {
  const { hue } = palette(key);
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue},${saturation}%,48%)"/>
<stop offset="1" stop-color="hsl(${(hue + 40) % 360},${saturation + 5}%,26%)"/>
</linearGradient></defs>`;
}

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

const label = (x: number, y: number, size: number, fill: string, content: string, weight = 700) =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle" dominant-baseline="middle">${escapeXml(content)}</text>`;

/** Short codes stay as they are (PG, EG2, JDB); long ones become the display name's initials. */
export function initials(code: string, displayName: string): string {
  if (code.length <= 4) return code;
  const words = displayName.split(/[\s_-]+/).filter(Boolean);
  return words
    .slice(0, 3)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** Greedy word wrap to `width` characters, at most `lines` lines (the last one cut with …). */
export function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = out.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width)
      out[out.length - 1] = `${last} ${word}`;
    else out.push(word.length > width ? `${word.slice(0, width - 1)}…` : word);
  }
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1]!.slice(0, width - 1)}…`;
  return kept;
}

function vendorSmall(code: string, name: string, active: boolean): string {
  const ring = active
    ? '<rect x="3" y="3" width="90" height="90" rx="20" fill="none" stroke="#fff" stroke-width="4"/>'
    : '';
  return svg(
    96,
    96,
    `${gradient(code, active ? 70 : 30)}<rect width="96" height="96" rx="22" fill="url(#bg)"/>${ring}${label(48, 50, code.length > 3 ? 24 : 32, '#fff', initials(code, name))}`,
  );
}

function vendorList(code: string, name: string, tone: 'WHITE' | 'COLOR' | 'BLACK'): string {
  const { hue } = palette(code);
  const fill = tone === 'WHITE' ? '#ffffff' : tone === 'BLACK' ? '#111111' : `hsl(${hue},70%,45%)`;
  const size = Math.min(34, Math.floor(400 / Math.max(name.length, 1)));
  return svg(240, 80, label(120, 42, size, fill, name));
}

/**
 * A vendor's entry card of a category page: the vendor's name on two lines at most, sized to
 * fit the middle 220 px — a tile crops the 3:2 picture to a square on a phone, so text wider
 * than that lost its ends ("etnam Lotte"). No category code on it: the page says the category.
 */
export function vendorEntry(code: string, name: string, gameType: string): string {
  const lines = wrap(name, 12, 2);
  const longest = Math.max(...lines.map((line) => line.length), 1);
  // About 0.62 em a character in a bold system font.
  const size = Math.min(44, Math.floor(220 / (longest * 0.62)));
  const top = 120 - ((lines.length - 1) * size * 1.15) / 2;
  const title = lines
    .map((line, i) => label(180, Math.round(top + i * size * 1.15), size, '#fff', line))
    .join('');
  return svg(
    360,
    240,
    `${gradient(`${gameType}-${code}`)}<rect width="360" height="240" rx="18" fill="url(#bg)"/>
<circle cx="300" cy="50" r="80" fill="#fff" fill-opacity="0.08"/>
${title}`,
  );
}

function gameArt(nodeId: string, name: string, vendorName: string): string {
  const { hue, accent } = palette(nodeId);
  const lines = wrap(name, 14, 3);
  const top = 140 - (lines.length - 1) * 20;
  const circles = [0, 1, 2]
    .map((i) => {
      const r = 40 + ((accent + i * 3) % 5) * 18;
      return `<circle cx="${60 + i * 100}" cy="${50 + ((i + accent) % 3) * 90}" r="${r}" fill="hsl(${(hue + 180) % 360},80%,70%)" fill-opacity="0.12"/>`;
    })
    .join('');
  const title = lines.map((line, i) => label(150, top + i * 40, 30, '#fff', line)).join('');
  return svg(
    300,
    300,
    `${gradient(nodeId)}<rect width="300" height="300" rx="24" fill="url(#bg)"/>${circles}${title}
<rect x="0" y="250" width="300" height="50" fill="#000" fill-opacity="0.3"/>${label(150, 276, 18, '#fff', wrap(vendorName, 26, 1)[0] ?? '', 500)}`,
  );
}

/** The artwork of an image subject, or null when it names no vendor or game of ours. */
export async function renderArtwork(db: Queryable, subject: ImageSubject): Promise<string | null> {
  if (subject.kind === 'game') {
    const [game] = await db.query<{ name: string; display_name: string }>(
      `select en.name, v.display_name from games g
       join game_vendors v on v.code = g.vendor
       join game_names en on en.node_id = g.node_id and en.language = 'EN'
       where g.node_id = $1`,
      [subject.nodeId],
    );
    return game ? gameArt(subject.nodeId, game.name, game.display_name) : null;
  }
  if (subject.kind === 'vendorEntry' && !categories.has(subject.gameType)) return null;
  const [vendor] = await db.query<{ display_name: string }>(
    'select display_name from game_vendors where code = $1',
    [subject.vendor],
  );
  if (!vendor) return null;
  const name = vendor.display_name;
  switch (subject.kind) {
    case 'vendorSmall':
      return vendorSmall(subject.vendor, name, subject.active);
    case 'vendorList':
      return vendorList(subject.vendor, name, subject.tone);
    case 'vendorEntry':
      return vendorEntry(subject.vendor, name, subject.gameType);
  }
}

export async function artworkRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Rendered artwork by path; the catalogue only changes with a restart (its seed).
  const cache = new Map<string, Artwork>();

  app.get('/cdn/*', async (request, reply) => {
    const path = `/${(request.params as { '*': string })['*']}`;
    let artwork = cache.get(path);
    if (!artwork) {
      const subject = parseImagePath(path);
      const image = subject ? await renderArtwork(deps.db, subject) : null;
      if (!image) return reply.status(404).send(failure('not_found', 'No such image.'));
      artwork = { svg: image, etag: strongEtag(image) };
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
      cache.set(path, artwork);
    }
    reply
      .header('cache-control', CACHE_CONTROL)
      .header('etag', artwork.etag)
      // An SVG opened on its own is a document: let it run nothing and load nothing.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    if (matchesEtag(request.headers['if-none-match'], artwork.etag))
      return reply.status(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(artwork.svg);
  });
}
