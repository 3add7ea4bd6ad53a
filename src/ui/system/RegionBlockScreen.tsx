import { useTranslation } from 'react-i18next';
import { LiveSupportButton } from './LiveSupportButton';

/** Status 2: the visitor's IP, the block message, live support. */
export function RegionBlockScreen({ ip }: { ip: string }) {
  const { t } = useTranslation();
  return (
    <main
      className="status-screen"
      data-testid="region-block-screen"
      aria-labelledby="region-title"
    >
      <div className="status-icon" aria-hidden="true">
        🌐
      </div>
      <h1 id="region-title">{t('system.regionTitle')}</h1>
      <p>
        {t('system.yourIp')} <strong data-testid="visitor-ip">{ip}</strong>
      </p>
      <p>{t('system.regionInfo')}</p>
      <LiveSupportButton />
    </main>
  );
}
