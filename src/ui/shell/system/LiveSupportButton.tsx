import { useTranslation } from 'react-i18next';
import { revealCustomerServicePath } from '../../../shared/customerService';
import { useSiteInfo } from '../../core/SiteInfoContext';

/** Opens the first configured customer-service link (offered on every blocking screen). */
export function LiveSupportButton() {
  const { t } = useTranslation();
  const url = useSiteInfo()
    .info.customerService.map(revealCustomerServicePath)
    .find((candidate) => candidate !== null);
  if (!url) return null;
  return (
    <a className="button primary" href={url} target="_blank" rel="noopener noreferrer">
      {t('system.liveSupport')}
    </a>
  );
}
