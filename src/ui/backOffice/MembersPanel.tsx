import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsMemberDetail, OpsMemberRow, OpsRgView } from '../../shared/backOfficeMembers';
import { MEMBER_NOTE_MAX } from '../../shared/backOfficeMembers';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { DataTable, type DataColumn } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { Field } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { shownValue, useQuery } from '../hooks/useQuery';
import { LedgerTable } from './MemberLedger';
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

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone={status === 'active' ? 'success' : 'danger'}>
      {t(`backOffice.membersPage.statuses.${status}`)}
    </Badge>
  );
}

function MemberFile({
  office,
  account,
  actor,
  onBack,
}: {
  office: PanelProps['office'];
  account: string;
  actor: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const file = useQuery(`back-office-member:${account}`, (signal) =>
    office.members.detail(account, signal),
  );
  const detail = shownValue(file.state);
  return (
    <div className="member-file" data-testid="member-file">
      <p>
        <Button variant="ghost" icon="chevronLeft" onClick={onBack}>
          {t('backOffice.membersPage.back')}
        </Button>
      </p>
      {!detail ? (
        <QueryFallback state={file.state} onRetry={file.refresh} lines={6} />
      ) : (
        <>
          <Summary office={office} detail={detail} actor={actor} onChanged={file.refresh} />
          <div className="member-file-grid">
            <Card title={t('backOffice.membersPage.wallets')} headingLevel={3}>
              <dl className="member-facts" data-testid="member-wallets">
                {detail.wallets.length === 0 && <dd>—</dd>}
                {detail.wallets.map((wallet) => (
                  <div key={wallet.wallet}>
                    <dt>{wallet.wallet}</dt>
                    <dd>{money(wallet.balance)}</dd>
                  </div>
                ))}
              </dl>
            </Card>
            <ResponsibleGaming office={office} account={detail.member.account} />
          </div>
          <Card title={t('backOffice.ledger.title')} headingLevel={3}>
            <LedgerTable lines={detail.ledger} testId="member-file-ledger" />
          </Card>
          <Activity detail={detail} />
          <Notes office={office} detail={detail} onAdded={file.refresh} />
        </>
      )}
    </div>
  );
}

function Summary({
  office,
  detail,
  actor,
  onChanged,
}: {
  office: PanelProps['office'];
  detail: OpsMemberDetail;
  actor: boolean;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoneyText();
  const toast = useToast();
  const errorText = useErrorText();
  const [busy, setBusy] = useState<'status' | 'password' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { member } = detail;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const next = member.status === 'active' ? 'disabled' : 'active';

  const setStatus = async () => {
    setBusy('status');
    setError(null);
    try {
      await office.members.setStatus(member.account, next);
      toast(t(`backOffice.membersPage.statusDone.${next}`, { account: member.account }), {
        tone: 'success',
      });
      onChanged();
    } catch (failure) {
      setError(errorText(errorCodeOf(failure)));
    } finally {
      setBusy(null);
    }
  };
  const resetPassword = async () => {
    setBusy('password');
    setError(null);
    try {
      const reset = await office.members.resetPassword(member.account);
      setPassword(reset.password);
      setConfirming(false);
    } catch (failure) {
      setError(errorText(errorCodeOf(failure)));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      title={member.account}
      data-testid="member-summary"
      actions={<StatusBadge status={member.status} />}
    >
      <dl className="member-facts">
        <div>
          <dt>{t('backOffice.membersPage.kind')}</dt>
          <dd>{t(`backOffice.membersPage.kinds.${member.kind}`)}</dd>
        </div>
        <div>
          <dt>{t('backOffice.membersPage.agent')}</dt>
          <dd>{member.agent ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('backOffice.membersPage.mobile')}</dt>
          <dd data-testid="member-mobile">{member.mobile ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('backOffice.membersPage.email')}</dt>
          <dd data-testid="member-email">{member.email ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('backOffice.membersPage.joined')}</dt>
          <dd>{when.format(new Date(member.createdAt))}</dd>
        </div>
        <div>
          <dt>{t('backOffice.membersPage.lastLogin')}</dt>
          <dd>{member.lastLoginAt ? when.format(new Date(member.lastLoginAt)) : '—'}</dd>
        </div>
        <div>
          <dt>{t('backOffice.membersPage.balance')}</dt>
          <dd>{money(member.balance)}</dd>
        </div>
      </dl>
      {detail.masked && <p className="field-hint">{t('backOffice.membersPage.maskedNote')}</p>}
      {member.passwordIsDefault && (
        <p className="field-hint">{t('backOffice.membersPage.defaultPassword')}</p>
      )}
      {actor && (
        <div className="member-actions">
          <Button
            variant={next === 'disabled' ? 'danger' : 'primary'}
            busy={busy === 'status'}
            disabled={busy !== null}
            onClick={() => void setStatus()}
          >
            {t(`backOffice.membersPage.set.${next}`)}
          </Button>
          {confirming ? (
            <>
              <Button
                variant="danger"
                busy={busy === 'password'}
                disabled={busy !== null}
                onClick={() => void resetPassword()}
              >
                {t('backOffice.membersPage.confirmReset')}
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                {t('backOffice.withdrawalsPage.cancel')}
              </Button>
            </>
          ) : (
            <Button
              variant="secondary"
              disabled={busy !== null}
              onClick={() => setConfirming(true)}
            >
              {t('backOffice.membersPage.resetPassword')}
            </Button>
          )}
        </div>
      )}
      {confirming && <p className="field-hint">{t('backOffice.membersPage.resetWarning')}</p>}
      {password && (
        <p role="status" data-testid="member-new-password">
          {t('backOffice.membersPage.newPassword')} <code>{password}</code>
        </p>
      )}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </Card>
  );
}

function ResponsibleGaming({ office, account }: { office: PanelProps['office']; account: string }) {
  const { t, i18n } = useTranslation();
  const rg = useQuery(`back-office-member-rg:${account}`, (signal) =>
    office.members.responsibleGaming(account, signal),
  );
  const view: OpsRgView | null = shownValue(rg.state);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card title={t('backOffice.membersPage.rg')} headingLevel={3} data-testid="member-rg">
      {!view ? (
        <QueryFallback state={rg.state} onRetry={rg.refresh} lines={2} />
      ) : (
        <dl className="member-facts">
          <div>
            <dt>{t('backOffice.membersPage.exclusion')}</dt>
            <dd>
              {view.excluded
                ? view.excluded.endsAt
                  ? t('backOffice.membersPage.excludedUntil', {
                      date: when.format(new Date(view.excluded.endsAt)),
                    })
                  : t('backOffice.membersPage.excludedForever')
                : t('backOffice.membersPage.notExcluded')}
            </dd>
          </div>
          {view.limits
            .filter((limit) => limit.limit !== null)
            .map((limit) => (
              <div key={`${limit.kind}.${limit.period}`}>
                <dt>
                  {t('backOffice.membersPage.limit', { kind: limit.kind, period: limit.period })}
                </dt>
                <dd>
                  {limit.used} / {limit.limit}
                </dd>
              </div>
            ))}
          <div>
            <dt>{t('backOffice.membersPage.sessionLimit')}</dt>
            <dd>
              {view.sessionLimit === null
                ? '—'
                : t('backOffice.membersPage.minutes', { count: view.sessionLimit })}
            </dd>
          </div>
        </dl>
      )}
    </Card>
  );
}

function Activity({ detail }: { detail: OpsMemberDetail }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Card
      title={t('backOffice.membersPage.activity')}
      headingLevel={3}
      data-testid="member-activity"
    >
      <div className="member-file-grid">
        <section>
          <h4>{t('backOffice.membersPage.sessions')}</h4>
          {detail.sessions.length === 0 ? (
            <p>—</p>
          ) : (
            <ul className="member-list">
              {detail.sessions.map((session) => (
                <li key={session.createdAt}>
                  {when.format(new Date(session.createdAt))}{' '}
                  <Badge tone={session.live ? 'success' : 'neutral'}>
                    {session.live
                      ? t('backOffice.membersPage.live')
                      : session.revokeReason
                        ? t(`backOffice.membersPage.endedBy.${session.revokeReason}`, {
                            defaultValue: session.revokeReason,
                          })
                        : t('backOffice.membersPage.ended')}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section>
          <h4>{t('backOffice.membersPage.addresses')}</h4>
          {detail.addresses.length === 0 ? (
            <p>—</p>
          ) : (
            <ul className="member-list" data-testid="member-addresses">
              {detail.addresses.map((address) => (
                <li key={address.ip}>
                  <code>{address.ip}</code> · {when.format(new Date(address.firstSeenAt))}
                </li>
              ))}
            </ul>
          )}
          <h4>{t('backOffice.membersPage.devices')}</h4>
          {detail.devices.length === 0 ? (
            <p>—</p>
          ) : (
            <ul className="member-list">
              {detail.devices.map((device) => (
                <li key={device.device}>
                  <code>{device.device}</code> · {when.format(new Date(device.firstSeenAt))}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Card>
  );
}

function Notes({
  office,
  detail,
  onAdded,
}: {
  office: PanelProps['office'];
  detail: OpsMemberDetail;
  onAdded: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setError(t('backOffice.membersPage.noteEmpty'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await office.members.addNote(detail.member.account, body.trim());
      setBody('');
      onAdded();
    } catch (failure) {
      setError(errorText(errorCodeOf(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('backOffice.membersPage.notes')} headingLevel={3} data-testid="member-notes">
      {detail.notes.length === 0 ? (
        <p>{t('backOffice.membersPage.noNotes')}</p>
      ) : (
        <ul className="member-list">
          {detail.notes.map((note) => (
            <li key={note.id}>
              <p className="member-note">{note.body}</p>
              <small>
                {note.by} · {when.format(new Date(note.at))}
              </small>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void add(event)} className="member-note-form">
        <Field
          label={t('backOffice.membersPage.newNote')}
          name="member-note"
          value={body}
          maxLength={MEMBER_NOTE_MAX}
          error={error}
          onChange={(event) => setBody(event.target.value)}
        />
        <Button type="submit" busy={busy}>
          {t('backOffice.membersPage.addNote')}
        </Button>
      </form>
    </Card>
  );
}
