import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../../shared/money';
import { agentFeature } from '../../../app/features/agent';
import { useFeature } from '../../core/useFeature';
import { EmptyState } from '../../components/EmptyState';
import { useObservable } from '../../hooks/useObservable';
import { useAgentBalance } from '../useAgentBalance';
import { settlementCountdown } from './countdown';
import { periodText } from './periodText';

/** Now, moving once a second while mounted (the countdown's clock). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** When this period's salary is paid, counting down; "being settled" once it is due. */
function NextSettlement({ settlesAt }: { settlesAt: string }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const left = settlementCountdown(settlesAt, now, i18n.language);
  const at = new Date(settlesAt).toLocaleString(i18n.language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <div className="salary-next" data-testid="salary-next-settlement">
      <span className="salary-next-label">{t('salary.nextSettlement')}</span>
      {left === null ? (
        <strong>{t('salary.settlingNow')}</strong>
      ) : (
        <strong>
          <time dateTime={settlesAt} data-testid="salary-countdown">
            {left}
          </time>
        </strong>
      )}
      <span className="salary-next-at">{t('salary.settlesAt', { time: at })}</span>
    </div>
  );
}

/** The agent's own wallet, live: where the settled salary lands. */
function AgentBalance() {
  const { t, i18n } = useTranslation();
  const wallet = useAgentBalance();
  return (
    <div className="salary-balance" data-testid="salary-balance">
      <span>{t('salary.balance')}</span>
      <strong aria-live="polite">
        {wallet
          ? `${wallet.currencySymbol} ${formatMoney(parseMoney(wallet.balance), i18n.language)}`
          : '…'}
      </strong>
    </div>
  );
}

/**
 * An agent's salary of one contract type (agentRealtimeSalary, agentHourSalary,
 * agentDailyWages2, agentDividendRecordCopy2): the running period's figure moving live with
 * each downline bet (salary$), what awaits settlement, and the latest paid periods.
 */
export function SalaryPanel({ contractType }: { contractType: string }) {
  const { t, i18n } = useTranslation();
  const agentModule = useFeature(agentFeature);
  const salary$ = useMemo(() => agentModule.salary$(contractType), [agentModule, contractType]);
  const view = useObservable(salary$, null);
  const money = (amount: string) => formatMoney(parseMoney(amount), i18n.language);
  if (!view) {
    return (
      <p role="status">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  }
  return (
    <section className="salary-panel" data-testid={`salary-${contractType}`}>
      <div className="salary-summary">
        <NextSettlement settlesAt={view.current.settlesAt} />
        <AgentBalance />
      </div>
      <div className="salary-figure">
        <p>
          {t('salary.currentPeriod', {
            period: periodText(view.current.periodStart, view.current.periodEnd, i18n.language),
          })}
        </p>
        <strong data-testid="salary-accrued" aria-live="polite">
          {money(view.current.accrued)}
        </strong>
        <p>
          {t('salary.awaiting')}:{' '}
          <span data-testid="salary-awaiting">{money(view.awaitingSettlement)}</span>
        </p>
        <p>{t('salary.contracts', { count: view.contractsInEffect })}</p>
      </div>
      <h2>{t('salary.settled')}</h2>
      {view.settlements.length === 0 ? (
        <EmptyState title={t('salary.noSettlements')} />
      ) : (
        <div className="table-scroll">
          <table className="records" data-testid="salary-settlements">
            <thead>
              <tr>
                <th scope="col">{t('salary.period')}</th>
                <th scope="col" className="numeric">
                  {t('wallet.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {view.settlements.map((settlement) => (
                <tr key={settlement.periodStart}>
                  <td>{periodText(settlement.periodStart, settlement.periodEnd, i18n.language)}</td>
                  <td className="numeric">{money(settlement.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
