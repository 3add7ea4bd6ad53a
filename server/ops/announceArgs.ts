/**
 * `--title EN=Hello --title ES=Hola` → { EN: 'Hello', ES: 'Hola' }. The language code is
 * upper-cased; the server checks the codes and that English is there.
 */
export function perLanguage(option: string, entries: readonly string[]): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const entry of entries) {
    const match = /^([A-Za-z]{2}(?:[-_][A-Za-z]{2})?)=([\s\S]*)$/.exec(entry);
    if (!match) throw new Error(`--${option} ${entry}: write it as LANG=text, e.g. EN="Hello"`);
    const code = match[1]!.toUpperCase().replace('-', '_');
    if (Object.hasOwn(texts, code)) throw new Error(`--${option}: ${code} given twice`);
    texts[code] = match[2]!;
  }
  return texts;
}
