/**
 * A country's name in the page's language from its ISO 3166-1 alpha-2 code (the browser's own
 * names, Intl.DisplayNames: nothing to translate); the code itself where the browser has none.
 */
export function countryNamer(language: string): (code: string) => string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'code' });
  } catch {
    names = null;
  }
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}
