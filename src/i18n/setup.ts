import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { completeLanguages } from '../shared/languages';
import { formatPercent } from '../shared/percent';

type LocaleModule = { default: Record<string, unknown> };

// Each language is its own chunk, fetched only when chosen; English is the fallback for keys
// a language does not have (most of the ~35 codes ship partly or not at all).
const locales = import.meta.glob<LocaleModule>('./locales/*.json');
/**
 * The texts only the member centre, the back office and the forms use (member, withdraw,
 * agentOffice, contracts, salary, pattern, pager): a second namespace, fetched with the first
 * section that needs it, so the first page's download carries none of them (its budget is
 * 150 KB). Keys are not prefixed: `fallbackNS` finds them here.
 */
const sectionLocales = import.meta.glob<LocaleModule>('./locales/sections/*.json');
export const SECTIONS_NAMESPACE = 'sections';

export const FALLBACK_LANGUAGE = 'en';

export async function setupI18n(language: string): Promise<i18n> {
  await i18next
    .use(initReactI18next)
    .use(
      resourcesToBackend(async (lng: string, namespace: string) => {
        const load =
          namespace === SECTIONS_NAMESPACE
            ? sectionLocales[`./locales/sections/${lng}.json`]
            : locales[`./locales/${lng}.json`];
        return load ? (await load()).default : {};
      }),
    )
    .init({
      lng: language.toLowerCase(),
      fallbackLng: FALLBACK_LANGUAGE,
      // Only complete languages are offered (issue 16); another never gets this far.
      supportedLngs: completeLanguages.map((code) => code.toLowerCase()),
      ns: ['translation'],
      defaultNS: 'translation',
      fallbackNS: SECTIONS_NAMESPACE,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  // `{{rate, percent}}`: a rate in percent points, written the language's way ("1,00 %").
  i18next.services.formatter?.add('percent', (value: unknown, lng: string | undefined) =>
    typeof value === 'string' || typeof value === 'number'
      ? formatPercent(value, lng ?? FALLBACK_LANGUAGE)
      : String(value),
  );
  document.documentElement.lang = language.toLowerCase();
  // ar, fa, ur and the other right-to-left scripts lay the page out from the right.
  document.documentElement.dir = i18next.dir(language.toLowerCase());
  return i18next;
}

/**
 * Fetches the sections' texts (current and fallback language) once; later language changes
 * fetch them with the rest, since i18next reloads every namespace it has loaded.
 */
export function loadSectionTexts(): Promise<void> {
  return i18next.loadNamespaces(SECTIONS_NAMESPACE);
}
