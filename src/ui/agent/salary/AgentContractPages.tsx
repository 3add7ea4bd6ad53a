import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPES, type ContractType } from '../../../shared/contracts';
import { Badge } from '../../components/Badge';
import { useServices } from '../../core/ServicesContext';
import { useObservable } from '../../hooks/useObservable';
import { waitingAnswers } from '../agentPages';
import { ContractList } from '../contracts/ContractList';
import { OfferContractForm } from '../contracts/OfferContractForm';
import { SalaryPanel } from './SalaryPanel';

/** Requests waiting for the agent's answer, of every type (the consolidated funds' store). */
function useWaitingAnswers(): number {
  const { consolidatedFunds } = useServices();
  return waitingAnswers(useObservable(consolidatedFunds.funds$, null));
}

/**
 * The contracts offered to the agent by its upline (any type), answered here: the back office
 * is where a sub-agent works, so its offers must not wait on the player site (issue 34).
 */
function OfferedToMe({ waiting }: { waiting: number }) {
  const { t } = useTranslation();
  const heading = useId();
  return (
    <section className="contract-section" aria-labelledby={heading} data-testid="offered-to-me">
      <h2 id={heading} className="contract-section-title">
        {t('contracts.mine')}
        {waiting > 0 && <Badge tone="accent">{t('agentOffice.waiting', { count: waiting })}</Badge>}
      </h2>
      <ContractList role="downline" testId="my-contracts" emptyTitle={t('contracts.mineNone')} />
    </section>
  );
}

/**
 * agentContracts (our page): the contracts offered to the agent, answered here, and the ones it
 * offers to its direct downlines (any type), with the form. Always shown to agents: the salary
 * pages appear only once a contract is in effect (spec 6), so the first offer must be possible
 * (and answerable) from somewhere else. Offers waiting for the agent's answer come first; once
 * they have, they stay first while the page is open (answering one does not move the list away
 * from under the hand that answered).
 */
export function AgentContractsPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<ContractType>('realTimeSalary');
  const [offers, setOffers] = useState(0);
  const waiting = useWaitingAnswers();
  const [offersFirst, setOffersFirst] = useState(false);
  if (waiting > 0 && !offersFirst) setOffersFirst(true);
  const given = useId();
  // Keyed: the two sections trade places without either being drawn again.
  const sections = [
    <OfferedToMe key="offered-to-me" waiting={waiting} />,
    <section
      key="offered-by-me"
      className="contract-section"
      aria-labelledby={given}
      data-testid="offered-by-me"
    >
      <h2 id={given}>{t('contracts.given')}</h2>
      <label className="form-field">
        {t('contracts.typeLabel')}
        <select value={type} onChange={(event) => setType(event.target.value as ContractType)}>
          {CONTRACT_TYPES.map((option) => (
            <option key={option} value={option}>
              {t(`contracts.type_${option}`)}
            </option>
          ))}
        </select>
      </label>
      <OfferContractForm type={type} onOffered={() => setOffers((n) => n + 1)} />
      <ContractList key={`${type}:${offers}`} role="upline" type={type} testId="given-contracts" />
    </section>,
  ];
  return <div className="agent-contracts">{offersFirst ? sections : sections.reverse()}</div>;
}

/**
 * A salary page (agentRealtimeSalary, agentHourSalary, ...): the live figure, then the
 * contracts of its type on both sides: those the agent holds (its upline pays it by them) and
 * those it offered (it keeps the difference on them).
 */
export function AgentSalaryPage({ type }: { type: ContractType }) {
  const { t } = useTranslation();
  const held = useId();
  const given = useId();
  return (
    <div className="agent-salary">
      <SalaryPanel contractType={type} />
      <section className="contract-section" aria-labelledby={held}>
        <h2 id={held}>{t('contracts.held')}</h2>
        <ContractList
          role="downline"
          type={type}
          testId="salary-held-contracts"
          emptyTitle={t('contracts.heldNone')}
        />
      </section>
      <section className="contract-section" aria-labelledby={given}>
        <h2 id={given}>{t('contracts.given')}</h2>
        <ContractList role="upline" type={type} testId="salary-contracts" />
      </section>
    </div>
  );
}
