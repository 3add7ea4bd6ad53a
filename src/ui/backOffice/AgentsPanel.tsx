import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPending } from '../../app/features/backOffice';
import type { BackOffice } from '../../app/features/backOffice';
import { AGENT_CONTRACTS_LIMIT, type AgentContractView } from '../../shared/backOfficeAdmin';
import { CONTRACT_TYPES, type ContractType } from '../../shared/contracts';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { DataTable, type DataColumn } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { Field, Select } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { shownValue, useQuery } from '../hooks/useQuery';
import { AgentLevel } from './AgentTree';
import type { PanelProps } from './panelProps';
import './admin.css';
import { formatPercent } from '../../shared/percent';

/** What the rate field takes: the server's own rule (server/http/ops/agentRateRoutes.ts). */
const RATE = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * The agents (issue 30), for risk and finance: the tree from the top agents down, each opened
 * on demand (a button with aria-expanded); a chosen agent's rates — set by the operator and held
 * now — and its contracts both ways. Risk sets a rate; above the four-eyes percentage it waits
 * for a second person's approval.
 */
export function AgentsPanel({ office, me }: PanelProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="admin-panel agents-panel" data-testid="agents-panel">
      <Card title={t('backOffice.admin.agentsTree')} className="agents-tree-card">
        <p className="field-hint">{t('backOffice.admin.agentsTreeHint')}</p>
        <AgentLevel office={office} under={null} selected={selected} onSelect={setSelected} />
      </Card>
      {selected ? (
        <AgentDetail
          key={selected}
          office={office}
          account={selected}
          canSetRate={me.roles.includes('risk')}
        />
      ) : (
        <p className="field-hint agents-choose">{t('backOffice.admin.noAgent')}</p>
      )}
    </div>
  );
}

interface RateRow {
  type: ContractType;
  set: string | null;
  held: string;
}

function AgentDetail({
  office,
  account,
  canSetRate,
}: {
  office: BackOffice;
  account: string;
  canSetRate: boolean;
}) {
  const { t, i18n } = useTranslation();
  const rates = useQuery(`back-office-agent-rates:${account}`, (signal) =>
    office.admin.agentRates(account, signal),
  );
  const contracts = useQuery(`back-office-agent-contracts:${account}`, (signal) =>
    office.admin.agentContracts(account, signal),
  );
  const rateView = shownValue(rates.state);
  const contractView = shownValue(contracts.state);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const typeName = (type: ContractType) => t(`backOffice.admin.contractTypes.${type}`);

  const rateColumns: DataColumn<RateRow>[] = [
    {
      id: 'type',
      label: t('backOffice.admin.contractType'),
      cell: (row) => typeName(row.type),
      csv: (row) => row.type,
    },
    {
      id: 'set',
      label: t('backOffice.admin.rateSet'),
      cell: (row) =>
        row.set === null ? t('backOffice.admin.rateNone') : formatPercent(row.set, i18n.language),
      csv: (row) => row.set ?? '',
      numeric: true,
    },
    {
      id: 'held',
      label: t('backOffice.admin.rateHeld'),
      cell: (row) => formatPercent(row.held, i18n.language),
      csv: (row) => row.held,
      numeric: true,
    },
  ];
  const contractColumns: DataColumn<AgentContractView>[] = [
    {
      id: 'side',
      label: t('backOffice.admin.side'),
      cell: (row) =>
        row.side === 'offered' ? t('backOffice.admin.sideOffered') : t('backOffice.admin.sideHeld'),
      sortValue: (row) => row.side,
      csv: (row) => row.side,
    },
    {
      id: 'counterpart',
      label: t('backOffice.admin.counterpart'),
      cell: (row) => row.counterpart,
      sortValue: (row) => row.counterpart,
      csv: (row) => row.counterpart,
    },
    {
      id: 'type',
      label: t('backOffice.admin.contractType'),
      cell: (row) => typeName(row.contractType),
      sortValue: (row) => row.contractType,
      csv: (row) => row.contractType,
    },
    {
      id: 'rate',
      label: t('backOffice.admin.rate'),
      cell: (row) => formatPercent(row.rate, i18n.language),
      sortValue: (row) => Number(row.rate),
      csv: (row) => row.rate,
      numeric: true,
    },
    {
      id: 'state',
      label: t('backOffice.admin.state'),
      cell: (row) => t(`backOffice.admin.states.${row.state}`),
      sortValue: (row) => row.state,
      csv: (row) => row.state,
    },
    {
      id: 'created',
      label: t('backOffice.admin.created'),
      cell: (row) => <time dateTime={row.createdAt}>{date.format(new Date(row.createdAt))}</time>,
      sortValue: (row) => row.createdAt,
      csv: (row) => row.createdAt,
    },
  ];

  return (
    <div className="agent-detail" data-testid="agent-detail" data-account={account}>
      <Card title={t('backOffice.admin.agentTitle', { account })} headingLevel={2}>
        <h3 className="admin-subtitle">{t('backOffice.admin.ratesTitle')}</h3>
        {!rateView ? (
          <QueryFallback state={rates.state} onRetry={rates.refresh} lines={2} />
        ) : (
          <DataTable
            items={CONTRACT_TYPES.map((type) => ({ type, ...rateView.rates[type] }))}
            columns={rateColumns}
            rowKey={(row) => row.type}
            testId="agent-rates"
            caption={t('backOffice.admin.ratesTitle')}
          />
        )}
        {canSetRate && <SetRate office={office} account={account} onSet={rates.refresh} />}
      </Card>
      <Card title={t('backOffice.admin.contractsTitle')}>
        {!contractView ? (
          <QueryFallback state={contracts.state} onRetry={contracts.refresh} lines={3} />
        ) : contractView.contracts.length === 0 ? (
          <EmptyState title={t('backOffice.admin.contractsEmpty')} icon="document">
            <p>{t('backOffice.admin.contractsEmptyBody')}</p>
          </EmptyState>
        ) : (
          <>
            <DataTable
              items={contractView.contracts}
              columns={contractColumns}
              rowKey={(row) => row.id}
              testId="agent-contracts"
              caption={t('backOffice.admin.contractsTitle')}
              filterText={(row) => `${row.counterpart} ${row.contractType} ${row.state}`}
              exportName={`contracts-${account}`}
            />
            {contractView.more && (
              <p className="field-hint">
                {t('backOffice.admin.contractsMore', { count: AGENT_CONTRACTS_LIMIT })}
              </p>
            )}
          </>
        )}
      </Card>
    </div>
  );
}

