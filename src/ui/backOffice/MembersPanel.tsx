import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsMemberRow } from '../../shared/backOfficeMembers';
import { Button } from '../components/Button';
import { DataTable, type DataColumn } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { Field } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { shownValue, useQuery } from '../hooks/useQuery';
import { MemberFile } from './MemberFile';
import { StatusBadge } from './MemberSummary';
import type { PanelProps } from './panelProps';
import './members.css';
import { useMoneyText } from '../components/records/useMoneyText';

/** Who changes a member (disable, enable, a new password); support reads and writes notes. */
const ACTORS = ['risk'];

/**
 * The back office's members (issue 30): a search by account, mobile, e-mail or agent (the
 * newest members before anything is typed), and a member's file — wallets, responsible-gaming
 * state, recent ledger, sessions, addresses and devices, staff notes. Risk disables, enables
 * and sets a new password; support reads with contact details masked and adds notes.
 */
export function MembersPanel({ office, me }: PanelProps) {
  const [open, setOpen] = useState<string | null>(null);
  if (open) {
    return (
      <MemberFile
        office={office}
        account={open}
        actor={me.roles.some((role) => ACTORS.includes(role))}
        onBack={() => setOpen(null)}
      />
    );
  }
  return <MemberSearch office={office} onOpen={setOpen} />;
}

function MemberSearch({
  office,
  onOpen,
}: {
  office: PanelProps['office'];
  onOpen: (account: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoneyText();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const found = useQuery(`back-office-members:${query}`, (signal) =>
    office.members.search(query, signal),
  );
  const rows = shownValue(found.state);
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(typed.trim());
  };
  const columns: DataColumn<OpsMemberRow>[] = [
    {
      id: 'account',
      label: t('backOffice.membersPage.account'),
      cell: (row) => (
        <Button size="sm" variant="ghost" onClick={() => onOpen(row.account)}>
          {row.account}
        </Button>
      ),
      sortValue: (row) => row.account,
      csv: (row) => row.account,
    },
    {
      id: 'kind',
      label: t('backOffice.membersPage.kind'),
      cell: (row) => t(`backOffice.membersPage.kinds.${row.kind}`),
      sortValue: (row) => row.kind,
      csv: (row) => row.kind,
    },
    {
      id: 'status',
      label: t('backOffice.membersPage.status'),
      cell: (row) => <StatusBadge status={row.status} />,
      sortValue: (row) => row.status,
      csv: (row) => row.status,
    },
    {
      id: 'agent',
      label: t('backOffice.membersPage.agent'),
      cell: (row) => row.agent ?? '—',
      sortValue: (row) => row.agent ?? '',
      csv: (row) => row.agent ?? '',
    },
    {
      id: 'contact',
      label: t('backOffice.membersPage.contact'),
      cell: (row) => [row.mobile, row.email].filter(Boolean).join(' · ') || '—',
      csv: (row) => [row.mobile, row.email].filter(Boolean).join(' '),
    },
    {
      id: 'balance',
      label: t('backOffice.membersPage.balance'),
      numeric: true,
      cell: (row) => money(row.balance),
      sortValue: (row) => Number(row.balance),
      csv: (row) => row.balance,
    },
    {
      id: 'createdAt',
      label: t('backOffice.membersPage.joined'),
      cell: (row) => day.format(new Date(row.createdAt)),
      sortValue: (row) => row.createdAt,
      csv: (row) => row.createdAt,
    },
  ];
  return (
    <div className="members-panel" data-testid="members-panel">
      <form className="members-search" role="search" onSubmit={search}>
        <Field
          label={t('backOffice.membersPage.search')}
          hint={t('backOffice.membersPage.searchHint')}
          name="member-search"
          type="search"
          value={typed}
          maxLength={80}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
          addon={
            <Button type="submit" size="sm" variant="primary">
              {t('backOffice.membersPage.find')}
            </Button>
          }
        />
      </form>
      {!rows ? (
        <QueryFallback state={found.state} onRetry={found.refresh} lines={4} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('backOffice.membersPage.none')} icon="search">
          <p>{t('backOffice.membersPage.noneBody')}</p>
        </EmptyState>
      ) : (
        <DataTable
          items={rows}
          columns={columns}
          rowKey={(row) => row.account}
          testId="member-results"
          caption={
            query
              ? t('backOffice.membersPage.resultsFor', { query })
              : t('backOffice.membersPage.newest')
          }
          exportName="members"
        />
      )}
    </div>
  );
}
