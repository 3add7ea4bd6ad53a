import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ExclusionDuration,
  type ExclusionKind,
  exclusionEnd,
  SELF_EXCLUSIONS,
  TIME_OUTS,
} from '../../shared/responsibleGaming';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { useDialog } from '../components/DialogProvider';
import { Field, Select } from '../components/Field';
import { useErrorText } from '../components/forms/useErrorText';
import { placeError } from '../components/forms/errorFields';
import { errorCodeOf, errorFieldOf } from '../core/apiErrors';
import { useServices } from '../core/ServicesContext';
import { useSafeNavigate } from '../core/useSafeNavigate';
import { useRgFormat } from './rgFormat';
import { rgFeature } from '../../app/features/responsibleGaming';
import { useFeature } from '../core/useFeature';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A time-out ("take a break": 24 hours to 30 days) or a self-exclusion (six months to five
 * years, or for good). The member confirms with the password and then once more, seeing the
 * end; the server logs every session out at once, and the page says until when.
 */
export function ExclusionCard({ kind }: { kind: ExclusionKind }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const format = useRgFormat();
  const dialog = useDialog();
  const navigate = useSafeNavigate();
  const { session, stopPlay$ } = useServices();
  const rgModule = useFeature(rgFeature);
  // The refusal, and the field it names (the form's own check, or the server's `value.field`).
  const [error, setError] = useState<{ code: string; field: string | null } | null>(null);
  const placed = placeError(error?.code, ['duration', 'password'], error?.field);
  const under = (field: string) => (placed?.field === field ? errorText(placed.code) : null);
  const [sending, setSending] = useState(false);
  const durations: readonly ExclusionDuration[] = kind === 'timeOut' ? TIME_OUTS : SELF_EXCLUSIONS;
  const name = kind === 'timeOut' ? 'break' : 'exclusion';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const duration = String(form.get('duration')) as ExclusionDuration;
    const password = String(form.get('password') ?? '');
    if (!password) {
      setError({ code: 'field_invalid', field: 'password' });
      return;
    }
    setError(null);
    const end = exclusionEnd(duration, new Date());
    const question = end
      ? t(kind === 'timeOut' ? 'rg.confirmBreak' : 'rg.confirmExclusion', {
          end: format.date(end.toISOString()),
        })
      : t('rg.confirmPermanent');
    const answer = await dialog({
      icon: 'warning',
      title: t(kind === 'timeOut' ? 'rg.breakTitle' : 'rg.exclusionTitle'),
      html: `<p>${escapeHtml(question)}</p>`,
      buttons: [
        { key: 'cancel', label: t('in_more_cancel') },
        {
          key: 'confirm',
          label: t(kind === 'timeOut' ? 'rg.takeBreak' : 'rg.excludeMe'),
          primary: true,
        },
      ],
    });
    if (answer !== 'confirm') return;
    setSending(true);
    try {
      const done = await rgModule.exclude({ kind, duration, password });
      // Home first, then the logout: the member centre's guard would send a guest to the login.
      stopPlay$.next();
      navigate('/', { replace: true });
      session.logout();
      const text = done.endsAt
        ? t(`auth.excludedUntil_${done.kind}`, { end: format.date(done.endsAt) })
        : t('auth.excludedForever');
      void dialog({
        icon: 'info',
        title: t(kind === 'timeOut' ? 'rg.breakTitle' : 'rg.exclusionTitle'),
        html: `<p>${escapeHtml(text)}</p><p>${escapeHtml(t('rg.loggedOut'))}</p>`,
        buttons: [{ key: 'ok', label: t('in_increase_submit'), primary: true }],
      });
    } catch (failure) {
      setError({ code: errorCodeOf(failure), field: errorFieldOf(failure) ?? null });
      setSending(false);
    }
  }

  return (
    <Card
      title={t(kind === 'timeOut' ? 'rg.breakTitle' : 'rg.exclusionTitle')}
      className="rg-exclusion"
      data-testid={`rg-${name}`}
    >
      <p className="reward-note">{t(kind === 'timeOut' ? 'rg.breakBody' : 'rg.exclusionBody')}</p>
      <form className="rg-form" noValidate onSubmit={submit} aria-busy={sending}>
        <div className="rg-fields">
          <Select
            label={t('rg.duration')}
            name="duration"
            defaultValue={durations[0]}
            options={durations.map((duration) => ({
              value: duration,
              label: t(`rg.duration_${duration}`),
            }))}
            error={under('duration')}
          />
          <Field
            label={t('rg.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            error={under('password')}
          />
        </div>
        {placed && !placed.field && (
          <p className="form-error" role="alert">
            {errorText(placed.code)}
          </p>
        )}
        <Button
          type="submit"
          variant={kind === 'timeOut' ? 'secondary' : 'danger'}
          busy={sending}
          data-testid={`rg-${name}-submit`}
        >
          {t(kind === 'timeOut' ? 'rg.takeBreak' : 'rg.excludeMe')}
        </Button>
      </form>
    </Card>
  );
}
