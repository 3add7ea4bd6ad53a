import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Turns an error code (envelope `code` or a machine's) into the user's language. */
export function useErrorText(): (code: string | null | undefined) => string | null {
  const { t } = useTranslation();
  return useCallback(
    (code) => (code ? t(`errors.${code}`, { defaultValue: t('errors.unknown') }) : null),
    [t],
  );
}
