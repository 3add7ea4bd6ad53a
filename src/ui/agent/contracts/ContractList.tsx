import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractAnswer, ContractSide, ContractView } from '../../../api/contracts';
import type { ContractType, StoredContractState } from '../../../shared/contracts';
import { useErrorText } from '../../components/forms/useErrorText';
import { EmptyState } from '../../components/EmptyState';
import { useContracts } from './useContracts';
import { whoEarnsText } from './whoEarns';
import { agentFeature } from '../../../app/features/agent';
import { useFeature } from '../../core/useFeature';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';

/** How a contract's state reads at a glance: in effect, waiting on someone, or ended. */
const STATUS_TONES: Partial<Record<StoredContractState, 'accent' | 'success' | 'danger'>> = {
  offered: 'accent',
  terminationRequested: 'accent',
  active: 'success',
  rejected: 'danger',
};

/**
 * Contracts of one side with the moves that side may make now (the server's `actions`, from
 * the shared lifecycle machine): the downline accepts or rejects, the upline withdraws an offer
 * or asks to end a contract. Each card says who earns what under it.
 */
export function ContractList({
  role,
  type,
  testId,
  emptyTitle,
}: {
  role: ContractSide;
  type?: ContractType;
  testId: string;
  /** What an empty list says (default "No contracts yet."). */
  emptyTitle?: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const contractsModule = useFeature(agentFeature).contracts;
  const { state, merge, reload } = useContracts(role, type);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const whoEarns = (contract: ContractView) => whoEarnsText(t, contract);

  if (state.kind === 'loading') return <p role="status">{t('common.loading')}</p>;
  if (state.kind === 'failed') {
    return (
      <p role="alert">
        {errorText(state.code)} <Button onClick={reload}>{t('common.retry')}</Button>
      </p>
    );
  }
  if (state.contracts.length === 0) {
    return (
      <div data-testid={testId} data-empty="true">
        <EmptyState title={emptyTitle ?? t('contracts.none')} />
      </div>
    );
  }
  return (
    <div className="contract-list" data-testid={testId}>
      {error && (
        <p role="alert" className="field-error">
          {errorText(error)}
        </p>
      )}
      <ul>
        {state.contracts.map((contract) => (
          <li
            key={contract.id}
            className="card contract-card"
            data-testid="contract"
            data-state={contract.state}
          >
            <div className="contract-summary">
              <strong>{t(`contracts.type_${contract.contractType}`)}</strong>
              <span>{role === 'upline' ? contract.downline.account : contract.upline.account}</span>
              <span>{t('contracts.rate', { rate: contract.terms.rate })}</span>
              <span data-testid="contract-status">
                <Badge tone={STATUS_TONES[contract.state] ?? 'neutral'}>
                  {t(`contracts.state_${contract.state}`)}
                </Badge>
              </span>
            </div>
            {whoEarns(contract) && (
              <p className="contract-who-earns" data-testid="contract-who-earns">
                {whoEarns(contract)}
              </p>
            )}
            <p className="contract-terms">
              {t('contracts.terms', {
                activeMembers: contract.terms.activeMembers,
                periodBet: contract.terms.periodBet,
                profitLoss: contract.terms.profitLoss,
              })}
            </p>
            <div className="button-row">
              {contract.actions
                .filter(
                  (action): action is ContractAnswer =>
                    action !== 'offer' && action !== 'supersede',
                )
                .map((action) => (
                  <Button
                    key={action}
                    variant={
                      action === 'accept' || action === 'acceptTermination'
                        ? 'primary'
                        : 'secondary'
                    }
                    disabled={busy !== null}
                    aria-busy={busy === `${contract.id}:${action}`}
                    onClick={async () => {
                      setBusy(`${contract.id}:${action}`);
                      setError(null);
                      try {
                        merge(await contractsModule.answer(contract.id, action));
                      } catch (failure) {
                        setError((failure as { code?: string }).code ?? 'unknown_error');
                        reload();
                      } finally {
                        setBusy(null);
                      }
                    }}
                  >
                    {t(`contracts.action_${action}`)}
                  </Button>
                ))}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
