import type { PanelProps } from './panelProps';

/** The back office's dashboard (issue 30). */
export function DashboardPanel(_props: PanelProps) {
  return null;
}
