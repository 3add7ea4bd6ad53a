/** Content negotiation for the site's HTML shell (RFC 9110 §12.5). */

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
