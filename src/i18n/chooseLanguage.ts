/**
 * Spec 9: "Default language from local storage (hisLang) else brand default; chosen from
 * device language among supported, fallback default". Codes are upper case (EN, ES, …).
 */
export interface LanguageChoiceInput {
  stored: string | null;
  deviceLanguages: readonly string[];
  supported: readonly string[];
  brandDefault: string;
}

/** Device tags that do not map to their first subtag. */
const deviceAliases: Record<string, string> = {
  'ZH-TW': 'TW',
  'ZH-HK': 'TW',
  'ZH-HANT': 'TW',
  FIL: 'TL',
  NB: 'NO',
};

export function deviceLanguageCode(tag: string): string {
  const upper = tag.toUpperCase();
  return deviceAliases[upper] ?? upper.split('-')[0] ?? upper;
}

export function chooseLanguage(input: LanguageChoiceInput): string {
  const supported = new Set(input.supported);
  if (input.stored && supported.has(input.stored.toUpperCase())) return input.stored.toUpperCase();
  for (const tag of input.deviceLanguages) {
    const code = deviceLanguageCode(tag);
    if (supported.has(code)) return code;
  }
  return input.brandDefault;
}

/** Local-storage keys the spec names: both hold the last chosen language. */
export const LANGUAGE_KEYS = ['lang', 'hisLang'] as const;
