import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { chooseCustomerService } from '../../shared/customerService';
import { CustomerServiceLink } from './CustomerServiceLink';
import { useAuthActions } from '../core/session/useAuthActions';
import { useSession } from '../core/session/useSession';
import { useSiteInfo } from '../core/SiteInfoContext';
import { UnreadBadge } from '../components/UnreadBadge';
import { BonusBalance } from './BonusBalance';

/** The account menu's entries (AccountMenu.tsx), fetched when it is first opened. */
export function AccountMenuList({ id, onChoose }: { id: string; onChoose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { logout } = useAuthActions();
  const support = chooseCustomerService(useSiteInfo().info.customerService) !== null;
  return (
    <ul id={id} role="menu" className="menu" onClick={onChoose} onKeyDown={() => undefined}>
      <BonusBalance testId="menu-bonus-balance" menuItem />
      <li role="none">
        <Link role="menuitem" to="/member/securityCenter">
          {t('menu.myAccount')}
        </Link>
      </li>
      <li role="none">
        <Link role="menuitem" to="/member/personalHistoryCopy">
          {t('menu.bettingRecord')}
        </Link>
      </li>
      <li role="none">
        <Link role="menuitem" to="/member/messageV2">
          {t('menu.messages')} <UnreadBadge />
        </Link>
      </li>
      {support && (
        <li role="none">
          <CustomerServiceLink role="menuitem">{t('shell.customerService')}</CustomerServiceLink>
        </li>
      )}
      {session.isAgent && (
        <li role="none">
          <Link role="menuitem" to="/agentHome">
            {t('menu.agentCentre')}
          </Link>
        </li>
      )}
      <li role="none">
        <button
          type="button"
          role="menuitem"
          onClick={() => void logout('/')}
          data-testid="sign-out"
        >
          {t('auth.signOut')}
        </button>
      </li>
    </ul>
  );
}
