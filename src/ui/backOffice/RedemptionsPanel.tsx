import type { PanelProps } from './panelProps';

/** The back office's redemptions (issue 30). */
export function RedemptionsPanel(_props: PanelProps) {
  return null;
}
