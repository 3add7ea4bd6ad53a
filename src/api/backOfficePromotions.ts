import type {
  GoodsInput,
  OpsGoodsRow,
  OpsPromotionRow,
  PromotionBudgetVerdict,
  PromotionDefinitionInput,
  ReturnsBudgetView,
} from '../shared/backOfficePromotions';
import type { ApprovalView } from '../shared/backOffice';
import type { EconomySettingsView, SettingsVerdict } from '../shared/backOfficeSettings';
import type { Http } from './http';

/**
 * The back office's promotion calls (issue 30): the list, one definition, the returns budget's
 * verdict on a draft, save (create or update: the server checks the budget again as it saves)
 * and close.
 */
export function createPromotionsApi(http: Http, _token: () => string | null) {
  return {
    list(signal?: AbortSignal): Promise<OpsPromotionRow[]> {
      return http.get('/ops/promotions', { signal });
    },
    definition(
      code: string,
      signal?: AbortSignal,
    ): Promise<{ definition: PromotionDefinitionInput; closedAt: string | null }> {
      return http.get(`/ops/promotions/${encodeURIComponent(code)}`, { signal });
    },
    check(definition: PromotionDefinitionInput): Promise<PromotionBudgetVerdict> {
      return http.post('/ops/promotions/check', { definition });
    },
    save(
      mode: 'create' | 'update',
      definition: PromotionDefinitionInput,
    ): Promise<{ code: string; created: boolean } | { pending: ApprovalView }> {
      // Above backOffice.approvals' amounts the save waits for a second person (202).
      return http.post('/ops/promotions', { mode, definition });
    },
    close(code: string): Promise<{ code: string; closed: boolean }> {
      return http.post(`/ops/promotions/${encodeURIComponent(code)}/close`, {});
    },
    /** The returns budget as the platform runs it: every game type at every VIP level. */
    economics(signal?: AbortSignal): Promise<ReturnsBudgetView> {
      return http.get('/ops/economics', { signal });
    },
    goods(signal?: AbortSignal): Promise<OpsGoodsRow[]> {
      return http.get('/ops/goods', { signal });
    },
    /** Creates or replaces a good by its code (stock as given: what is left to redeem). */
    saveGoods(goods: GoodsInput): Promise<{ code: string; created: boolean }> {
      return http.post('/ops/goods', goods);
    },
    /** The VIP levels and missions in force, with the version a save names. */
    settings(signal?: AbortSignal): Promise<EconomySettingsView> {
      return http.get('/ops/settings/economy', { signal });
    },
    /** The returns budget's verdict on a draft of them (saves nothing). */
    checkSettings(
      draft: Pick<EconomySettingsView, 'vip' | 'missions' | 'version'>,
    ): Promise<SettingsVerdict> {
      return http.post('/ops/settings/economy/check', draft);
    },
    /** Saves them; a change that pays more answers the approval that waits (202). */
    saveSettings(
      draft: Pick<EconomySettingsView, 'vip' | 'missions' | 'version'>,
    ): Promise<EconomySettingsView | { pending: ApprovalView }> {
      return http.post('/ops/settings/economy', draft);
    },
  };
}

export type PromotionsApi = ReturnType<typeof createPromotionsApi>;
