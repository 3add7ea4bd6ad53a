import type { OpsAction } from './actionTypes';

/** The back office's members calls (issue 30) and the roles that may make them (./actions.ts). */
export const MEMBERS_ACTIONS: Record<string, OpsAction> = {};
