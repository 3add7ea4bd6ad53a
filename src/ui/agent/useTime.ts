import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** An instant for people, in the page's language and the device's time zone. */
export function useTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback((iso: string) => new Date(iso).toLocaleString(i18n.language), [i18n.language]);
}
