import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { useDialog } from '../components/DialogProvider';
import { Field } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { shownValue, useQuery } from '../hooks/useQuery';
import type { PanelProps } from './panelProps';
import './admin.css';

/**
 * The maintenance switch (issue 30), the admin's: the current state and its expected end; on
 * (with an optional end, after a confirmation: it closes the site to players) or off. The back
 * office, the chat and the support console stay open meanwhile (server/http/app.ts).
 */
export function SystemPanel({ office }: PanelProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const dialog = useDialog();
  const errorText = useErrorText();
  const status = useQuery('back-office-maintenance', (signal) => office.admin.maintenance(signal));
  const state = shownValue(status.state);
  const [end, setEnd] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  if (!state) return <QueryFallback state={status.state} onRetry={status.refresh} lines={2} />;

  const change = (enabled: boolean, endAt: string | null) => {
    setBusy(true);
    setError(null);
    office.admin.setMaintenance(enabled, endAt).then(
      () => {
        setBusy(false);
        setEnd('');
        toast(t(enabled ? 'backOffice.admin.switchedOn' : 'backOffice.admin.switchedOff'), {
          tone: 'success',
        });
        status.refresh();
      },
      (failure: unknown) => {
        setBusy(false);
        setError(errorText(errorCodeOf(failure)));
      },
    );
  };

  const switchOn = async (event: FormEvent) => {
    event.preventDefault();
    // datetime-local is the admin's local time; the server keeps an instant.
    const endAt = end ? new Date(end) : null;
    if (endAt && (Number.isNaN(endAt.getTime()) || endAt.getTime() <= Date.now())) {
      setError(t('backOffice.admin.maintenanceEndPast'));
      return;
    }
    const answer = await dialog({
      icon: 'warning',
      title: t('backOffice.admin.switchOnTitle'),
      html: t('backOffice.admin.switchOnBody'),
      buttons: [
        { key: 'cancel', label: t('backOffice.admin.cancel') },
        { key: 'on', label: t('backOffice.admin.switchOn'), primary: true },
      ],
    });
    if (answer === 'on') change(true, endAt ? endAt.toISOString() : null);
  };

  return (
    <div className="admin-panel" data-testid="system-panel">
      <Card
        title={t('backOffice.admin.maintenanceTitle')}
        actions={
          state.enabled ? (
            <Badge tone="danger">{t('backOffice.admin.statusOn')}</Badge>
          ) : (
            <Badge tone="success">{t('backOffice.admin.statusOff')}</Badge>
          )
        }
      >
        <p role="status" data-testid="maintenance-state" data-enabled={String(state.enabled)}>
          {state.enabled
            ? t('backOffice.admin.maintenanceOn')
            : t('backOffice.admin.maintenanceOff')}
          {state.enabled && state.end && (
            <>
              {' '}
              {t('backOffice.admin.maintenanceUntil', { end: format.format(new Date(state.end)) })}
            </>
          )}
        </p>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        {state.enabled ? (
          <Button variant="primary" busy={busy} onClick={() => change(false, null)}>
            {t('backOffice.admin.switchOff')}
          </Button>
        ) : (
          <form className="admin-form" onSubmit={(event) => void switchOn(event)} noValidate>
            <Field
              label={t('backOffice.admin.maintenanceEnd')}
              name="maintenance-end"
              type="datetime-local"
              value={end}
              hint={t('backOffice.admin.maintenanceEndHint')}
              onChange={(event) => setEnd(event.target.value)}
            />
            <Button type="submit" variant="danger" busy={busy}>
              {t('backOffice.admin.switchOn')}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
