import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditFilters, BackOffice } from '../../app/features/backOffice';
import type { AuditVerdict } from '../../shared/staffRoles';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { Field } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { shownValue, useQuery } from '../hooks/useQuery';

/**
 * The audit trail (issue 30): every back-office action and command, newest first, searched by
 * who, what and any text; its hash chain verified on demand; the same rows exported as CSV.
 */
export function AuditPanel({ office }: { office: BackOffice }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [draft, setDraft] = useState<AuditFilters>({});
  const [filters, setFilters] = useState<AuditFilters>({});
  const [verdict, setVerdict] = useState<AuditVerdict | null>(null);
  const [busy, setBusy] = useState<'verify' | 'export' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const trail = useQuery(`back-office-audit:${JSON.stringify(filters)}`, (signal) =>
    office.audit(filters, signal),
  );
  const page = shownValue(trail.state);
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'short',
    timeStyle: 'medium',
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft });
  };
  const verify = () => {
    setBusy('verify');
    setError(null);
    office.verify().then(
      (answer) => {
        setBusy(null);
        setVerdict(answer);
      },
      (failure) => {
        setBusy(null);
        setError(errorText(errorCodeOf(failure)));
      },
    );
  };
  const exportCsv = () => {
    setBusy('export');
    setError(null);
    office.exportCsv(filters).then(
      (blob) => {
        setBusy(null);
        const link = document.createElement('a');
        link.href = URL.createObjectURL(blob);
        link.download = 'audit.csv';
        link.click();
        setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      },
      (failure) => {
        setBusy(null);
        setError(errorText(errorCodeOf(failure)));
      },
    );
  };
  const field = (key: keyof AuditFilters, label: string) => (
    <Field
      label={label}
      name={`audit-${key}`}
      value={draft[key] ?? ''}
      onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.value }))}
    />
  );

  return (
    <div className="audit-panel" data-testid="audit-panel">
      <form className="audit-filters" onSubmit={search} noValidate>
        {field('actor', t('backOffice.auditActor'))}
        {field('action', t('backOffice.auditAction'))}
        {field('text', t('backOffice.auditText'))}
        <Button type="submit" variant="primary">
          {t('backOffice.search')}
        </Button>
      </form>
      <div className="audit-tools">
        <Button busy={busy === 'verify'} onClick={verify} data-testid="audit-verify">
          {t('backOffice.verify')}
        </Button>
        <Button busy={busy === 'export'} onClick={exportCsv}>
          {t('backOffice.exportCsv')}
        </Button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {verdict && (
        <p
          className={verdict.intact ? 'audit-verdict' : 'audit-verdict field-error'}
          role="status"
          data-testid="audit-verdict"
        >
          {verdict.intact
            ? t('backOffice.intact', { rows: verdict.rows })
            : t('backOffice.broken', {
                seq: verdict.broken?.seq,
                problem: verdict.broken?.problem,
              })}
        </p>
      )}
      {!page ? (
        <QueryFallback state={trail.state} onRetry={trail.refresh} lines={5} />
      ) : page.entries.length === 0 ? (
        <EmptyState title={t('backOffice.auditEmpty')} icon="search">
          <p>{t('backOffice.auditEmptyBody')}</p>
        </EmptyState>
      ) : (
        <ol className="audit-list" data-testid="audit-list">
          {page.entries.map((entry) => (
            <li key={entry.seq} className="audit-entry">
              <span className="audit-seq">#{entry.seq}</span>
              <time dateTime={entry.at}>{format.format(new Date(entry.at))}</time>
              <strong>{entry.action}</strong>
              <span>{entry.actor}</span>
              {entry.outcome.code === 'started' ? (
                // A write that started and has no outcome row (the list folds the pair).
                <span className="audit-refused" data-testid="audit-started">
                  {t('backOffice.auditStarted')}
                </span>
              ) : (
                <span className={entry.outcome.code ? 'audit-refused' : 'audit-ok'}>
                  {entry.outcome.status}
                  {entry.outcome.code ? ` ${entry.outcome.code}` : ''}
                </span>
              )}
              {Object.keys(entry.target).length > 0 && (
                <span className="field-hint">
                  {Object.entries(entry.target)
                    .map(([key, value]) => `${key}: ${value}`)
                    .join(' · ')}
                </span>
              )}
              {entry.reason && <span className="audit-reason">“{entry.reason}”</span>}
              {entry.outcome.before !== undefined && (
                <details className="audit-change" data-testid="audit-change">
                  <summary>{t('backOffice.auditChange')}</summary>
                  <dl>
                    <dt>{t('backOffice.auditBefore')}</dt>
                    <dd>
                      <code>{JSON.stringify(entry.outcome.before)}</code>
                    </dd>
                    <dt>{t('backOffice.auditAfter')}</dt>
                    <dd>
                      <code>{JSON.stringify(entry.outcome.result ?? null)}</code>
                    </dd>
                  </dl>
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
