import type { OpsAction } from './actionTypes';

/**
 * The back office's members calls (issue 30) and the roles that may make them (./actions.ts).
 * Reading a member is recorded in the audit trail as every call is; support reads with contact
 * details, addresses and devices masked (server/http/ops/memberDetailRoutes.ts); finance reads
 * only the ledger, beside a withdrawal it decides.
 */
export const MEMBERS_ACTIONS: Record<string, OpsAction> = {
  'GET /ops/members': { action: 'members.search', roles: ['risk', 'support'] },
  'GET /ops/members/:account': { action: 'members.read', roles: ['risk', 'support'] },
  'GET /ops/members/:account/ledger': {
    action: 'members.ledger',
    roles: ['finance', 'risk', 'support'],
  },
  'POST /ops/members/:account/notes': { action: 'members.note', roles: ['risk', 'support'] },
};
