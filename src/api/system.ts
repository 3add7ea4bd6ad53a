import { STATUS_PATH } from '../shared/bootAnswers';
import type { HelpCentre } from '../shared/help';
import type { SystemStatusResponse } from '../shared/system';
import type { Http } from './http';

export function createSystemApi(http: Http) {
  return {
    status: () => http.get<SystemStatusResponse>(STATUS_PATH),
    /** The help centre in `language` (EN, es, zh-TW…); the answer says which it is written in. */
    helpCenter: (language: string, signal?: AbortSignal) =>
      http.get<HelpCentre>('/wps/system/helpCenter', { searchParams: { lang: language }, signal }),
    /** True when the server runs with the development tools (only then is /wps/dev there). */
    devToolsEnabled: () =>
      http.get<{ enabled: boolean }>('/wps/dev/enabled').then(
        (value) => value.enabled,
        () => false,
      ),
    updateLanguage: (language: string) =>
      http.put<{ language: string }>('/wps/system/language', { language }),
  };
}

export type SystemApi = ReturnType<typeof createSystemApi>;
