import { useTranslation } from 'react-i18next';
import { useServices } from '../core/ServicesContext';
import { useObservable } from '../hooks/useObservable';

/**
 * The red-dot counter of unread messages (spec 2: messageV2 shows one; the account menu's
 * platform messages and the agent's messages page too). Nothing when there are none.
 */
export function UnreadBadge() {
  const { t } = useTranslation();
  const count = useObservable(useServices().unreadMessages$, null);
  if (!count) return null;
  return (
    <span
      className="red-dot-count"
      data-testid="unread-badge"
      aria-label={t('messages.unread', { count })}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
