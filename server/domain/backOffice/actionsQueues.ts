import type { OpsAction } from './actionTypes';

/** The back office's queues calls (issue 30) and the roles that may make them (./actions.ts). */
export const QUEUES_ACTIONS: Record<string, OpsAction> = {};
