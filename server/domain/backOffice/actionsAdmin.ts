import type { OpsAction } from './actionTypes';

/** The back office's admin calls (issue 30) and the roles that may make them (./actions.ts). */
export const ADMIN_ACTIONS: Record<string, OpsAction> = {};
