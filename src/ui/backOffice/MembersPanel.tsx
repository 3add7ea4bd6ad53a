import type { PanelProps } from './panelProps';

/** The back office's members (issue 30). */
export function MembersPanel(_props: PanelProps) {
  return null;
}
