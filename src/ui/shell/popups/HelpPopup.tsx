import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePopups } from '../../core/PopupContext';
import { HelpCentre } from '../../help';

/**
 * The help popup's content (spec 2: /help opens it over home; #term opens the terms). It loads
 * with the popup, not with the first page; /helpmc shows the same help centre as a page.
 */
export default function HelpContent({ anchor }: { anchor: string | null }) {
  const { t } = useTranslation();
  // The page replaces the popup (home's /help route would otherwise leave it open over it).
  const { close } = usePopups();
  return (
    <>
      <HelpCentre anchor={anchor} level={3} />
      <p className="help-page-link">
        <Link to={anchor ? `/helpmc#${anchor}` : '/helpmc'} onClick={close}>
          {t('help.openPage')}
        </Link>
      </p>
    </>
  );
}
