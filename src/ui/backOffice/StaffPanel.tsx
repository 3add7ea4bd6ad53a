import type { PanelProps } from './panelProps';

/** The back office's staff (issue 30). */
export function StaffPanel(_props: PanelProps) {
  return null;
}
