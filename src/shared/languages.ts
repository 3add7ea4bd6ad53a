/**
 * The languages whose texts are complete: every key of the interface in both of its locale
 * files (src/i18n/locales, held by tests/unit/i18n/locales.test.ts), each in its own name. Only
 * these may be offered: the configuration refuses any other (server/config/schema.ts), so the
 * selector never offers a language that would show English under its own name (issue 16). The
 * page needs only this table (the long one below stays off its first download).
 */
export const completeLanguageNames = {
  EN: 'English',
  ES: 'Español',
  PT: 'Português',
  KO: '한국어',
  JA: '日本語',
  ZH: '简体中文',
  VI: 'Tiếng Việt',
  TH: 'ไทย',
} as const satisfies Record<string, string>;

export type CompleteLanguage = keyof typeof completeLanguageNames;

export const completeLanguages = Object.keys(completeLanguageNames) as CompleteLanguage[];

export function isCompleteLanguage(code: string): code is CompleteLanguage {
  return Object.hasOwn(completeLanguageNames, code.toUpperCase());
}

/**
 * Every language the platform knows (spec 1: about 35 codes), for the texts an operator writes
 * per language (announcements, help). Codes are upper case as the spec writes them (EN, ES, KO,
 * …); i18next uses them lower-cased.
 */
export const knownLanguages = {
  ...completeLanguageNames,
  TW: '繁體中文',
  ID: 'Bahasa Indonesia',
  MS: 'Bahasa Melayu',
  HI: 'हिन्दी',
  BN: 'বাংলা',
  TA: 'தமிழ்',
  TE: 'తెలుగు',
  UR: 'اردو',
  AR: 'العربية',
  FA: 'فارسی',
  TR: 'Türkçe',
  RU: 'Русский',
  UK: 'Українська',
  PL: 'Polski',
  DE: 'Deutsch',
  FR: 'Français',
  IT: 'Italiano',
  NL: 'Nederlands',
  SV: 'Svenska',
  RO: 'Română',
  EL: 'Ελληνικά',
  CS: 'Čeština',
  HU: 'Magyar',
  KM: 'ខ្មែរ',
  LO: 'ລາວ',
  MY: 'မြန်မာ',
  TL: 'Filipino',
  // TY is named by the spec only as the language that unlocks the bingo (BG) category.
  TY: 'TY',
} as const satisfies Record<string, string>;

export type LanguageCode = keyof typeof knownLanguages;

export function isKnownLanguage(code: string): code is LanguageCode {
  return Object.hasOwn(knownLanguages, code);
}

/**
 * A language's nearest written relatives, tried in order before the brand's default when it is
 * not offered: traditional Chinese reads simplified Chinese (issue 16).
 */
export const languageFallbacks: Readonly<Record<string, readonly string[]>> = {
  TW: ['ZH'],
};

/** The code itself, then its relatives: the order in which a language is looked for. */
export function languageCandidates(code: string): string[] {
  const upper = code.toUpperCase();
  return [upper, ...(languageFallbacks[upper] ?? [])];
}
