import type { PanelProps } from './panelProps';

/** The back office's promotions (issue 30). */
export function PromotionsPanel(_props: PanelProps) {
  return null;
}
