import type { OpsAction } from './actionTypes';

/** The back office's admin calls (issue 30) and the roles that may make them (./actions.ts). */
export const ADMIN_ACTIONS: Record<string, OpsAction> = {
  // Who has which roles, two-factor and when last seen: the admin's alone, and recorded.
  'GET /ops/staff': { action: 'staff.accounts', roles: ['admin'] },
  // The agents' tree and contracts: read by risk (who sets the rates) and finance (who pays
  // the salaries); recorded, as reads of members' data are.
  'GET /ops/agents': { action: 'agents.tree', roles: ['risk', 'finance'] },
  'GET /ops/agents/:account/contracts': { action: 'agents.contracts', roles: ['risk', 'finance'] },
};
