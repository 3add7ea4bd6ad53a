import type { SystemStatusResponse } from '../shared/system';
import type { Http } from './http';

export interface HelpTopic {
  id: string;
  title: string;
  content: string;
}

export function createSystemApi(http: Http) {
  return {
    status: () => http.get<SystemStatusResponse>('/wps/system/status'),
    helpCenter: () => http.get<HelpTopic[]>('/wps/system/helpCenter'),
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
