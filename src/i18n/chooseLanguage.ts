import { languageCandidates } from '../shared/languages';

/**
 * Spec 9: "Default language from local storage (hisLang) else brand default; chosen from
 * device language among supported, fallback default". Codes are upper case (EN, ES, …). A
 * stored or device language the brand does not offer counts as its nearest offered relative
 * (traditional Chinese as simplified Chinese) before the next device language (issue 16).
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
  const offered = (code: string) =>
    languageCandidates(code).find((candidate) => supported.has(candidate));
  const stored = input.stored ? offered(deviceLanguageCode(input.stored)) : undefined;
  if (stored) return stored;
  for (const tag of input.deviceLanguages) {
    const code = offered(deviceLanguageCode(tag));
    if (code) return code;
  }
  return input.brandDefault;
}

/** Local-storage keys the spec names: both hold the last chosen language. */
export const LANGUAGE_KEYS = ['lang', 'hisLang'] as const;
