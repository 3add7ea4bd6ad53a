import { useTranslation } from 'react-i18next';
import { CustomerServiceLink } from '../CustomerServiceLink';

/** Opens customer service (offered on every blocking screen and in the back office). */
export function LiveSupportButton() {
  const { t } = useTranslation();
  return (
    <CustomerServiceLink className="button primary" testId="live-support">
      {t('system.liveSupport')}
    </CustomerServiceLink>
  );
}
