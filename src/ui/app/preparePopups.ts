import type { AnnouncementResponse } from '../../shared/announcements';
import { afterFirstScreen } from '../core/firstScreen';
import { AnnouncementPopups } from './sections';

/**
 * Fetches what the pop-ups of an announcements answer need (their section, the sanitiser of
 * their HTML, the after-login board's chunk) once the answer is there and the page under them
 * is drawn (they open over it then: firstScreen.ts), all at once rather than each after the
 * section's first render.
 */
export function preparePopups(answer: AnnouncementResponse | null): void {
  if (!answer || answer.popup.length === 0) return;
  void afterFirstScreen().then(() => fetchPopupCode(answer));
}

function fetchPopupCode(answer: AnnouncementResponse): void {
  void AnnouncementPopups.preload();
  void import('../components/SafeHtml').then((module) => module.loadSanitizer());
  if (answer.popup.some((popup) => popup.execution !== 'B')) {
    // The board's own chunk at once, beside the section's (not after it and its imports).
    void import('../announcements/AnnouncementBoard');
    void import('../announcements/AnnouncementPopups').then((module) =>
      module.preloadAnnouncementBoard(),
    );
  }
}
