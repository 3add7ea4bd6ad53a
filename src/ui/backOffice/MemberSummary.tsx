import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsMemberDetail } from '../../shared/backOfficeMembers';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import type { PanelProps } from './panelProps';
import { useMoneyText } from '../components/records/useMoneyText';

/** A member's facts; for risk, disable or enable and a new password (confirmed first). */
export function MemberSummary({
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

/** A member's status as a badge: the success tone when active, the danger tone otherwise. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone={status === 'active' ? 'success' : 'danger'}>
      {t(`backOffice.membersPage.statuses.${status}`)}
    </Badge>
  );
}
