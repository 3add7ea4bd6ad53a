import { useTranslation } from 'react-i18next';
import { LiveSupportButton } from './LiveSupportButton';

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
    <main
      className="status-screen"
      data-testid="maintenance-screen"
      aria-labelledby="maintenance-title"
    >
      <div className="status-icon" aria-hidden="true">
        🛠
      </div>
      <h1 id="maintenance-title">{t('system.maintenanceTitle')}</h1>
      {localEnd && (
        <p className="status-end">
          {t('system.maintenanceEnd')} <time dateTime={end ?? undefined}>{localEnd}</time>
        </p>
      )}
      <p>{t('system.maintenanceInfo')}</p>
      <LiveSupportButton />
    </main>
  );
}
