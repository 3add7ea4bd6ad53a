import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { knownLanguages } from '../shared/languages';

type LocaleModule = { default: Record<string, unknown> };

// Each language is its own chunk, fetched only when chosen; English is the fallback for keys
// a language does not have yet (most of the ~35 codes ship partly or not at all).
const locales = import.meta.glob<LocaleModule>('./locales/*.json');

export const FALLBACK_LANGUAGE = 'en';

export async function setupI18n(language: string): Promise<i18n> {
  await i18next
    .use(initReactI18next)
    .use(
      resourcesToBackend(async (lng: string) => {
        const load = locales[`./locales/${lng}.json`];
        return load ? (await load()).default : {};
      }),
    )
    .init({
      lng: language.toLowerCase(),
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: Object.keys(knownLanguages).map((code) => code.toLowerCase()),
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = language.toLowerCase();
  return i18next;
}
