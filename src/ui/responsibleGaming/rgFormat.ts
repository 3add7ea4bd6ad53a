import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../shared/money';
import type { ExclusionRefusal, LimitRefusal } from '../../shared/responsibleGaming';

/** How the responsible-gaming views write money, dates and durations in the page's language. */
export function useRgFormat() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const dates = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
    [language],
  );
  const money = useCallback(
    (text: string) => formatMoney(parseMoney(text.replace(/^-/, '')), language),
    [language],
  );
  return useMemo(
    () => ({
      money,
      /** A signed result: "-12.50" → "−12.50", "+3.00". */
      signedMoney: (text: string) =>
        text.startsWith('-')
          ? `−${money(text)}`
          : text === '0.00'
            ? money(text)
            : `+${money(text)}`,
      date: (iso: string) => dates.format(new Date(iso)),
      duration: (minutes: number) =>
        minutes >= 60
          ? t('rg.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
          : t('rg.minutesOnly', { minutes }),
    }),
    [dates, money, t],
  );
}

/**
 * The player's words for a refusal of the responsible-gaming rules, or null when `error` (an
 * ApiError, or any `{ code, value }`) is none of them: "Your daily deposit limit of 100.00
 * leaves 20.00 today."
 */
export function useRgRefusalText(): (error: unknown) => string | null {
  const { t } = useTranslation();
  const format = useRgFormat();
  return useCallback(
    (failure: unknown) => {
      if (typeof failure !== 'object' || failure === null) return null;
      const error = failure as { code?: unknown; value?: unknown };
      if (typeof error.code !== 'string') return null;
      if (['rg_deposit_limit', 'rg_loss_limit', 'rg_wager_limit'].includes(error.code)) {
        const refusal = error.value as LimitRefusal | null;
        if (!refusal) return null;
        return t(`rg.refusal_${refusal.kind}_${refusal.period}`, {
          limit: format.money(refusal.limit),
          left: format.money(refusal.left),
        });
      }
      if (error.code === 'rg_excluded') {
        const refusal = error.value as ExclusionRefusal | null;
        if (!refusal) return null;
        return refusal.endsAt
          ? t(`auth.excludedUntil_${refusal.kind}`, { end: format.date(refusal.endsAt) })
          : t('auth.excludedForever');
      }
      if (error.code === 'rg_session_limit') {
        const minutes = (error.value as { minutes?: number } | null)?.minutes;
        return minutes ? t('rg.sessionLimitReached', { minutes }) : null;
      }
      return null;
    },
    [format, t],
  );
}
