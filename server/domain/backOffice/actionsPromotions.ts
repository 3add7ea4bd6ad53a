import type { OpsAction } from './actionTypes';

/**
 * The back office's promotion pages (issue 30) and the roles that may use them (./actions.ts):
 * reading a definition is for those who read the list; the returns budget's verdict is a read
 * too (it saves nothing), for marketing who writes promotions and risk who answers for returns.
 */
export const PROMOTIONS_ACTIONS: Record<string, OpsAction> = {
  'GET /ops/promotions/:code': {
    action: 'promotions.read',
    roles: ['marketing', 'finance', 'risk'],
  },
  'POST /ops/promotions/check': { action: 'promotions.check', roles: ['marketing', 'risk'] },
  // The economics figures (issue 30: risk reads them; marketing and finance plan with them).
  'GET /ops/economics': {
    action: 'economics.read',
    roles: ['risk', 'marketing', 'finance'],
  },
  'GET /ops/goods': { action: 'goods.list', roles: ['marketing', 'finance'] },
  // VIP levels and missions (server/domain/backOffice/economySettings.ts): a change that pays
  // more (a higher rebate or reward, a lower threshold) waits for a second person.
  'GET /ops/settings/economy': {
    action: 'settings.read',
    roles: ['marketing', 'finance', 'risk'],
  },
  'POST /ops/settings/economy/check': {
    action: 'settings.check',
    roles: ['marketing', 'risk'],
    unaudited: true,
  },
  'POST /ops/settings/economy': {
    action: 'settings.save',
    roles: ['marketing'],
    fourEyes: 'economySettings',
  },
};
