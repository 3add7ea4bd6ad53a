import type { BackOffice } from '../../app/features/backOffice';
import type { StaffMe } from '../../shared/chat';

/** What every tab of the back office gets: its calls and live socket, and who is signed in. */
export interface PanelProps {
  office: BackOffice;
  me: StaffMe;
}
