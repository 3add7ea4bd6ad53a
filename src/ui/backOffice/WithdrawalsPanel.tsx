import type { PanelProps } from './panelProps';

/** The back office's withdrawals (issue 30). */
export function WithdrawalsPanel(_props: PanelProps) {
  return null;
}
