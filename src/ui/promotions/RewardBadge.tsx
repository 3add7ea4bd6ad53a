import { useTranslation } from 'react-i18next';
import { useServices } from '../core/ServicesContext';
import { useObservable } from '../hooks/useObservable';

/**
 * The reward centre's red dot (spec 2): how many rewards wait to be claimed, live through the
 * `reward` event; with `missions`, the missionLeaderboard's (the missions' rewards only).
 * Nothing when none wait.
 */
export function RewardBadge({ missions = false }: { missions?: boolean }) {
  const { t } = useTranslation();
  const summary = useObservable(useServices().rewardSummary$, null);
  // The missionLeaderboard page's dot counts only the missions' rewards.
  const count = (missions ? summary?.missionsWaiting : summary?.waiting) ?? 0;
  if (count === 0) return null;
  return (
    <span
      className="red-dot-count"
      data-testid={missions ? 'mission-badge' : 'reward-badge'}
      aria-label={t('menu.rewardsWaiting', { count })}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
