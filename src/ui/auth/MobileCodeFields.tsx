import { useMachine } from '@xstate/react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { smsCountdownMachine } from '../../machines/smsCountdown';
import { Field } from '../components/Field';
import { useCountries } from './useCountries';
import { useErrorText } from '../components/forms/useErrorText';
import { errorField } from '../components/forms/errorFields';
import { Button } from '../components/Button';
import { authFeature } from '../../app/features/auth';
import { useFeature } from '../core/useFeature';

/**
 * Country code, mobile number, and the SMS code with its "send" button (spec 4: resend is
 * disabled for expiredMinutes × 60 s with a visible countdown). Sending solves the proof of
 * work first. `purpose` picks the call: login/reset codes or registration codes. The form's
 * refusals of either field come in `errors`; a refused send shows under the number when it is
 * the number's (invalid, registered already: errorFields.ts), else beside the send button.
 */
export function MobileCodeFields({
  purpose,
  errors = {},
  errorTestId,
}: {
  purpose: 'login' | 'register';
  errors?: { mobileNum?: string | null; verificationCode?: string | null };
  /** The test id of the form's refusal (`errors`), when it keeps one wherever it shows. */
  errorTestId?: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const authModule = useFeature(authFeature);
  const countries = useCountries();
  const [mobileNum, setMobileNum] = useState('');
  const [dialing, setDialing] = useState<string | null>(null);
  const countryDialingCode = dialing ?? countries[0]?.countryDialingCode ?? '';
  const selectId = useId();
  const mobileErrorId = `${selectId}-mobile-error`;

  const machine = useMemo(
    () =>
      smsCountdownMachine.provide({
        actors: {
          sendCode: fromPromise(async ({ input }) => {
            const altcha = await authModule.proveHuman();
            const send =
              purpose === 'login' ? authModule.sendLoginCode : authModule.sendRegisterCode;
            return send({ ...input, altcha });
          }),
        },
      }),
    [authModule, purpose],
  );
  const [snapshot, send] = useMachine(machine);
  const sending = snapshot.matches('sending');
  const counting = snapshot.matches('countingDown');
  const mobileValid = /^[0-9]{6,15}$/.test(mobileNum);
  const sendError = snapshot.context.error;
  const sendErrorOfNumber = errorField(sendError) === 'mobileNum';
  const mobileError = errors.mobileNum ?? (sendErrorOfNumber ? errorText(sendError) : null) ?? null;
  const codeError =
    errors.verificationCode ?? (sendErrorOfNumber ? null : errorText(sendError)) ?? null;

  return (
    <>
      <div className="form-field">
        <label htmlFor={selectId}>{t('auth.mobile')}</label>
        <div className="form-field-row">
          <select
            id={selectId}
            name="countryDialingCode"
            aria-label={t('auth.countryCode')}
            value={countryDialingCode}
            onChange={(event) => setDialing(event.target.value)}
          >
            {countries.map((country) => (
              <option key={country.countryCode} value={country.countryDialingCode}>
                {country.countryCode} +{country.countryDialingCode}
              </option>
            ))}
          </select>
          <input
            name="mobileNum"
            aria-label={t('auth.mobile')}
            inputMode="numeric"
            autoComplete="tel-national"
            value={mobileNum}
            onChange={(event) => setMobileNum(event.target.value.replace(/\D/g, ''))}
            aria-invalid={mobileError ? true : undefined}
            aria-describedby={mobileError ? mobileErrorId : undefined}
          />
        </div>
        {mobileError && (
          <p
            id={mobileErrorId}
            className="field-error"
            role="alert"
            data-testid={errors.mobileNum ? errorTestId : undefined}
          >
            {mobileError}
          </p>
        )}
      </div>
      <Field
        label={t('auth.verificationCode')}
        name="verificationCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        error={codeError}
        errorTestId={errors.verificationCode ? errorTestId : undefined}
        addon={
          <Button
            className="send-code"
            data-testid="send-code"
            disabled={!mobileValid || sending || counting}
            onClick={() => send({ type: 'sms.send', mobileNum, countryDialingCode })}
          >
            {sending
              ? t('auth.sending')
              : counting
                ? t('auth.resendIn', { seconds: snapshot.context.remaining })
                : t('auth.sendCode')}
          </Button>
        }
      />
    </>
  );
}
