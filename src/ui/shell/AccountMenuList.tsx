import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { revealCustomerServicePath } from '../../shared/customerService';
import { useAuthActions } from '../core/session/useAuthActions';
import { useSession } from '../core/session/useSession';
import { useSiteInfo } from '../core/SiteInfoContext';
import { UnreadBadge } from '../components/UnreadBadge';

/** The account menu's entries (AccountMenu.tsx), fetched when it is first opened. */
export function AccountMenuList({ id, onChoose }: { id: string; onChoose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { logout } = useAuthActions();
  const support = useSiteInfo()
    .info.customerService.map(revealCustomerServicePath)
    .find((url) => url !== null);
  return (
    <ul id={id} role="menu" className="menu" onClick={onChoose} onKeyDown={() => undefined}>
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
          <a role="menuitem" href={support} target="_blank" rel="noopener noreferrer">
            {t('shell.customerService')}
          </a>
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
