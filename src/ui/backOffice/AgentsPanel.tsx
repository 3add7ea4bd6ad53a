import type { PanelProps } from './panelProps';

/** The back office's agents (issue 30). */
export function AgentsPanel(_props: PanelProps) {
  return null;
}
