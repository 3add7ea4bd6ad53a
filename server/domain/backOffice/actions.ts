import type { StaffRole } from '../../../src/shared/staffRoles';
import type { OpsAction } from './actionTypes';
import { ADMIN_ACTIONS } from './actionsAdmin';
import { MEMBERS_ACTIONS } from './actionsMembers';
import { MONEY_ACTIONS } from './actionsMoney';
import { PROMOTIONS_ACTIONS } from './actionsPromotions';
import { QUEUES_ACTIONS } from './actionsQueues';

/**
 * Every back-office call (`/ops/*`) and the roles that may make it (issue 30): checked on the
 * server for each request before the route runs, and walked role × action by
 * tests/server/backOffice/roleMatrix.test.ts. A route without an entry here is refused at
 * start-up, so a new call cannot slip in unguarded. The command line (`npm run ops`, the
 * operator's token on this machine) may make every call and is attributed as `cli:<user>`.
 *
 * Least privilege: support reads members' responsible-gaming state and answers feedback but
 * changes no member; the outbox (members' login codes) is the admin's alone; nobody but finance
 * moves money.
 */
export type { OpsAction } from './actionTypes';

const ALL: readonly StaffRole[] = ['admin', 'finance', 'marketing', 'risk', 'support'];

export const OPS_ACTIONS: Record<string, OpsAction> = {
  'GET /ops/maintenance': { action: 'system.status', roles: ALL, unaudited: true },
  'POST /ops/maintenance': { action: 'system.maintenance', roles: ['admin'] },
  'GET /ops/outbox': { action: 'outbox.read', roles: ['admin'] },
  'GET /ops/limits': { action: 'system.limits', roles: ['admin', 'risk'], unaudited: true },

  'GET /ops/support/staff': { action: 'staff.list', roles: ['admin'] },
  'POST /ops/support/staff': { action: 'staff.add', roles: ['admin'] },
  'POST /ops/support/staff/:name/password': { action: 'staff.password', roles: ['admin'] },
  'POST /ops/support/staff/:name/status': { action: 'staff.status', roles: ['admin'] },
  'POST /ops/staff/:name/roles': { action: 'staff.roles', roles: ['admin'] },
  'POST /ops/staff/:name/two-factor/reset': { action: 'staff.twoFactorReset', roles: ['admin'] },

  'GET /ops/audit': { action: 'audit.read', roles: ['admin', 'risk'] },
  'GET /ops/audit/verify': { action: 'audit.verify', roles: ['admin', 'risk'] },
  'GET /ops/audit.csv': { action: 'audit.export', roles: ['admin', 'risk'] },

  'GET /ops/withdrawals': { action: 'withdrawals.list', roles: ['finance'] },
  'POST /ops/withdrawals/:id': {
    action: 'withdrawals.decide',
    roles: ['finance'],
    fourEyes: 'withdrawalPayout',
  },
  'POST /ops/jobs/withdrawal-auto-confirm': {
    action: 'withdrawals.autoConfirm',
    roles: ['finance'],
  },
  'POST /ops/bonus': { action: 'bonus.grant', roles: ['finance'], fourEyes: 'bonus' },
  'POST /ops/rg/payout': { action: 'rg.payout', roles: ['finance'], fourEyes: 'rgPayout' },
  'GET /ops/approvals': {
    action: 'approvals.list',
    roles: ['admin', 'finance', 'marketing', 'risk'],
  },
  'POST /ops/approvals/:id/:decision': {
    action: 'approvals.decide',
    roles: ['finance', 'marketing', 'risk'],
  },

  'GET /ops/promotions': { action: 'promotions.list', roles: ['marketing', 'finance', 'risk'] },
  'POST /ops/promotions': {
    action: 'promotions.save',
    roles: ['marketing'],
    fourEyes: 'promotion',
  },
  'POST /ops/promotions/:code/close': { action: 'promotions.close', roles: ['marketing'] },
  'GET /ops/applications': { action: 'promotions.applications', roles: ['marketing'] },
  'POST /ops/applications': { action: 'promotions.decide', roles: ['marketing'] },
  'GET /ops/announcements': { action: 'announcements.list', roles: ['marketing', 'support'] },
  'POST /ops/announcements': { action: 'announcements.create', roles: ['marketing'] },
  'POST /ops/announcements/:id/end': { action: 'announcements.end', roles: ['marketing'] },
  'POST /ops/goods': { action: 'goods.save', roles: ['marketing'] },
  'GET /ops/redemptions': { action: 'redemptions.list', roles: ['marketing', 'finance'] },
  'POST /ops/redemptions/:id/:decision': { action: 'redemptions.decide', roles: ['marketing'] },

  'GET /ops/rg/:account': { action: 'rg.read', roles: ['risk', 'support'] },
  'POST /ops/rg/extend': { action: 'rg.extend', roles: ['risk'] },
  'GET /ops/agents/:account/rates': { action: 'agents.rates', roles: ['risk', 'finance'] },
  'POST /ops/agents/rate': { action: 'agents.rate', roles: ['risk'], fourEyes: 'agentRate' },
  'POST /ops/members/:account/password': { action: 'members.password', roles: ['risk'] },
  'POST /ops/members/:account/status': { action: 'members.status', roles: ['risk'] },

  'GET /ops/feedback': { action: 'feedback.list', roles: ['support'] },
  'GET /ops/feedback/:id': { action: 'feedback.read', roles: ['support'] },
  'GET /ops/feedback/:id/images/:position': { action: 'feedback.image', roles: ['support'] },
  'POST /ops/feedback/:id/answer': { action: 'feedback.answer', roles: ['support'] },
  // The back office's pages, by area.
  ...MONEY_ACTIONS,
  ...MEMBERS_ACTIONS,
  ...QUEUES_ACTIONS,
  ...ADMIN_ACTIONS,
  ...PROMOTIONS_ACTIONS,
};

/** The entry for a route (`POST`, `/ops/withdrawals/:id`), or null. */
export function opsActionOf(method: string, url: string): OpsAction | null {
  return OPS_ACTIONS[`${method.toUpperCase()} ${url}`] ?? null;
}

/** The entry of an action by its name (`bonus.grant`), or null. */
export function opsActionNamed(name: string): OpsAction | null {
  return Object.values(OPS_ACTIONS).find((entry) => entry.action === name) ?? null;
}
