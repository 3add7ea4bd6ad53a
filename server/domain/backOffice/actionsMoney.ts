import type { OpsAction } from './actionTypes';

/** The back office's money calls (issue 30) and the roles that may make them (./actions.ts). */
export const MONEY_ACTIONS: Record<string, OpsAction> = {};
