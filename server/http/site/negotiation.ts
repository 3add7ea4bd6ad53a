/** Content negotiation for the site's answers (RFC 9110 §12.5), their ETags and their codings. */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Entries read from one Accept-* header: a hostile header cannot make us sort thousands. */
const MAX_ENTRIES = 32;

/** `token;q=0.5, other` as [token, weight] pairs, lower-cased, in header order. */
function weighted(header: string | undefined): Array<[string, number]> {
  if (!header) return [];
  const entries: Array<[string, number]> = [];
  for (const part of header.split(',').slice(0, MAX_ENTRIES)) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/.exec(param);
      if (match) weight = Number(match[1]);
    }
    entries.push([name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0]);
  }
  return entries;
}

export type ShellEncoding = 'br' | 'gzip';

/**
 * The encoding to send: the accepted one of highest weight among `offered`, the first offered
 * on a tie (brotli before gzip); `*` stands for any not named; `q=0` refuses. Null: identity.
 */
export function preferredEncoding(
  header: string | undefined,
  offered: readonly ShellEncoding[] = ['br', 'gzip'],
): ShellEncoding | null {
  const weights = new Map(weighted(header));
  let best: ShellEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of offered) {
    const weight =
      weights.get(encoding) ??
      (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ??
      weights.get('*') ??
      0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** The language tags of an Accept-Language header, most wanted first (`*` and q=0 left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  return weighted(header)
    .filter(([tag, weight]) => tag !== '*' && weight > 0)
    .map(([tag, weight], index) => ({ tag, weight, index }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * A strong ETag naming `bytes`: a hash of them, the same in every process that holds the same
 * bytes, so a browser's copy stays valid behind a balancer.
 */
export function strongEtag(bytes: string | Buffer, length = 27): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, length)}"`;
}

/**
 * Whether an If-None-Match header names `etag` (RFC 9110 §13.1.2: the weak comparison, so
 * `W/"x"` and `"x"` match; `*` matches any current representation).
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header
    .split(',', MAX_ENTRIES)
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === bare);
}

/** Brotli's parameters for text of `bytes` bytes at `quality`. */
const brotliText = (quality: number, bytes: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes,
  },
});

/** `text` in `coding` at `level` (brotli's quality 0–11, gzip's level 0–9), on this thread. */
export function compressTextSync(
  text: string | Buffer,
  coding: ShellEncoding,
  level: number,
): Buffer {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return coding === 'br'
    ? zlib.brotliCompressSync(bytes, brotliText(level, bytes.length))
    : zlib.gzipSync(bytes, { level });
}

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/** The same on the thread pool, for a body large enough to hold the event loop up. */
export function compressText(text: Buffer, coding: ShellEncoding, level: number): Promise<Buffer> {
  return coding === 'br'
    ? brotliAsync(text, brotliText(level, text.length))
    : gzipAsync(text, { level });
}
