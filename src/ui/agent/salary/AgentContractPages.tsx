import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPES, type ContractType } from '../../../shared/contracts';
import { ContractList } from '../contracts/ContractList';
import { OfferContractForm } from '../contracts/OfferContractForm';
import { SalaryPanel } from './SalaryPanel';

/**
 * agentContracts (our page): the agent offers contracts of any type to direct downlines and
 * follows them. Always shown to agents: the salary pages appear only once a contract is in
 * effect (spec 6), so the first offer must be possible from somewhere else.
 */
export function AgentContractsPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<ContractType>('realTimeSalary');
  const [offers, setOffers] = useState(0);
  return (
    <div className="agent-contracts">
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
      <h2>{t('contracts.given')}</h2>
      <ContractList key={`${type}:${offers}`} role="upline" type={type} testId="given-contracts" />
    </div>
  );
}

/** A salary page (agentRealtimeSalary, agentHourSalary, ...): the live figure and the contracts. */
export function AgentSalaryPage({ type }: { type: ContractType }) {
  const { t } = useTranslation();
  return (
    <div className="agent-salary">
      <SalaryPanel contractType={type} />
      <h2>{t('contracts.given')}</h2>
      <ContractList role="upline" type={type} testId="salary-contracts" />
    </div>
  );
}
