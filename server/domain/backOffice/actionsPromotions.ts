import type { OpsAction } from './actionTypes';

/** The back office's promotions calls (issue 30) and the roles that may make them (./actions.ts). */
export const PROMOTIONS_ACTIONS: Record<string, OpsAction> = {};
