import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorCodeOf, errorFieldOf } from '../../core/apiErrors';
import {
  DOWNLINE_KINDS,
  type DownlineKind,
  type RegisteredDownline,
} from '../../../shared/agentReports';
import { checkField, type FieldProblem, type FieldRule } from '../../../shared/fieldRules';
import { fieldMessage } from '../../components/forms/fieldMessages';
import { Field } from '../../components/Field';
import { useErrorText } from '../../components/forms/useErrorText';
import { useRegistrationRules } from '../../components/forms/useRegistrationRules';
import { agentFeature } from '../../../app/features/agent';
import { useFeature } from '../../core/useFeature';
import { LoadFailed } from '../../components/LoadFailed';
import { Button } from '../../components/Button';

type Field = 'username' | 'password' | 'confirmPassword' | 'nickname';

/** Only when the settings have no rule for a field: the server's rule still applies. */
const ANY_TEXT: FieldRule = {
  acceptedPattern: '*',
  patternId: 'LENGTH',
  minLength: 1,
  maxLength: 64,
};
type Problems = Partial<Record<Field, FieldProblem | string>>;

/**
 * registerCenter (add account): the agent opens a direct downline, a player or a sub-agent.
 * The page checks the fields with the registration rules as the public register form does; the
 * server checks again and has the last word (a taken name, a race).
 */
export function RegisterCenterPage() {
  const { t } = useTranslation();
  const agentModule = useFeature(agentFeature);
  const errorText = useErrorText();
  const { config, failed, retry } = useRegistrationRules();
  const [problems, setProblems] = useState<Problems>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<RegisteredDownline | null>(null);
  const [formKey, setFormKey] = useState(0);

  if (failed) {
    return <LoadFailed onRetry={retry} />;
  }
  if (!config) {
    return (
      <p role="status" className="records-loading">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  }

  const check = (fields: Record<Field, string>): Problems => {
    const found: Problems = {};
    const username = checkField(fields.username, config.rules.username ?? ANY_TEXT, true);
    if (username) found.username = username;
    const password = checkField(fields.password, config.rules.password ?? ANY_TEXT, true);
    if (password) found.password = password;
    if (!password && fields.confirmPassword !== fields.password) {
      found.confirmPassword = 'inconsistent';
    }
    const nickname = checkField(fields.nickname, config.rules.nickname ?? ANY_TEXT, false);
    if (nickname) found.nickname = nickname;
    return found;
  };
  const errorFor = (field: Field) => {
    const problem = problems[field];
    return problem ? fieldMessage(t, problem) : null;
  };

  return (
    <section className="agent-register" data-testid="register-center">
      <p>{t('agentOffice.register.intro')}</p>
      {created && (
        <div role="status" className="agent-success" data-testid="register-center-done">
          <p>{t('agentOffice.register.done', { account: created.account })}</p>
          <Link to="/agentHome/downlineManagmentView">{t('agentOffice.register.seeTeam')}</Link>
        </div>
      )}
      <form
        key={formKey}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const text = (name: string) => String(data.get(name) ?? '');
          const fields = {
            username: text('username').trim(),
            password: text('password'),
            confirmPassword: text('confirmPassword'),
            nickname: text('nickname').trim(),
          };
          const kind = text('kind') as DownlineKind;
          const found = check(fields);
          setProblems(found);
          setFailure(null);
          if (Object.keys(found).length > 0) return;
          setSubmitting(true);
          agentModule
            .register({ ...fields, nickname: fields.nickname || undefined, kind })
            .then(
              (downline) => {
                setCreated(downline);
                setFormKey((n) => n + 1);
              },
              (error: unknown) => {
                const code = errorCodeOf(error, 'unknown_error');
                const field = errorFieldOf(error) as Field | undefined;
                if (code === 'username_taken') setProblems({ username: code });
                else if (code === 'field_invalid' && field) setProblems({ [field]: code });
                else setFailure(code);
                setCreated(null);
              },
            )
            .finally(() => setSubmitting(false));
        }}
      >
        <Field
          label={t('auth.username')}
          name="username"
          autoComplete="off"
          required
          error={errorFor('username')}
        />
        <Field
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={errorFor('password')}
        />
        <Field
          label={t('auth.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errorFor('confirmPassword')}
        />
        <Field
          label={t('register.nickname')}
          name="nickname"
          autoComplete="off"
          error={errorFor('nickname')}
        />
        <div className="form-field">
          <label htmlFor="agent-register-kind">{t('agentOffice.register.kind')}</label>
          <select id="agent-register-kind" name="kind" defaultValue="player">
            {DOWNLINE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`agentOffice.kind_${kind}`)}
              </option>
            ))}
          </select>
        </div>
        {failure && (
          <p role="alert" className="field-error">
            {errorText(failure)}
          </p>
        )}
        <Button
          type="submit"
          variant="primary"
          disabled={submitting}
          data-testid="register-center-submit"
        >
          {submitting ? t('common.loading') : t('agentOffice.register.submit')}
        </Button>
      </form>
    </section>
  );
}
