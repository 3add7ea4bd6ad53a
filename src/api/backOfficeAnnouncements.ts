import type { OperatorAnnouncement } from '../shared/announcements';
import type { AnnouncementInput } from '../shared/backOfficeAnnouncements';
import type { Http } from './http';

/**
 * The back office's announcement calls (issue 30): the list (ended ones with `all`), create
 * one, end one now. Marketing writes, support reads (the server checks).
 */
export function createAnnouncementsApi(http: Http, _token: () => string | null) {
  return {
    list(all: boolean, signal?: AbortSignal): Promise<OperatorAnnouncement[]> {
      return http.get(`/ops/announcements?all=${all ? 'true' : 'false'}`, { signal });
    },
    create(input: AnnouncementInput): Promise<OperatorAnnouncement> {
      return http.post('/ops/announcements', input);
    },
    end(id: string): Promise<OperatorAnnouncement> {
      return http.post(`/ops/announcements/${encodeURIComponent(id)}/end`, {});
    },
  };
}

export type AnnouncementsApi = ReturnType<typeof createAnnouncementsApi>;
