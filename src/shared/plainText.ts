/**
 * Plain text a person writes (feedback, a chat message): stored as typed, shown as text (never
 * HTML), counted as a person counts. One copy of these rules for the page and the server.
 *
 * "Characters" are user-perceived characters (grapheme clusters), so an emoji with a skin tone
 * or a flag is one, and a Vietnamese letter is one whether it arrives composed or as a letter and
 * its combining marks.
 */

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Line endings made one, composed (NFC), trimmed: the text as stored. */
export function normalizePlainText(value: string): string {
  return value.replace(/\r\n?/g, '\n').normalize('NFC').trim();
}

/** The characters a person counts (grapheme clusters) in the text as it will be stored. */
export function countCharacters(value: string): number {
  let count = 0;
  for (const _ of segmenter.segment(normalizePlainText(value))) count += 1;
  return count;
}

/**
 * Past this many code points per allowed character a text is too long whatever it shows: a
 * character may be built of several (a flag, a family emoji, a letter and its marks), but not
 * of hundreds (the storage bound is ten per character).
 */
export const CODE_POINTS_PER_CHARACTER = 10;

/** Whether a text (as stored) is longer than `max` characters. */
export function isTooLong(value: string, max: number): boolean {
  const text = normalizePlainText(value);
  // Cheap bounds first: UTF-16 units are at most two per code point.
  if (text.length > max * CODE_POINTS_PER_CHARACTER * 2) return true;
  if ([...text].length > max * CODE_POINTS_PER_CHARACTER) return true;
  return countCharacters(text) > max;
}

/**
 * C0 controls (but line breaks and tabs), DEL, the C1 controls, and the bidirectional embedding,
 * override and isolate controls (U+202A–202E, U+2066–2069): with those a text can show its
 * words in another order than they are stored (a name or a preview that reads otherwise).
 */
export function hasControlCharacters(value: string): boolean {
  for (const char of value) {
    if (char === '\n' || char === '\t') continue;
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
  }
  return false;
}
