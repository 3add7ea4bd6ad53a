import type { PanelProps } from './panelProps';

/** The back office's feedback (issue 30). */
export function FeedbackPanel(_props: PanelProps) {
  return null;
}
