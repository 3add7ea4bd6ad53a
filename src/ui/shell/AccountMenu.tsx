import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../core/session/useSession';
import { useServices } from '../core/ServicesContext';
import { useObservable } from '../hooks/useObservable';

// The menu's list comes when it is first opened: the first page's download carries only the
// avatar.
const AccountMenuList = lazy(() =>
  import('./AccountMenuList').then((module) => ({ default: module.AccountMenuList })),
);

/** Spec 2 header, logged in: avatar and name, and the account menu. */
export function AccountMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const menuId = useId();
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
          {session.member?.iconUrl ? (
            <img src={session.member.iconUrl} alt="" width={32} height={32} data-testid="avatar" />
          ) : (
            name.slice(0, 1).toUpperCase() || '?'
          )}
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
        <Suspense fallback={null}>
          <AccountMenuList id={menuId} onChoose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
