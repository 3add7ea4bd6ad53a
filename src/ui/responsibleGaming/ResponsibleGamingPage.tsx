import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RG_LIMIT_KINDS, type RgStatus } from '../../shared/responsibleGaming';
import { QueryFallback } from '../components/QueryFallback';
import { useLiveQuery } from '../hooks/useLiveQuery';
import { shownValue } from '../hooks/useQuery';
import { ExclusionCard } from './ExclusionCard';
import { HistoryCard } from './HistoryCard';
import { LimitsCard } from './LimitsCard';
import { SessionCard } from './SessionCard';
import { rgFeature } from '../../app/features/responsibleGaming';
import { useFeature } from '../core/useFeature';

/**
 * Responsible gaming (member centre, issue 17): deposit, loss and wager limits per day, week
 * and month with what each has used, the session limit, the reality check and the time zone,
 * a break and self-exclusion, and every change made. Follows the member's `rg` and `balance`
 * events, so a change in another tab or a deposit or bet elsewhere shows here.
 */
export function ResponsibleGamingPage() {
  const { t } = useTranslation();
  const rgModule = useFeature(rgFeature);
  // The member's settings change (`rg`: another tab, the operator) and money moves (`balance`:
  // a deposit or a bet uses a limit).
  const query = useLiveQuery('rg-status', (signal) => rgModule.status(signal), ['rg', 'balance']);
  // What a save answered, until the next fetch brings the same or newer.
  const [saved, setSaved] = useState<RgStatus | null>(null);
  const fetched = shownValue(query.state);
  const status = saved && (!fetched || saved.seq > fetched.seq) ? saved : fetched;
  if (!status) return <QueryFallback state={query.state} onRetry={query.refresh} lines={6} />;
  return (
    <div className="rg-page" data-testid="rg-page">
      <p className="rg-intro">{t('rg.intro', { hours: status.coolingOffHours })}</p>
      {RG_LIMIT_KINDS.map((kind) => (
        <LimitsCard key={kind} kind={kind} status={status} onSaved={setSaved} />
      ))}
      <SessionCard status={status} onSaved={setSaved} />
      <ExclusionCard kind="timeOut" />
      <ExclusionCard kind="selfExclusion" />
      <HistoryCard history={status.history} />
    </div>
  );
}
