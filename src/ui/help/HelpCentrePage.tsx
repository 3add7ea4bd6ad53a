import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { HelpCentre } from './HelpCentre';

/**
 * `/helpmc`, the help centre's own page (spec 2 "Help centre URL"), where the customer-service
 * link leads (`/helpmc#live-support`): the same help centre as the /help popup, in the shell.
 */
export default function HelpCentrePage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  return (
    <section className="help-page" data-testid="help-page" aria-labelledby="help-page-title">
      <h1 id="help-page-title">{t('help.title')}</h1>
      <p className="help-intro">{t('help.intro')}</p>
      <HelpCentre anchor={hash.slice(1) || null} level={2} />
    </section>
  );
}
