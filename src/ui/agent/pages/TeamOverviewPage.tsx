import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TeamOverview } from '../../../shared/agentReports';
import { useErrorText } from '../../components/forms/useErrorText';
import { EmptyState } from '../../components/EmptyState';
import { lastWeek, rangeOf } from '../../components/records/recordDates';
import { useMoneyText } from '../../components/records/useMoneyText';
import { agentFeature } from '../../../app/features/agent';
import { useFeature } from '../../core/useFeature';
import { useKeyedQuery } from '../../hooks/useQuery';
import { DateRangeError, DateRangeFields, readDayRange } from '../../components/DateRange';
import { LoadFailed } from '../../components/LoadFailed';
import { OverviewCharts } from '../charts/OverviewCharts';
import { Button } from '../../components/Button';
import { agentSideResult, signedMoneyText } from '../charts/chartText';

type Figure = { id: keyof TeamOverview; money?: boolean };

/** The overview's cards: the team, then its play and money in the range. */
const figures: Figure[] = [
  { id: 'teamSize' },
  { id: 'directMembers' },
  { id: 'newMembers' },
  { id: 'activeMembers' },
  { id: 'betCount' },
  { id: 'betAmount', money: true },
  { id: 'validBetAmount', money: true },
  { id: 'winAmount', money: true },
  // Shown from the agent's side (agentSideResult): the players' loss is the agent's gain.
  { id: 'profit', money: true },
  { id: 'deposits', money: true },
  { id: 'withdrawals', money: true },
];

/** agentTeamOverview (the default page): the team's figures for a date range. */
export function TeamOverviewPage() {
  const { t, i18n } = useTranslation();
  const agentModule = useFeature(agentFeature);
  const money = useMoneyText();
  const errorText = useErrorText();
  const [range, setRange] = useState(lastWeek);
  const [reloads, setReloads] = useState(0);
  const span = rangeOf(range.fromDay, range.toDay);
  const state = useKeyedQuery<TeamOverview>(
    'error' in span ? null : `overview:${JSON.stringify(span)}:${reloads}`,
    (signal) => agentModule.overview(span as Exclude<typeof span, { error: string }>, signal),
  );
  const shown =
    state.kind === 'ready' ? state.value : state.kind === 'loading' ? state.previous : null;
  const signedMoney = (amount: string) => signedMoneyText(amount, money);
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);

  return (
    <section data-testid="agent-overview" aria-busy={state.kind === 'loading'}>
      <form
        className="records-filters"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          setRange(readDayRange(data));
          setReloads((n) => n + 1);
        }}
      >
        <DateRangeFields range={range} />
        <Button type="submit" variant="primary" data-testid="agent-overview-search">
          {t('records.search')}
        </Button>
      </form>
      {'error' in span && <DateRangeError />}
      {state.kind === 'loading' && (
        <p role="status" className="records-loading">
          <span className="spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      {state.kind === 'failed' && (
        <LoadFailed onRetry={() => setReloads((n) => n + 1)} message={errorText(state.code)} />
      )}
      {shown && shown.teamSize === 0 && state.kind === 'ready' && (
        <EmptyState title={t('agentOffice.overview.noTeam')}>
          <p>
            <Link to="/agentHome/registerCenter">{t('agentOffice.overview.addFirst')}</Link>
          </p>
        </EmptyState>
      )}
      {shown && shown.teamSize > 0 && (
        <dl className="agent-cards">
          {figures.map((figure) => {
            const value = shown[figure.id];
            if (figure.id === 'profit') {
              const result = agentSideResult(shown.profit);
              return (
                <div
                  key="agentResult"
                  className="agent-card"
                  data-testid="overview-agentResult"
                  data-sign={result.startsWith('-') ? 'negative' : 'positive'}
                >
                  <dt>{t('agentOffice.overview.agentResult')}</dt>
                  <dd>{signedMoney(result)}</dd>
                  <dd className="agent-card-hint">{t('agentOffice.overview.agentResultHint')}</dd>
                </div>
              );
            }
            return (
              <div key={figure.id} className="agent-card" data-testid={`overview-${figure.id}`}>
                <dt>{t(`agentOffice.overview.${figure.id}`)}</dt>
                <dd>{figure.money ? money(String(value)) : count(Number(value))}</dd>
              </div>
            );
          })}
        </dl>
      )}
      {shown && shown.teamSize > 0 && !('error' in span) && (
        <OverviewCharts daily={shown.daily} fromDay={range.fromDay} toDay={range.toDay} />
      )}
    </section>
  );
}
