import type { PanelProps } from './panelProps';

/** The back office's system (issue 30). */
export function SystemPanel(_props: PanelProps) {
  return null;
}
