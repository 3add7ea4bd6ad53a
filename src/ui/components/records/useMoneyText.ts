import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseSignedMoney } from '../../../shared/money';

/** A wire amount ("-15.00") for people: two decimals, separators of the page's language. */
export function useMoneyText(): (amount: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (amount: string) => formatMoney(parseSignedMoney(amount), i18n.language),
    [i18n.language],
  );
}
