import type { PanelProps } from './panelProps';

/** The back office's announcements (issue 30). */
export function AnnouncementsPanel(_props: PanelProps) {
  return null;
}