function SetRate({
  office,
  account,
  onSet,
}: {
  office: BackOffice;
  account: string;
  onSet: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const [type, setType] = useState<ContractType>('realTimeSalary');
  const [rate, setRate] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<string | null>(null);
  const typeName = t(`backOffice.admin.contractTypes.${type}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = rate.trim();
    if (given && !RATE.test(given)) {
      setError(t('backOffice.admin.rateInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    setWaiting(null);
    office.admin.setAgentRate(account, type, given || null).then(
      (answer) => {
        setBusy(false);
        if (isPending(answer)) {
          setWaiting(t('backOffice.admin.ratePending', { id: answer.pending.id }));
          return;
        }
        setRate('');
        toast(
          answer.rate === null
            ? t('backOffice.admin.rateRemoved', { type: typeName, account })
            : t('backOffice.admin.rateSaved', {
                type: typeName,
                account,
                rate: formatPercent(answer.rate, i18n.language),
              }),
          { tone: 'success' },
        );
        onSet();
      },
      (failure: unknown) => {
        setBusy(false);
        setError(errorText(errorCodeOf(failure)));
      },
    );
  };

  return (
    <form
      className="admin-form agent-rate-form"
      onSubmit={submit}
      noValidate
      data-testid="agent-rate-form"
    >
      <Select
        label={t('backOffice.admin.contractType')}
        name="agent-rate-type"
        value={type}
        options={CONTRACT_TYPES.map((each) => ({
          value: each,
          label: t(`backOffice.admin.contractTypes.${each}`),
        }))}
        onChange={(event) => setType(event.target.value as ContractType)}
      />
      <Field
        label={t('backOffice.admin.newRate')}
        name="agent-rate"
        inputMode="decimal"
        autoComplete="off"
        value={rate}
        hint={t('backOffice.admin.newRateHint')}
        onChange={(event) => setRate(event.target.value)}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {waiting && (
        <p className="admin-waiting" role="status" data-testid="agent-rate-pending">
          {waiting}
        </p>
      )}
      <Button type="submit" variant="primary" busy={busy}>
        {t('backOffice.admin.setRate')}
      </Button>
    </form>
  );
}
