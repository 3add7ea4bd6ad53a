import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromotionBudgetVerdict } from '../../shared/backOfficePromotions';
import { PROMOTION_TYPES, type PromotionType } from '../../shared/promotions';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Field, Select } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf, errorDetailOf, refusalOf } from '../core/apiErrors';
import { useQuery } from '../hooks/useQuery';
import { isPending } from '../../app/features/backOffice';
import { BudgetLines } from './BudgetLines';
import type { PanelProps } from './panelProps';
import { PromotionTermsCard } from './PromotionTermsCard';
import { PromotionTextsCard } from './PromotionTextsCard';
import {
  AUDIENCES,
  type Draft,
  TERM_FIELDS,
  definitionOf,
  draftOf,
  termText,
} from './promotionDraft';

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

  const change = (next: Partial<Draft>) => {
    setDraft((now) => ({ ...now, ...next }));
    // The verdict was for the draft as it was.
    setVerdict(null);
  };
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

      <PromotionTermsCard
        type={draft.type}
        terms={draft.terms}
        onChange={(terms) => change({ terms })}
      />

      <PromotionTextsCard content={draft.content} onChange={(content) => change({ content })} />

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
