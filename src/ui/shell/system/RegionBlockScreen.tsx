import { useTranslation } from 'react-i18next';
import { StatusScreen } from './StatusScreen';

/** Status 2: the visitor's IP, the block message, live support. */
export function RegionBlockScreen({ ip }: { ip: string }) {
  const { t } = useTranslation();
  return (
    <StatusScreen testId="region-block-screen" icon="globe" title={t('system.regionTitle')}>
      <p>
        {t('system.yourIp')} <strong data-testid="visitor-ip">{ip}</strong>
      </p>
      <p>{t('system.regionInfo')}</p>
    </StatusScreen>
  );
}
