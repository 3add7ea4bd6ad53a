import { useTranslation } from 'react-i18next';
import { StatusScreen } from './StatusScreen';

/** Status 1: title, the local end time when announced, info text, live support. */
export function MaintenanceScreen({ end }: { end: string | null }) {
  const { t, i18n } = useTranslation();
  const endDate = end ? new Date(end) : null;
  const localEnd =
    endDate && !Number.isNaN(endDate.getTime())
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          endDate,
        )
      : null;
  return (
    <StatusScreen testId="maintenance-screen" icon="alert" title={t('system.maintenanceTitle')}>
      {localEnd && (
        <p className="status-end">
          {t('system.maintenanceEnd')} <time dateTime={end ?? undefined}>{localEnd}</time>
        </p>
      )}
      <p>{t('system.maintenanceInfo')}</p>
    </StatusScreen>
  );
}
