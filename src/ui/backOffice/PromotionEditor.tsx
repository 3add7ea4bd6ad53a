import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  PromotionBudgetVerdict,
  PromotionDefinitionInput,
  PromotionTexts,
} from '../../shared/backOfficePromotions';
import { completeLanguageNames, completeLanguages } from '../../shared/languages';
import {
  PROMOTION_TYPES,
  type PromotionAudience,
  type PromotionType,
} from '../../shared/promotions';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Field, Select } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { Tabs } from '../components/Tabs';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf, errorDetailOf, refusalOf } from '../core/apiErrors';
import { useQuery } from '../hooks/useQuery';
import { isPending } from '../../app/features/backOffice';
import { BudgetLines } from './BudgetLines';
import type { PanelProps } from './panelProps';

type TermKind = 'money' | 'percent' | 'int' | 'bool' | 'gameTypes' | 'prizes' | 'datetime';

/** The terms each type takes (server/config/promotions.ts holds the rules; it checks them). */
const TERM_FIELDS: Record<PromotionType, [string, TermKind][]> = {
  depositBonus: [
    ['percent', 'percent'],
    ['cap', 'money'],
    ['minDeposit', 'money'],
    ['wageringMultiplier', 'int'],
    ['firstDepositOnly', 'bool'],
  ],
  signupBonus: [
    ['amount', 'money'],
    ['wageringMultiplier', 'int'],
  ],
  rebate: [
    ['percent', 'percent'],
    ['gameTypes', 'gameTypes'],
  ],
  raffle: [
    ['ticketPer', 'money'],
    ['drawAt', 'datetime'],
    ['prizes', 'prizes'],
    ['wageringMultiplier', 'int'],
  ],
  missionReward: [
    ['amount', 'money'],
    ['wageringMultiplier', 'int'],
  ],
  referralReward: [
    ['amount', 'money'],
    ['wageringMultiplier', 'int'],
    ['minFirstDeposit', 'money'],
    ['minTurnover', 'money'],
    ['turnoverMultiplier', 'int'],
  ],
  vipUpgradeBonus: [
    ['amount', 'money'],
    ['wageringMultiplier', 'int'],
    ['level', 'int'],
  ],
  appliedBonus: [
    ['amount', 'money'],
    ['wageringMultiplier', 'int'],
  ],
};

const AUDIENCES = ['all', 'newMembers', 'vipAtLeast', 'agentTeam'] as const;

