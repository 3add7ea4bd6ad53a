import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../shared/money';

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
