import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PopupExecution } from '../../shared/announcements';
import {
  ANNOUNCEMENT_KINDS,
  type AnnouncementInput,
  type AnnouncementKind,
} from '../../shared/backOfficeAnnouncements';
import {
  completeLanguageNames,
  completeLanguages,
  type CompleteLanguage,
} from '../../shared/languages';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Field, Select } from '../components/Field';
import { Tabs } from '../components/Tabs';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf, errorDetailOf } from '../core/apiErrors';
import { AnnouncementPreview } from './AnnouncementPreview';
import type { PanelProps } from './panelProps';

/** The executions each kind may have, its default first (the server's rule). */
const EXECUTIONS: Record<AnnouncementKind, readonly PopupExecution[]> = {
  announcement: ['A', 'F'],
  popup: ['B', 'A', 'F'],
  notice: [],
};

interface Draft {
  kind: AnnouncementKind;
  execution: PopupExecution | null;
  title: Record<string, string>;
  content: Record<string, string>;
  goReward: boolean;
  startsAt: string;
  endsAt: string;
  accounts: string;
}

const EMPTY: Draft = {
  kind: 'popup',
  execution: 'B',
  title: {},
  content: {},
  goReward: false,
  startsAt: '',
  endsAt: '',
  accounts: '',
};

/** Only the languages with a text: an empty one falls back to English for its players. */
const filled = (texts: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(texts)
      .map(([code, text]) => [code, text.trim()] as const)
      .filter(([, text]) => text !== ''),
  );

const isoOf = (local: string): string | undefined =>
  local ? new Date(local).toISOString() : undefined;

function inputOf(draft: Draft): AnnouncementInput {
  const accounts = draft.accounts
    .split(/[\s,]+/)
    .map((name) => name.trim())
    .filter(Boolean);
  return {
    kind: draft.kind,
    ...(draft.execution && draft.kind !== 'notice' ? { execution: draft.execution } : {}),
    title: filled(draft.title),
    content: filled(draft.content),
    goReward: draft.kind !== 'notice' && draft.goReward,
    ...(draft.startsAt ? { startsAt: isoOf(draft.startsAt) } : {}),
    ...(draft.endsAt ? { endsAt: isoOf(draft.endsAt) } : {}),
    ...(accounts.length ? { accounts } : {}),
  };
}

/**
 * The server's words for a refused draft ("title.ES: may not be empty; endsAt: is already
 * past") by field: `title.ES` under `title.ES`, a message without a field under ''.
 */
export function fieldProblems(detail: string): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const part of detail.split('; ')) {
    const match = /^([A-Za-z]+(?:\.[A-Z]{2})?)(?:\.[\w.]+)?: (.+)$/.exec(part);
    const field = match ? match[1]! : '';
    const message = match ? match[2]! : part;
    problems[field] = problems[field] ? `${problems[field]}; ${message}` : message;
  }
  return problems;
}

/**
 * A new announcement, notice or pop-up (issue 30): its kind and when it shows, its texts per
 * language beside a preview of how a player of that language sees it (an empty language shows
 * the English text, as the site does), its dates and, when given, the only accounts that see
 * it. The server checks the draft; what it refuses is shown under the field it is about.
 */
