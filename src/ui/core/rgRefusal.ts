import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../shared/money';
import type {
  ExclusionRefusal,
  LimitRefusal,
  SessionBreakRefusal,
  SessionLimitRefusal,
} from '../../shared/responsibleGaming';

/**
 * The player's words for a refusal of the responsible-gaming rules (issue 17), or null when
 * `failure` (an ApiError, or any `{ code, value }`) is none of them: "Your daily deposit limit
 * of 100.00 leaves 20.00 today." Here, not in the responsible-gaming feature, because the login
 * form, the deposit page and the game page need it and must not bring that feature's pages
 * into their own downloads. The limits' texts are the sections' (the game page and the member
 * centre have them); the exclusion's are the first page's (the login form).
 */
export function useRgRefusalText(): (failure: unknown) => string | null {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const dates = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
    [language],
  );
  return useCallback(
    (failure: unknown) => {
      if (typeof failure !== 'object' || failure === null) return null;
      const error = failure as { code?: unknown; value?: unknown };
      if (typeof error.code !== 'string') return null;
      const money = (text: string) => formatMoney(parseMoney(text), language);
      if (['rg_deposit_limit', 'rg_loss_limit', 'rg_wager_limit'].includes(error.code)) {
        const refusal = error.value as LimitRefusal | null;
        if (!refusal) return null;
        return t(`rg.refusal_${refusal.kind}_${refusal.period}`, {
          limit: money(refusal.limit),
          left: money(refusal.left),
        });
      }
      if (error.code === 'rg_excluded') {
        const refusal = error.value as ExclusionRefusal | null;
        if (!refusal) return null;
        return refusal.endsAt
          ? t(`auth.excludedUntil_${refusal.kind}`, {
              end: dates.format(new Date(refusal.endsAt)),
            })
          : t('auth.excludedForever');
      }
      if (error.code === 'rg_session_limit') {
        const refusal = error.value as Partial<SessionLimitRefusal> | null;
        if (!refusal?.minutes || !refusal.breakEndsAt) return null;
        return t('rg.sessionLimitReached', {
          minutes: refusal.minutes,
          end: dates.format(new Date(refusal.breakEndsAt)),
        });
      }
      if (error.code === 'rg_session_break') {
        const refusal = error.value as Partial<SessionBreakRefusal> | null;
        if (!refusal?.minutes || !refusal.endsAt) return null;
        return t('auth.sessionBreakUntil', {
          minutes: refusal.minutes,
          end: dates.format(new Date(refusal.endsAt)),
        });
      }
      return null;
    },
    [dates, language, t],
  );
}
