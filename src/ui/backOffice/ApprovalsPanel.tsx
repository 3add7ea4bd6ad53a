import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackOffice } from '../../app/features/backOffice';
import type { ApprovalView } from '../../shared/backOffice';
import type { StaffMe } from '../../shared/chat';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { EmptyState } from '../components/EmptyState';
import { Field } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { useLiveQueryOn } from '../hooks/useLiveQuery';
import { shownValue } from '../hooks/useQuery';

/**
 * The four-eyes queue (issue 30): each request waiting for a second person, with what it would
 * do; approve (it runs at once, once) or reject with a reason. What the staff member asked
 * themselves is shown but cannot be decided by them.
 */
export function ApprovalsPanel({ office, me }: { office: BackOffice; me: StaffMe }) {
  const { t } = useTranslation();
  // Live: a new ask or another person's decision shows at once (socket `opsApproval`).
  const queue = useLiveQueryOn(
    office.live,
    'back-office-approvals',
    (signal) => office.approvals(signal),
    ['opsApproval'],
  );
  const list = shownValue(queue.state);
  if (!list) return <QueryFallback state={queue.state} onRetry={queue.refresh} lines={3} />;
  if (list.length === 0) {
    return (
      <EmptyState title={t('backOffice.approvalsEmpty')} icon="check">
        <p>{t('backOffice.approvalsEmptyBody')}</p>
      </EmptyState>
    );
  }
  return (
    <ul className="approval-list" data-testid="approval-list">
      {list.map((approval) => (
        <li key={approval.id}>
          <ApprovalCard
            approval={approval}
            own={approval.requestedBy === `staff:${me.name}`}
            office={office}
            onDecided={queue.refresh}
          />
        </li>
      ))}
    </ul>
  );
}

function ApprovalCard({
  approval,
  own,
  office,
  onDecided,
}: {
  approval: ApprovalView;
  own: boolean;
  office: BackOffice;
  onDecided: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(approval.requestedAt));

  const decide = (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && !reason.trim()) {
      setError(errorText('approval_reason_required'));
      return;
    }
    setBusy(decision);
    setError(null);
    office.decide(approval.id, decision, decision === 'reject' ? reason.trim() : undefined).then(
      (decided) => {
        setBusy(null);
        const ran = decided.outcome as { ok?: boolean; code?: string } | null;
        if (decided.status === 'failed') {
          toast(t('backOffice.approvalFailed', { code: errorText(ran?.code ?? null) }), {
            tone: 'error',
          });
        } else {
          toast(t(`backOffice.decided.${decided.status}`, { id: decided.id }), {
            tone: 'success',
          });
        }
        onDecided();
      },
      (failure) => {
        setBusy(null);
        setError(errorText(errorCodeOf(failure)));
      },
    );
  };

  return (
    <Card
      title={t(`backOffice.action.${approval.action.replace(/\./g, '_')}`, {
        defaultValue: approval.action,
      })}
      data-testid="approval"
      data-id={approval.id}
    >
      <dl className="approval-facts">
        <dt>{t('backOffice.amount')}</dt>
        <dd>
          {approval.amount}{' '}
          <span className="field-hint">
            {t('backOffice.above', { threshold: approval.threshold })}
          </span>
        </dd>
        <dt>{t('backOffice.target')}</dt>
        <dd>{describe(approval)}</dd>
        <dt>{t('backOffice.askedBy')}</dt>
        <dd>
          {approval.requestedBy} · {when}
        </dd>
      </dl>
      {own ? (
        <p className="field-hint">{t('backOffice.ownRequest')}</p>
      ) : (
        <div className="approval-actions">
          {rejecting && (
            <Field
              label={t('backOffice.reason')}
              name={`reason-${approval.id}`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="approval-buttons">
            <Button
              variant="primary"
              busy={busy === 'approve'}
              disabled={busy !== null}
              onClick={() => decide('approve')}
            >
              {t('backOffice.approve')}
            </Button>
            <Button
              variant="danger"
              busy={busy === 'reject'}
              disabled={busy !== null}
              onClick={() => (rejecting ? decide('reject') : setRejecting(true))}
            >
              {t('backOffice.reject')}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}

/** What the request acts on, from its body and path (account, withdrawal, agent and rate). */
function describe(approval: ApprovalView): string {
  const body = (approval.body ?? {}) as Record<string, unknown>;
  const parts = [
    typeof body.account === 'string' ? body.account : null,
    approval.params.id ? `#${approval.params.id}` : null,
    typeof body.contractType === 'string' ? body.contractType : null,
    typeof body.reason === 'string' ? `“${body.reason}”` : null,
  ];
  return parts.filter(Boolean).join(' · ') || approval.url;
}