export function AnnouncementEditor({
  office,
  onDone,
}: {
  office: PanelProps['office'];
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [language, setLanguage] = useState<CompleteLanguage>('EN');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const change = (next: Partial<Draft>) => setDraft((now) => ({ ...now, ...next }));
  const setText = (field: 'title' | 'content', text: string) =>
    setDraft((now) => ({ ...now, [field]: { ...now[field], [language]: text } }));
  const problem = (...fields: string[]) =>
    fields
      .map((field) => problems[field])
      .filter(Boolean)
      .join('; ') || null;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblems({});
    office.announcements.create(inputOf(draft)).then(
      (created) => {
        setBusy(false);
        toast(t('backOffice.announcementsPage.created', { id: created.id }), { tone: 'success' });
        onDone(true);
      },
      (error: unknown) => {
        setBusy(false);
        const code = errorCodeOf(error);
        const detail = errorDetailOf(error);
        if (code === 'invalid_request' && detail) setProblems(fieldProblems(detail));
        else if ((code === 'unknown_account' || code === 'member_excluded') && detail)
          setProblems({ accounts: detail });
        else setProblems({ '': errorText(code) ?? t('errors.unknown') });
      },
    );
  };

  const executions = EXECUTIONS[draft.kind];
  const contentProblem = problem('content', `content.${language}`);
  // Every refusal at once, languages other than the one on screen included.
  const all = Object.entries(problems).map(([field, message]) =>
    field ? `${field}: ${message}` : message,
  );

  return (
    <form
      className="promotion-editor announcement-editor"
      data-testid="announcement-editor"
      onSubmit={save}
      noValidate
    >
      <Card title={t('backOffice.announcementsPage.newTitle')}>
        <div className="promotion-grid">
          <Select
            label={t('backOffice.announcementsPage.kind')}
            name="kind"
            value={draft.kind}
            error={problem('kind')}
            options={ANNOUNCEMENT_KINDS.map((kind) => ({
              value: kind,
              label: t(`backOffice.announcementsPage.kinds.${kind}`),
            }))}
            onChange={(event) => {
              const kind = event.target.value as AnnouncementKind;
              change({ kind, execution: EXECUTIONS[kind][0] ?? null });
            }}
          />
          {executions.length > 0 && (
            <Select
              label={t('backOffice.announcementsPage.execution')}
              name="execution"
              value={draft.execution ?? ''}
              error={problem('execution')}
              options={executions.map((execution) => ({
                value: execution,
                label: t(`backOffice.announcementsPage.executions.${execution}`),
              }))}
              onChange={(event) => change({ execution: event.target.value as PopupExecution })}
            />
          )}
          <Field
            label={t('backOffice.announcementsPage.startsAt')}
            name="startsAt"
            type="datetime-local"
            value={draft.startsAt}
            hint={t('backOffice.announcementsPage.startsAtHint')}
            error={problem('startsAt')}
            onChange={(event) => change({ startsAt: event.target.value })}
          />
          <Field
            label={t('backOffice.announcementsPage.endsAt')}
            name="endsAt"
            type="datetime-local"
            value={draft.endsAt}
            hint={t('backOffice.announcementsPage.endsAtHint')}
            error={problem('endsAt')}
            onChange={(event) => change({ endsAt: event.target.value })}
          />
          <Field
            label={t('backOffice.announcementsPage.accounts')}
            name="accounts"
            value={draft.accounts}
            hint={t('backOffice.announcementsPage.accountsHint')}
            error={problem('accounts')}
            autoComplete="off"
            onChange={(event) => change({ accounts: event.target.value })}
          />
          {draft.kind !== 'notice' && (
            <label className="checkbox announcement-go">
              <input
                type="checkbox"
                name="goReward"
                checked={draft.goReward}
                onChange={(event) => change({ goReward: event.target.checked })}
              />
              {t('backOffice.announcementsPage.goReward')}
            </label>
          )}
        </div>
      </Card>

      <Card title={t('backOffice.announcementsPage.textsTitle')}>
        <p className="field-hint">{t('backOffice.announcementsPage.textsHint')}</p>
        <Tabs
          label={t('backOffice.announcementsPage.language')}
          items={completeLanguages.map((code) => ({
            id: code,
            label:
              draft.title[code]?.trim() || draft.content[code]?.trim()
                ? `${completeLanguageNames[code]} ✓`
                : completeLanguageNames[code],
          }))}
          current={language}
          onSelect={setLanguage}
          panelId="announcement-texts"
        />
        <div className="promotion-texts" id="announcement-texts">
          <div className="promotion-grid">
            <Field
              label={t('backOffice.announcementsPage.textTitle', {
                language: completeLanguageNames[language],
              })}
              name={`title-${language}`}
              value={draft.title[language] ?? ''}
              maxLength={120}
              error={problem('title', `title.${language}`)}
              onChange={(event) => setText('title', event.target.value)}
            />
            <div className="form-field">
              <label htmlFor={`announcement-content-${language}`}>
                {t('backOffice.announcementsPage.textContent', {
                  language: completeLanguageNames[language],
                })}
              </label>
              <textarea
                id={`announcement-content-${language}`}
                name={`content-${language}`}
                rows={6}
                maxLength={5000}
                value={draft.content[language] ?? ''}
                aria-invalid={contentProblem ? true : undefined}
                aria-describedby={
                  contentProblem
                    ? `announcement-content-${language}-hint announcement-content-${language}-error`
                    : `announcement-content-${language}-hint`
                }
                onChange={(event) => setText('content', event.target.value)}
              />
              <p id={`announcement-content-${language}-hint`} className="field-hint">
                {t('backOffice.announcementsPage.contentHint')}
              </p>
              {contentProblem && (
                <p
                  id={`announcement-content-${language}-error`}
                  className="field-error"
                  role="alert"
                >
                  {contentProblem}
                </p>
              )}
            </div>
          </div>
          <AnnouncementPreview
            kind={draft.kind}
            execution={draft.kind === 'notice' ? null : draft.execution}
            title={draft.title}
            content={draft.content}
            goReward={draft.goReward}
            language={language}
          />
        </div>
      </Card>

      {all.length > 0 && (
        <div className="form-error" role="alert" data-testid="announcement-problem">
          <p>{t('backOffice.announcementsPage.refused')}</p>
          <ul>
            {all.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="promotion-buttons">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? t('common.loading') : t('backOffice.announcementsPage.create')}
        </Button>
        <Button onClick={() => onDone(false)} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
