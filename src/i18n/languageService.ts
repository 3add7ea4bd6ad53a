import type { i18n } from 'i18next';
import { Subject } from 'rxjs';
import type { SystemApi } from '../api/system';
import { LANGUAGE_KEYS } from './chooseLanguage';

/**
 * Changing the language (spec 4): store it under `lang` and `hisLang`, switch the texts at
 * once, tell the server, and announce it on `changed$` so language-dependent data (hot games,
 * winners, vendors, help) reloads.
 */
export function createLanguageService(deps: {
  i18n: i18n;
  systemApi: SystemApi;
  storage: Storage;
}) {
  const changed$ = new Subject<string>();
  const current = (): string => deps.i18n.language.toUpperCase();

  return {
    current,
    changed$: changed$.asObservable(),
    async change(code: string): Promise<void> {
      const upper = code.toUpperCase();
      if (upper === current()) return;
      for (const key of LANGUAGE_KEYS) deps.storage.setItem(key, upper);
      await deps.i18n.changeLanguage(upper.toLowerCase());
      document.documentElement.lang = upper.toLowerCase();
      document.documentElement.dir = deps.i18n.dir(upper.toLowerCase());
      changed$.next(upper);
      // The UI has already switched; the server learning of it may fail without harm.
      await deps.systemApi.updateLanguage(upper).catch(() => undefined);
    },
  };
}

export type LanguageService = ReturnType<typeof createLanguageService>;
