import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { chooseCustomerService } from '../../shared/customerService';
import { CustomerServiceLink } from './CustomerServiceLink';
import { useAuthActions } from '../core/session/useAuthActions';
import { useSession } from '../core/session/useSession';
import { useSiteInfo } from '../core/SiteInfoContext';
import { UnreadBadge } from '../components/UnreadBadge';
import { useServices } from '../core/ServicesContext';
import { useObservable } from '../hooks/useObservable';

/** Spec 2 header, logged in: avatar and name, and the account menu. */
export function AccountMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const { logout } = useAuthActions();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const support = chooseCustomerService(useSiteInfo().info.customerService) !== null;
  const name = session.member?.nickname ?? '';
  // Spec 2: the avatar's VIP label, live (a level reached while playing shows at once).
  const vip = useObservable(useServices().vipStatus$, null);
  const vipLevel = vip?.level ?? session.member?.vipRankLevel ?? 0;
  const vipName = vip?.name ?? session.member?.vipLabelName ?? '';
  return (
    <div className="account-menu" onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="avatar-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        data-testid="account-menu"
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase() || '?'}
        </span>
        <span className={compact ? 'visually-hidden' : 'account-name'}>{name}</span>
        {vipLevel > 0 && (
          <span className="vip-label" data-testid="vip-label" data-level={vipLevel}>
            <span className="visually-hidden">{t('menu.vip')} </span>
            {vipName}
          </span>
        )}
        {session.isTrial && !compact && <span className="badge">{t('auth.trialBadge')}</span>}
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          className="menu"
          onClick={() => setOpen(false)}
          onKeyDown={() => undefined}
        >
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
              <CustomerServiceLink role="menuitem">
                {t('shell.customerService')}
              </CustomerServiceLink>
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
      )}
    </div>
  );
}
