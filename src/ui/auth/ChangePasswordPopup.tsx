import { useMachine } from '@xstate/react';
import { useOnceWhen } from '../hooks/useOnceWhen';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { changePasswordMachine } from '../../machines/changePassword';
import { DEFAULT_PASSWORD_RULE } from '../../shared/fieldRules';
import { usePopups } from '../core/PopupContext';
import { useAuthActions } from '../core/session/useAuthActions';
import { fieldMessage } from '../components/forms/fieldMessages';
import { Field } from '../components/Field';
import { readForm } from './formData';
import { useErrorText } from '../components/forms/useErrorText';
import { placeError } from '../components/forms/errorFields';
import { useNamedField } from '../components/forms/useNamedField';
import { useRegistrationRules } from '../components/forms/useRegistrationRules';
import { Button } from '../components/Button';
import { authFeature } from '../../app/features/auth';
import { useFeature } from '../core/useFeature';

/**
 * Change password (spec 4): after a login with the default or an expired password the old one
 * is the password just typed (spec 5: "old password required unless the stored password is
 * used"); otherwise the member types it. Success logs in again with the new session.
 */
export default function ChangePasswordPopup() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const authModule = useFeature(authFeature);
  const { data } = usePopups();
  const { completeLogin } = useAuthActions();
  const passwordRule = useRegistrationRules().config?.rules.password ?? DEFAULT_PASSWORD_RULE;
  const stored = data.currentPassword;
  // The field a refusal names (`value.field`: the new password or its confirmation).
  const { note, clear, named } = useNamedField();
  const machine = useMemo(
    () =>
      changePasswordMachine.provide({
        actors: {
          submitChange: fromPromise(({ input }) => authModule.changePassword(input).catch(note)),
        },
      }),
    [authModule, note],
  );
  const [snapshot, send] = useMachine(machine, { input: { passwordRule, requireOld: !stored } });
  const { error, errors } = snapshot.context;
  const busy = snapshot.matches('submitting');

  const result = snapshot.status === 'done' ? snapshot.output : null;
  useOnceWhen(
    result,
    (output) => void completeLogin({ result: output, password: null, mustChangePassword: false }),
  );

  // The form's own problems under their fields; a refusal (a wrong current password) under
  // the field it belongs to (errorFields.ts), else above the button.
  const placed = placeError(
    error,
    [...(stored ? [] : ['oldPassword']), 'newPassword', 'confirmNewPassword'],
    named(error),
  );
  const errorFor = (field: string) => {
    const problem = errors[field];
    if (problem) return fieldMessage(t, problem);
    return placed?.field === field ? errorText(placed.code) : null;
  };
  return (
    <form
      className="auth-form"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        const fields = readForm(event);
        clear();
        send({
          type: 'password.submit',
          oldPassword: stored ?? fields.oldPassword ?? '',
          newPassword: fields.newPassword ?? '',
          confirmNewPassword: fields.confirmNewPassword ?? '',
        });
      }}
    >
      {data.reason && (
        <p>{t(data.reason === 'default' ? 'auth.mustChangeDefault' : 'auth.mustChangeExpired')}</p>
      )}
      {!stored && (
        <Field
          label={t('auth.oldPassword')}
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          required
          error={errorFor('oldPassword')}
        />
      )}
      <Field
        label={t('auth.newPassword')}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errorFor('newPassword')}
      />
      <Field
        label={t('auth.confirmNewPassword')}
        name="confirmNewPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errorFor('confirmNewPassword')}
      />
      {placed && !placed.field && (
        <p className="form-error" role="alert">
          {errorText(placed.code)}
        </p>
      )}
      <Button type="submit" variant="primary" block disabled={busy}>
        {busy ? t('common.loading') : t('auth.changePasswordTitle')}
      </Button>
    </form>
  );
}
