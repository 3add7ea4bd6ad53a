import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsMemberDetail, OpsRgView } from '../../shared/backOfficeMembers';
import { MEMBER_NOTE_MAX } from '../../shared/backOfficeMembers';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Field } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { shownValue, useQuery } from '../hooks/useQuery';
import { LedgerTable } from './MemberLedger';
import { MemberSummary } from './MemberSummary';
import type { PanelProps } from './panelProps';
import { useMoneyText } from '../components/records/useMoneyText';

/** A member's file: summary, wallets, responsible gaming, ledger, activity and staff notes. */
export function MemberFile({
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
          <MemberSummary office={office} detail={detail} actor={actor} onChanged={file.refresh} />
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
