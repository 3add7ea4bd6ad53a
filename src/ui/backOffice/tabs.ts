import type { ComponentType } from 'react';
import type { StaffRole } from '../../shared/staffRoles';
import { AgentsPanel } from './AgentsPanel';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import { ApprovalsPanel } from './ApprovalsPanel';
import { AuditPanel } from './AuditPanel';
import { DashboardPanel } from './DashboardPanel';
import { EconomicsPanel } from './EconomicsPanel';
import { FeedbackPanel } from './FeedbackPanel';
import { GoodsPanel } from './GoodsPanel';
import { MembersPanel } from './MembersPanel';
import { PromotionsPanel } from './PromotionsPanel';
import { RedemptionsPanel } from './RedemptionsPanel';
import { StaffPanel } from './StaffPanel';
import { SystemPanel } from './SystemPanel';
import { VipMissionsPanel } from './VipMissionsPanel';
import { WithdrawalsPanel } from './WithdrawalsPanel';
import type { PanelProps } from './panelProps';

export interface BackOfficeTab {
  /** Its address: /backoffice/<id>. */
  id: string;
  /**
   * Who sees the tab. The server checks every call (server/domain/backOffice/actions.ts); the
   * tabs only leave out what it would refuse.
   */
  roles: readonly StaffRole[];
  Panel: ComponentType<PanelProps>;
}

/** The back office's tabs, in the order they are shown (the first one a role sees opens). */
export const BACK_OFFICE_TABS: readonly BackOfficeTab[] = [
  { id: 'dashboard', roles: ['admin', 'finance', 'risk'], Panel: DashboardPanel },
  { id: 'withdrawals', roles: ['finance'], Panel: WithdrawalsPanel },
  { id: 'approvals', roles: ['admin', 'finance', 'marketing', 'risk'], Panel: ApprovalsPanel },
  { id: 'members', roles: ['risk', 'support'], Panel: MembersPanel },
  { id: 'feedback', roles: ['support'], Panel: FeedbackPanel },
  { id: 'promotions', roles: ['marketing', 'finance', 'risk'], Panel: PromotionsPanel },
  { id: 'goods', roles: ['marketing', 'finance'], Panel: GoodsPanel },
  { id: 'redemptions', roles: ['marketing', 'finance'], Panel: RedemptionsPanel },
  { id: 'announcements', roles: ['marketing', 'support'], Panel: AnnouncementsPanel },
  { id: 'vip', roles: ['marketing', 'finance', 'risk'], Panel: VipMissionsPanel },
  { id: 'economics', roles: ['risk', 'marketing', 'finance'], Panel: EconomicsPanel },
  { id: 'agents', roles: ['risk', 'finance'], Panel: AgentsPanel },
  { id: 'staff', roles: ['admin'], Panel: StaffPanel },
  { id: 'system', roles: ['admin'], Panel: SystemPanel },
  { id: 'audit', roles: ['admin', 'risk'], Panel: AuditPanel },
];
