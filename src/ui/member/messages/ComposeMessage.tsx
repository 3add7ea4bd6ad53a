import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../core/apiErrors';
import { newIdempotencyKey } from '../../core/requestKeys';
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX } from '../../../shared/messages';
import { Field } from '../../components/Field';
import { useErrorText } from '../../components/forms/useErrorText';
import { Button } from '../../components/Button';
import { messagesFeature } from '../../../app/features/messages';
import { useFeature } from '../../core/useFeature';

type Audience = 'account' | 'directDownlines';
type Field = 'account' | 'subject' | 'body';

/**
 * The agent writes to its team: one member (by account, any level) or every direct downline.
 * Blank fields are caught here; the server checks everything again (who is in the team).
 */
export function ComposeMessage() {
  const { t } = useTranslation();
  const messagesModule = useFeature(messagesFeature);
  const errorText = useErrorText();
  const id = useId();
  const [audience, setAudience] = useState<Audience>('account');
  const [account, setAccount] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  // One key per message as written: a retry after a lost answer sends the same key and is
  // delivered once; any edit makes it another message, with a key of its own.
  const [requestKey, setRequestKey] = useState(newIdempotencyKey);
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setRequestKey(newIdempotencyKey());
    };
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [delivered, setDelivered] = useState<number | null>(null);

  const submit = async () => {
    const found: Partial<Record<Field, string>> = {};
    if (audience === 'account' && !account.trim()) found.account = t('messages.accountRequired');
    if (!subject.trim()) found.subject = t('messages.subjectRequired');
    if (!body.trim()) found.body = t('messages.bodyRequired');
    setProblems(found);
    setFailure(null);
    setDelivered(null);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const to =
        audience === 'account' ? { account: account.trim() } : { directDownlines: true as const };
      const sent = await messagesModule.send({ to, subject, body, requestKey });
      setDelivered(sent.delivered);
      setSubject('');
      setBody('');
      setRequestKey(newIdempotencyKey());
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'not_in_team') setProblems({ account: errorText(code) ?? '' });
      else setFailure(code);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="compose-message"
      data-testid="compose-message"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>{t('messages.write')}</h2>
      <fieldset>
        <legend>{t('messages.to')}</legend>
        {(['account', 'directDownlines'] as const).map((choice) => (
          <label key={choice}>
            <input
              type="radio"
              name="audience"
              value={choice}
              checked={audience === choice}
              onChange={() => edited(setAudience)(choice)}
            />{' '}
            {t(`messages.to_${choice}`)}
          </label>
        ))}
      </fieldset>
      {audience === 'account' && (
        <Field
          label={t('agentOffice.account')}
          name="account"
          autoComplete="off"
          value={account}
          maxLength={64}
          onChange={(event) => edited(setAccount)(event.target.value)}
          error={problems.account}
        />
      )}
      <Field
        label={t('messages.subject')}
        name="subject"
        autoComplete="off"
        value={subject}
        maxLength={MESSAGE_SUBJECT_MAX}
        onChange={(event) => edited(setSubject)(event.target.value)}
        error={problems.subject}
      />
      <div className="form-field">
        <label htmlFor={`${id}-body`}>{t('messages.body')}</label>
        <textarea
          id={`${id}-body`}
          name="body"
          rows={5}
          value={body}
          maxLength={MESSAGE_BODY_MAX}
          aria-invalid={problems.body ? true : undefined}
          aria-describedby={`${id}-count${problems.body ? ` ${id}-error` : ''}`}
          onChange={(event) => edited(setBody)(event.target.value)}
        />
        <p id={`${id}-count`} className="field-hint">
          {t('messages.charactersLeft', { count: MESSAGE_BODY_MAX - body.length })}
        </p>
        {problems.body && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {problems.body}
          </p>
        )}
      </div>
      {failure && (
        <p role="alert" className="field-error">
          {errorText(failure)}
        </p>
      )}
      {delivered !== null && (
        <p role="status" className="agent-success" data-testid="compose-message-sent">
          {t('messages.sent', { count: delivered })}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={sending}>
        {sending ? t('common.loading') : t('messages.send')}
      </Button>
    </form>
  );
}
