import type { OpsAction } from './actionTypes';

/** The back office's money calls (issue 30) and the roles that may make them (./actions.ts). */
export const MONEY_ACTIONS: Record<string, OpsAction> = {
  // Aggregate figures with no member in them, re-read live after every money movement:
  // recording each poll would fill the audit trail with nothing anyone needs to trace.
  'GET /ops/dashboard': {
    action: 'dashboard.figures',
    roles: ['admin', 'finance', 'risk'],
    unaudited: true,
  },
};