/** yyyy-MM-ddTHH:mm in the browser's time zone (a datetime-local input's value). */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` +
    `T${pad(at.getHours())}:${pad(at.getMinutes())}`
  );
}

const isoOf = (local: string): string | null => (local ? new Date(local).toISOString() : null);

/** The form's fields as typed (strings), and the definition they make. */
interface Draft {
  code: string;
  type: PromotionType;
  content: Record<string, PromotionTexts>;
  banner: string;
  startsAt: string;
  endsAt: string;
  audienceKind: (typeof AUDIENCES)[number];
  audienceValue: string;
  terms: Record<string, string>;
}

function termText(kind: TermKind, value: unknown): string {
  if (value === undefined || value === null) return kind === 'bool' ? 'false' : '';
  if (kind === 'gameTypes') return Array.isArray(value) ? value.join(', ') : '';
  if (kind === 'prizes')
    return Array.isArray(value)
      ? (value as { amount: string; count: number }[])
          .map((prize) => `${prize.amount}x${prize.count}`)
          .join(', ')
      : '';
  if (kind === 'datetime') return localInput(String(value));
  return String(value);
}

function termValue(kind: TermKind, text: string): unknown {
  const trimmed = text.trim();
  switch (kind) {
    case 'int':
      return trimmed === '' ? undefined : Number(trimmed);
    case 'bool':
      return trimmed === 'true';
    case 'gameTypes': {
      const list = trimmed
        .split(',')
        .map((entry) => entry.trim().toUpperCase())
        .filter(Boolean);
      return list.length ? list : undefined;
    }
    case 'prizes':
      return trimmed
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map((entry) => {
          const [amount = '', count = ''] = entry.split(/x|×/i).map((part) => part.trim());
          return { amount, count: Number(count) };
        });
    case 'datetime':
      return isoOf(trimmed) ?? undefined;
    default:
      return trimmed === '' ? undefined : trimmed;
  }
}

function draftOf(definition: PromotionDefinitionInput | null): Draft {
  const type = definition?.type ?? 'depositBonus';
  const audience = definition?.audience ?? { kind: 'all' };
  return {
    code: definition?.code ?? '',
    type,
    content: definition?.content ?? { EN: { title: '', summary: '', terms: '' } },
    banner: definition?.banner ?? '',
    startsAt: localInput(definition?.startsAt ?? new Date().toISOString()),
    endsAt: localInput(definition?.endsAt ?? null),
    audienceKind: audience.kind,
    audienceValue:
      audience.kind === 'newMembers'
        ? String(audience.days)
        : audience.kind === 'vipAtLeast'
          ? String(audience.level)
          : audience.kind === 'agentTeam'
            ? audience.agent
            : '',
    terms: Object.fromEntries(
      TERM_FIELDS[type].map(([key, kind]) => [key, termText(kind, definition?.terms[key])]),
    ),
  };
}

function definitionOf(draft: Draft): PromotionDefinitionInput {
  const audience: PromotionAudience =
    draft.audienceKind === 'newMembers'
      ? { kind: 'newMembers', days: Number(draft.audienceValue) }
      : draft.audienceKind === 'vipAtLeast'
        ? { kind: 'vipAtLeast', level: Number(draft.audienceValue) }
        : draft.audienceKind === 'agentTeam'
          ? { kind: 'agentTeam', agent: draft.audienceValue.trim() }
          : { kind: 'all' };
  const terms: Record<string, unknown> = {};
  for (const [key, kind] of TERM_FIELDS[draft.type]) {
    const value = termValue(kind, draft.terms[key] ?? '');
    if (value !== undefined) terms[key] = value;
  }
  return {
    code: draft.code.trim().toUpperCase(),
    type: draft.type,
    content: draft.content,
    banner: draft.banner.trim() || null,
    startsAt: isoOf(draft.startsAt) ?? '',
    endsAt: isoOf(draft.endsAt),
    audience,
    terms,
  };
}

/**
 * A promotion's form (issue 30): create one or change one. "Check" asks the server for the
 * returns budget's verdict on the draft (a rebate that would let a member, or a member and its
 * agent, win by playing is shown line by line); saving checks again in the transaction that
 * saves, so a page that showed an old verdict still cannot save an over-budget promotion. The
 * texts are previewed per language as a player would read them.
 */
export function PromotionEditor({
  office,
  mode,
  code,
  onDone,
}: {
  office: PanelProps['office'];
  mode: 'create' | 'update';
  code: string | null;
  onDone: (saved: boolean) => void;
}) {
  const query = useQuery(code === null ? null : `back-office-promotion:${code}`, (signal) =>
    office.promotions.definition(code!, signal),
  );
  const loaded = query.state;
  if (code !== null && loaded.kind !== 'ready') {
    return <QueryFallback state={loaded} onRetry={query.refresh} lines={6} />;
  }
  const definition = loaded.kind === 'ready' ? loaded.value.definition : null;
  return <EditorForm office={office} mode={mode} initial={draftOf(definition)} onDone={onDone} />;
}

function EditorForm({
  office,
  mode,
  initial,
  onDone,
}: {
  office: PanelProps['office'];
  mode: 'create' | 'update';
  initial: Draft;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const [draft, setDraft] = useState<Draft>(initial);
  const [verdict, setVerdict] = useState<PromotionBudgetVerdict | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'save' | null>(null);
  const [language, setLanguage] = useState('EN');
  const [adding, setAdding] = useState('');

  const change = (next: Partial<Draft>) => {
    setDraft((now) => ({ ...now, ...next }));
    // The verdict was for the draft as it was.
    setVerdict(null);
  };
  const setTexts = (lang: string, next: Partial<PromotionTexts>) =>
    change({ content: { ...draft.content, [lang]: { ...draft.content[lang]!, ...next } } });
  const failed = (error: unknown) => {
    const refusal = refusalOf(error);
    if (refusal?.code === 'returns_budget_exceeded') {
      const lines = (refusal.value as { lines?: PromotionBudgetVerdict['lines'] } | null)?.lines;
      setVerdict({
        ok: false,
        message: errorDetailOf(error),
        lines: lines ?? [],
        tightest: null,
        headroom: null,
      });
      setProblem(null);
      return;
    }
    const code = errorCodeOf(error);
    setProblem(
      (code === 'invalid_request' ? errorDetailOf(error) : null) ??
        errorText(code) ??
        t('errors.unknown'),
    );
  };

  const check = () => {
    setBusy('check');
    setProblem(null);
    office.promotions.check(definitionOf(draft)).then(
      (answer) => {
        setBusy(null);
        setVerdict(answer);
      },
      (error: unknown) => {
        setBusy(null);
        failed(error);
      },
    );
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    setBusy('save');
    setProblem(null);
    office.promotions.save(mode, definitionOf(draft)).then(
      (saved) => {
        setBusy(null);
        if (isPending(saved)) {
          toast(t('backOffice.promotions.pending', { id: saved.pending.id }), { tone: 'info' });
          onDone(false);
          return;
        }
        toast(t('backOffice.promotions.saved', { code: saved.code }), { tone: 'success' });
        onDone(true);
      },
      (error: unknown) => {
        setBusy(null);
        failed(error);
      },
    );
  };

  const languages = Object.keys(draft.content);
  const texts = draft.content[language] ?? draft.content.EN!;
  const addable = completeLanguages.filter((lang) => !languages.includes(lang));

  return (
    <form className="promotion-editor" data-testid="promotion-editor" onSubmit={save} noValidate>
      <Card
        title={
          mode === 'create'
            ? t('backOffice.promotions.newTitle')
            : t('backOffice.promotions.editTitle', { code: draft.code })
        }
      >
        <div className="promotion-grid">
          <Field
            label={t('backOffice.promotions.code')}
            name="code"
            value={draft.code}
            readOnly={mode === 'update'}
            hint={t('backOffice.promotions.codeHint')}
            onChange={(event) => change({ code: event.target.value })}
          />
          <Select
            label={t('backOffice.promotions.type')}
            name="type"
            value={draft.type}
            disabled={mode === 'update'}
            options={PROMOTION_TYPES.map((type) => ({
              value: type,
              label: t(`backOffice.promotions.types.${type}`),
            }))}
            onChange={(event) => {
              const type = event.target.value as PromotionType;
              change({
                type,
                terms: Object.fromEntries(
                  TERM_FIELDS[type].map(([key, kind]) => [key, termText(kind, undefined)]),
                ),
              });
            }}
          />
          <Field
            label={t('backOffice.promotions.startsAt')}
            name="startsAt"
            type="datetime-local"
            value={draft.startsAt}
            onChange={(event) => change({ startsAt: event.target.value })}
          />
          <Field
            label={t('backOffice.promotions.endsAt')}
            name="endsAt"
            type="datetime-local"
            value={draft.endsAt}
            hint={t('backOffice.promotions.endsAtHint')}
            onChange={(event) => change({ endsAt: event.target.value })}
          />
          <Select
            label={t('backOffice.promotions.audience')}
            name="audience"
            value={draft.audienceKind}
            options={AUDIENCES.map((kind) => ({
              value: kind,
              label: t(`backOffice.promotions.audiences.${kind}`),
            }))}
            onChange={(event) =>
              change({
                audienceKind: event.target.value as Draft['audienceKind'],
                audienceValue: '',
              })
            }
          />
          {draft.audienceKind !== 'all' && (
            <Field
              label={t(`backOffice.promotions.audienceValue.${draft.audienceKind}`)}
              name="audienceValue"
              inputMode={draft.audienceKind === 'agentTeam' ? 'text' : 'numeric'}
              value={draft.audienceValue}
              onChange={(event) => change({ audienceValue: event.target.value })}
            />
          )}
          <Field
            label={t('backOffice.promotions.banner')}
            name="banner"
            value={draft.banner}
            hint={t('backOffice.promotions.bannerHint')}
            onChange={(event) => change({ banner: event.target.value })}
          />
        </div>
      </Card>

      <Card title={t('backOffice.promotions.termsTitle')}>
        <div className="promotion-grid" data-testid="promotion-terms">
          {TERM_FIELDS[draft.type].map(([key, kind]) =>
            kind === 'bool' ? (
              <Select
                key={key}
                label={t(`backOffice.promotions.terms.${key}`)}
                name={key}
                value={draft.terms[key] ?? 'false'}
                options={[
                  { value: 'false', label: t('backOffice.promotions.no') },
                  { value: 'true', label: t('backOffice.promotions.yes') },
                ]}
                onChange={(event) =>
                  change({ terms: { ...draft.terms, [key]: event.target.value } })
                }
              />
            ) : (
              <Field
                key={key}
                label={t(`backOffice.promotions.terms.${key}`)}
                name={key}
                type={kind === 'datetime' ? 'datetime-local' : 'text'}
                inputMode={kind === 'money' || kind === 'percent' ? 'decimal' : undefined}
                hint={
                  kind === 'prizes' || kind === 'gameTypes'
                    ? t(`backOffice.promotions.hints.${kind}`)
                    : undefined
                }
                value={draft.terms[key] ?? ''}
                onChange={(event) =>
                  change({ terms: { ...draft.terms, [key]: event.target.value } })
                }
              />
            ),
          )}
        </div>
      </Card>

      <Card title={t('backOffice.promotions.textsTitle')}>
        <Tabs
          label={t('backOffice.promotions.textsTitle')}
          items={languages.map((lang) => ({
            id: lang,
            label: completeLanguageNames[lang as keyof typeof completeLanguageNames] ?? lang,
          }))}
          current={language}
          onSelect={setLanguage}
        />
        <div className="promotion-texts">
          <div className="promotion-grid">
            <Field
              label={t('backOffice.promotions.textTitle')}
              name={`title-${language}`}
              value={texts.title}
              maxLength={80}
              onChange={(event) => setTexts(language, { title: event.target.value })}
            />
            <Field
              label={t('backOffice.promotions.textSummary')}
              name={`summary-${language}`}
              value={texts.summary}
              maxLength={240}
              onChange={(event) => setTexts(language, { summary: event.target.value })}
            />
            <div className="form-field">
              <label htmlFor={`promotion-terms-${language}`}>
                {t('backOffice.promotions.textTerms')}
              </label>
              <textarea
                id={`promotion-terms-${language}`}
                rows={4}
                maxLength={20_000}
                value={texts.terms}
                onChange={(event) => setTexts(language, { terms: event.target.value })}
              />
            </div>
          </div>
          <section
            className="promotion-preview"
            aria-label={t('backOffice.promotions.preview')}
            data-testid="promotion-preview"
          >
            <p className="promotion-preview-label">{t('backOffice.promotions.preview')}</p>
            <h3>{texts.title || t('backOffice.promotions.noTitle')}</h3>
            {texts.summary && <p>{texts.summary}</p>}
            {texts.terms && <p className="promotion-preview-terms">{texts.terms}</p>}
          </section>
        </div>
        {addable.length > 0 && (
          <div className="promotion-add-language">
            <Select
              label={t('backOffice.promotions.addLanguage')}
              name="addLanguage"
              value={adding}
              options={[
                { value: '', label: '—' },
                ...addable.map((lang) => ({ value: lang, label: completeLanguageNames[lang] })),
              ]}
              onChange={(event) => setAdding(event.target.value)}
            />
            <Button
              size="sm"
              disabled={!adding}
              onClick={() => {
                change({ content: { ...draft.content, [adding]: { ...texts } } });
                setLanguage(adding);
                setAdding('');
              }}
            >
              {t('backOffice.promotions.add')}
            </Button>
          </div>
        )}
      </Card>

      <Verdict verdict={verdict} />
      {problem && (
        <p className="form-error" role="alert" data-testid="promotion-problem">
          {problem}
        </p>
      )}
      <div className="promotion-buttons">
        <Button onClick={check} disabled={busy !== null}>
          {busy === 'check' ? t('common.loading') : t('backOffice.promotions.check')}
        </Button>
        <Button type="submit" variant="primary" disabled={busy !== null || verdict?.ok === false}>
          {busy === 'save' ? t('common.loading') : t('backOffice.promotions.save')}
        </Button>
        <Button onClick={() => onDone(false)} disabled={busy === 'save'}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The returns budget's verdict on the draft, line by line when it breaks the budget. */
function Verdict({ verdict }: { verdict: PromotionBudgetVerdict | null }) {
  const { t } = useTranslation();
  if (!verdict) return null;
  if (verdict.ok) {
    return (
      <p className="promotion-verdict ok" role="status" data-testid="promotion-verdict">
        {verdict.tightest
          ? t('backOffice.promotions.withinBudget', {
              line: `${verdict.tightest.gameType} · VIP ${verdict.tightest.level}`,
              total: verdict.tightest.total,
              limit: verdict.tightest.limit,
              headroom: verdict.headroom,
            })
          : t('backOffice.promotions.noBudgetEffect')}
      </p>
    );
  }
  return (
    <div className="promotion-verdict over" role="alert" data-testid="promotion-verdict">
      <p>{t('backOffice.promotions.overBudget')}</p>
      <BudgetLines lines={verdict.lines} />
    </div>
  );
}
