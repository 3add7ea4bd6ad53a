import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Downline } from '../../api/contracts';
import { type ContractType, contractTermsProblem } from '../../shared/contracts';
import { useErrorText } from '../auth/useErrorText';
import { FormField } from '../auth/FormField';
import { useContractsApi } from './useContractsApi';

/**
 * The upline offers a contract of one type to a direct downline (spec 4/6): rate and the
 * terms' minimums, checked with the same rules the server uses before it is sent.
 */
export function OfferContractForm({
  type,
  onOffered,
}: {
  type: ContractType;
  onOffered: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const api = useContractsApi();
  const [downlines, setDownlines] = useState<Downline[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api.downlines({ pageSize: 100 }).then(
      (page) => current && setDownlines(page.items),
      () => current && setDownlines([]),
    );
    return () => {
      current = false;
    };
  }, [api]);

  if (downlines === null) return <p role="status">{t('common.loading')}</p>;
  if (downlines.length === 0) return <p>{t('contracts.noDownlines')}</p>;
  return (
    <form
      className="auth-form offer-form"
      noValidate
      aria-busy={sending}
      data-testid="offer-contract"
      onSubmit={async (event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const terms = {
          rate: String(data.get('rate') ?? '').trim(),
          activeMembers: Number(data.get('activeMembers') ?? 0),
          periodBet: String(data.get('periodBet') ?? '0.00').trim() || '0.00',
          profitLoss: String(data.get('profitLoss') ?? '0.00').trim() || '0.00',
        };
        const problem = contractTermsProblem(terms);
        if (problem) {
          setError(`contract_term_${problem}`);
          return;
        }
        setSending(true);
        setError(null);
        setDone(null);
        try {
          const offered = await api.offer({
            contractType: type,
            downlineId: String(data.get('downlineId')),
            terms,
          });
          setDone(offered.downline.account);
          onOffered();
        } catch (failure) {
          setError((failure as { code?: string }).code ?? 'unknown_error');
        } finally {
          setSending(false);
        }
      }}
    >
      <label className="form-field">
        {t('contracts.downline')}
        <select name="downlineId">
          {downlines.map((downline) => (
            <option key={downline.id} value={downline.id}>
              {downline.account}
            </option>
          ))}
        </select>
      </label>
      <FormField
        label={t('contracts.ratePercent')}
        name="rate"
        inputMode="decimal"
        defaultValue="1.00"
      />
      <FormField
        label={t('contracts.activeMembers')}
        name="activeMembers"
        inputMode="numeric"
        defaultValue="0"
      />
      <FormField
        label={t('contracts.periodBet')}
        name="periodBet"
        inputMode="decimal"
        defaultValue="0.00"
      />
      <FormField
        label={t('contracts.profitLoss')}
        name="profitLoss"
        inputMode="decimal"
        defaultValue="0.00"
      />
      {error && (
        <p role="alert" className="field-error">
          {errorText(error)}
        </p>
      )}
      {done && <p role="status">{t('contracts.offered', { account: done })}</p>}
      <button type="submit" className="button primary" disabled={sending}>
        {sending ? t('common.loading') : t('contracts.offer')}
      </button>
    </form>
  );
}
