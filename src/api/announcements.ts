import {
  ANNOUNCEMENTS_RELAY,
  SPEC_ANNOUNCEMENT_TYPES,
  type AnnouncementResponse,
  type AnnouncementType,
  type PopupExecution,
} from '../shared/announcements';
import type { Http } from './http';

export type {
  AnnouncementItem,
  AnnouncementPopup,
  AnnouncementResponse,
  Banner,
} from '../shared/announcements';

/** MCSFE_getListAnnouncements (spec 7: types B,PL,PU,PR, platform W, execution B). */
export function createAnnouncementsApi(http: Http) {
  return {
    list: (query: {
      language: string;
      types?: readonly AnnouncementType[];
      execution?: readonly PopupExecution[];
    }) =>
      http.get<AnnouncementResponse>(`/wps/relay/${ANNOUNCEMENTS_RELAY}`, {
        searchParams: {
          types: (query.types ?? SPEC_ANNOUNCEMENT_TYPES).join(','),
          platform: 'W',
          execution: (query.execution ?? ['B']).join(','),
          language: query.language,
        },
      }),
  };
}

export type AnnouncementsApi = ReturnType<typeof createAnnouncementsApi>;
