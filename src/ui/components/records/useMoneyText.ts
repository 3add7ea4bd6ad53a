import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseSignedMoney } from '../../../shared/money';

/**
 * A wire amount ("-15.00") for people: two decimals, separators of the page's language. A text
 * that is not an amount is shown as it came: a display helper never takes a page down (the
 * back office's approvals once passed it "1.50 %").
 */
export function useMoneyText(): (amount: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (amount: string) => {
      try {
        return formatMoney(parseSignedMoney(amount), i18n.language);
      } catch {
        return amount;
      }
    },
    [i18n.language],
  );
}
