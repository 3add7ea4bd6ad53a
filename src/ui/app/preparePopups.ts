import type { AnnouncementResponse } from '../../shared/announcements';
import { AnnouncementPopups } from './sections';

/**
 * Fetches what the pop-ups of an announcements answer need (their section, the sanitiser of
 * their HTML, the after-login board's chunk) as soon as the answer is there, all at once rather
 * than each after the section's first render: on a phone the after-login popup is a full-height
 * sheet, what the member sees first (and Lighthouse's largest paint when it opens late), so it
 * does not wait for the first screen as the page's other extras do (firstScreen.ts).
 */
export function preparePopups(answer: AnnouncementResponse | null): void {
  if (!answer || answer.popup.length === 0) return;
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
