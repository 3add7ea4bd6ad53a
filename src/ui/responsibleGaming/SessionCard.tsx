import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REALITY_CHECK_MINUTES, type RgStatus } from '../../shared/responsibleGaming';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Select } from '../components/Field';
import { useErrorText } from '../components/forms/useErrorText';
import { placeError } from '../components/forms/errorFields';
import { errorCodeOf, errorFieldOf } from '../core/apiErrors';
import { useRgFormat } from './rgFormat';
import { rgFeature } from '../../app/features/responsibleGaming';
import { useFeature } from '../core/useFeature';

/** The session limits offered, in minutes (the server takes any whole minute in its bounds). */
const SESSION_CHOICES = [30, 60, 90, 120, 180, 240, 360, 480, 720];

/** The zones the browser knows, the stored one and the device's included. */
function zoneChoices(current: string): string[] {
  const listed =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return [...new Set([current, device, 'UTC', ...listed])].sort((a, b) => a.localeCompare(b));
}

const asNumber = (value: FormDataEntryValue | null) => (value ? Number(value) : null);

/**
 * The session-time limit, the reality check's interval and the time zone limits count in.
 * A longer or removed session limit, and a new zone while limits are in force, wait for the
 * cooling-off delay like a raised limit; the reality check applies at once.
 */
export function SessionCard({
  status,
  onSaved,
}: {
  status: RgStatus;
  onSaved: (status: RgStatus) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const format = useRgFormat();
  const rgModule = useFeature(rgFeature);
  // The refusal, and the field it names (`value.field`: the time zone).
  const [error, setError] = useState<{ code: string; field: string | null } | null>(null);
  const placed = placeError(
    error?.code,
    ['sessionLimit', 'realityCheck', 'timeZone'],
    error?.field,
  );
  const under = (field: string) => (placed?.field === field ? errorText(placed.code) : null);
  const [sending, setSending] = useState(false);
  const [saved, setSaved] = useState(false);
  const zones = useMemo(() => zoneChoices(status.timeZone), [status.timeZone]);
  const sessionChoices = [
    ...new Set([...SESSION_CHOICES, ...(status.sessionLimit ? [status.sessionLimit] : [])]),
  ].sort((a, b) => a - b);
  const shownSession = status.pendingSessionLimit
    ? status.pendingSessionLimit.minutes
    : status.sessionLimit;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const session = asNumber(form.get('sessionLimit'));
    const reality = asNumber(form.get('realityCheck'));
    const zone = String(form.get('timeZone') ?? status.timeZone);
    setError(null);
    setSaved(false);
    setSending(true);
    try {
      let next: RgStatus | null = null;
      if (session !== shownSession) next = await rgModule.setSessionLimit(session);
      if (reality !== status.realityCheckMinutes) next = await rgModule.setRealityCheck(reality);
      const shownZone = status.pendingTimeZone?.timeZone ?? status.timeZone;
      if (zone !== shownZone) next = await rgModule.setTimeZone(zone);
      if (next) {
        onSaved(next);
        setSaved(true);
      }
    } catch (failure) {
      setError({ code: errorCodeOf(failure), field: errorFieldOf(failure) ?? null });
    } finally {
      setSending(false);
    }
  }

  return (
    <Card title={t('rg.sessionTitle')} className="rg-session" data-testid="rg-session">
      <form className="rg-form" noValidate onSubmit={submit} aria-busy={sending}>
        <div className="rg-fields">
          <div>
            {/* Keyed by its value: a change elsewhere (another tab, the page's first time zone)
                shows here without undoing what is being chosen in the other fields. */}
            <Select
              key={`session:${shownSession}`}
              label={t('rg.sessionLimit')}
              name="sessionLimit"
              error={under('sessionLimit')}
              defaultValue={shownSession === null ? '' : String(shownSession)}
              options={[
                { value: '', label: t('rg.off') },
                ...sessionChoices.map((minutes) => ({
                  value: String(minutes),
                  label: format.duration(minutes),
                })),
              ]}
            />
            <p className="field-hint">
              {t('rg.sessionLimitHint', { break: format.duration(status.sessionBreakMinutes) })}
              {status.pendingSessionLimit &&
                ` · ${t('rg.pendingSession', {
                  value:
                    status.pendingSessionLimit.minutes === null
                      ? t('rg.off')
                      : format.duration(status.pendingSessionLimit.minutes),
                  at: format.date(status.pendingSessionLimit.at),
                })}`}
            </p>
          </div>
          <div>
            <Select
              key={`reality:${status.realityCheckMinutes}`}
              label={t('rg.realityCheck')}
              name="realityCheck"
              error={under('realityCheck')}
              defaultValue={
                status.realityCheckMinutes === null ? '' : String(status.realityCheckMinutes)
              }
              options={[
                { value: '', label: t('rg.off') },
                ...REALITY_CHECK_MINUTES.map((minutes) => ({
                  value: String(minutes),
                  label: t('rg.every', { duration: format.duration(minutes) }),
                })),
              ]}
            />
            <p className="field-hint">{t('rg.realityCheckHint')}</p>
          </div>
          <div>
            <Select
              key={`zone:${status.pendingTimeZone?.timeZone ?? status.timeZone}`}
              label={t('rg.timeZone')}
              name="timeZone"
              error={under('timeZone')}
              defaultValue={status.pendingTimeZone?.timeZone ?? status.timeZone}
              options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
            />
            <p className="field-hint">
              {t('rg.timeZoneHint')}
              {status.pendingTimeZone &&
                ` · ${t('rg.pendingTimeZone', {
                  zone: status.pendingTimeZone.timeZone,
                  at: format.date(status.pendingTimeZone.at),
                })}`}
            </p>
          </div>
        </div>
        {placed && !placed.field && (
          <p className="form-error" role="alert">
            {errorText(placed.code)}
          </p>
        )}
        {saved && (
          <p role="status" className="rg-saved">
            {t('rg.saved')}
          </p>
        )}
        <Button type="submit" variant="primary" busy={sending} data-testid="rg-save-session">
          {t('rg.save')}
        </Button>
      </form>
    </Card>
  );
}
