import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPending } from '../../app/features/backOffice';
import type {
  EconomySettingsView,
  MissionSettings,
  SettingsVerdict,
  VipLevelSettings,
} from '../../shared/backOfficeSettings';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Field } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf, errorDetailOf, refusalOf } from '../core/apiErrors';
import { shownValue, useQuery } from '../hooks/useQuery';
import { BudgetLines } from './BudgetLines';
import type { PanelProps } from './panelProps';
import './promotions.css';

const WRITERS = ['marketing'];

type Draft = Pick<EconomySettingsView, 'vip' | 'missions' | 'version'>;

/**
 * VIP levels and missions (issue 30): each level's thresholds, rebates, upgrade bonus and daily
 * withdrawal limit, and each mission's goal and reward, changed in place and checked against
 * the returns budget before saving (Save stays off while the draft is over it; the server checks
 * again). A change that pays more waits for a second person. Marketing writes; finance and risk
 * read. Levels and missions are added or removed in the configuration file, not here.
 */
export function VipMissionsPanel({ office, me }: PanelProps) {
  const settings = useQuery('back-office-settings', (signal) => office.promotions.settings(signal));
  const view = shownValue(settings.state);
  if (!view) return <QueryFallback state={settings.state} onRetry={settings.refresh} lines={6} />;
  return (
    <SettingsForm
      key={view.version}
      office={office}
      view={view}
      writer={me.roles.some((role) => WRITERS.includes(role))}
      onSaved={settings.refresh}
    />
  );
}

function SettingsForm({
  office,
  view,
  writer,
  onSaved,
}: {
  office: PanelProps['office'];
  view: EconomySettingsView;
  writer: boolean;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const [draft, setDraft] = useState<Draft>(() => ({
    vip: structuredClone(view.vip),
    missions: structuredClone(view.missions),
    version: view.version,
  }));
  const [verdict, setVerdict] = useState<SettingsVerdict | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'save' | null>(null);
  const lang = i18n.language.slice(0, 2).toUpperCase();
  const nameOf = (names: Record<string, string>) => names[lang] ?? names.EN ?? '';
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const setLevel = (index: number, next: Partial<VipLevelSettings>) => {
    setDraft((now) => ({
      ...now,
      vip: {
        ...now.vip,
        levels: now.vip.levels.map((one, at) => (at === index ? { ...one, ...next } : one)),
      },
    }));
    setVerdict(null);
  };
  const setMission = (index: number, next: (one: MissionSettings) => MissionSettings) => {
    setDraft((now) => ({
      ...now,
      missions: now.missions.map((one, at) => (at === index ? next(one) : one)),
    }));
    setVerdict(null);
  };
  const failed = (error: unknown) => {
    const refusal = refusalOf(error);
    if (refusal?.code === 'returns_budget_exceeded') {
      const lines = (refusal.value as { lines?: SettingsVerdict['lines'] } | null)?.lines ?? [];
      setVerdict({ ok: false, message: errorDetailOf(error), lines });
      return;
    }
    const code = errorCodeOf(error);
    setProblem(
      (code === 'invalid_request' ? errorDetailOf(error) : null) ??
        errorText(code) ??
        t('errors.unknown'),
    );
  };
  const check = async () => {
    setBusy('check');
    setProblem(null);
    try {
      setVerdict(await office.promotions.checkSettings(draft));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('save');
    setProblem(null);
    try {
      const saved = await office.promotions.saveSettings(draft);
      if (isPending(saved)) {
        toast(t('backOffice.settingsPage.pending', { id: saved.pending.id }), { tone: 'info' });
      } else {
        toast(t('backOffice.settingsPage.saved'), { tone: 'success' });
        onSaved();
      }
    } catch (error) {
      failed(error);
      if (errorCodeOf(error) === 'settings_changed') onSaved();
    } finally {
      setBusy(null);
    }
  };

  const money = (label: string, name: string, value: string, set: (value: string) => void) => (
    <Field
      label={label}
      name={name}
      value={value}
      inputMode="decimal"
      readOnly={!writer}
      onChange={(event) => set(event.target.value.trim())}
    />
  );

  return (
    <form className="promotions-panel" data-testid="settings-panel" onSubmit={(e) => void save(e)}>
      <p className="field-hint" data-testid="settings-source">
        {view.savedBy && view.savedAt
          ? t('backOffice.settingsPage.savedBy', {
              by: view.savedBy,
              at: when.format(new Date(view.savedAt)),
            })
          : t('backOffice.settingsPage.fromFile')}
      </p>
      <Card title={t('backOffice.settingsPage.levels')}>
        <Field
          label={t('backOffice.settingsPage.upgradeWagering')}
          name="upgrade-wagering"
          inputMode="numeric"
          readOnly={!writer}
          value={String(draft.vip.upgradeBonusWagering)}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (!Number.isInteger(value) || value < 0) return;
            setDraft((now) => ({ ...now, vip: { ...now.vip, upgradeBonusWagering: value } }));
            setVerdict(null);
          }}
        />
        <div className="settings-grid">
          {draft.vip.levels.map((level, index) => (
            <Card
              key={level.level}
              headingLevel={3}
              title={t('backOffice.settingsPage.level', {
                level: level.level,
                name: nameOf(level.name),
              })}
              data-testid={`settings-level-${level.level}`}
            >
              {money(
                t('backOffice.settingsPage.validBet'),
                `level-${index}-validBet`,
                level.validBet,
                (value) => setLevel(index, { validBet: value }),
              )}
              {money(
                t('backOffice.settingsPage.deposit'),
                `level-${index}-deposit`,
                level.deposit,
                (value) => setLevel(index, { deposit: value }),
              )}
              {Object.entries(level.rebatePercent).map(([type, percent]) => (
                <div key={type}>
                  {money(
                    t('backOffice.settingsPage.rebate', {
                      type: type === 'default' ? t('backOffice.settingsPage.allGames') : type,
                    }),
                    `level-${index}-rebate-${type}`,
                    percent,
                    (value) =>
                      setLevel(index, { rebatePercent: { ...level.rebatePercent, [type]: value } }),
                  )}
                </div>
              ))}
              {money(
                t('backOffice.settingsPage.upgradeBonus'),
                `level-${index}-upgradeBonus`,
                level.upgradeBonus,
                (value) => setLevel(index, { upgradeBonus: value }),
              )}
              {money(
                t('backOffice.settingsPage.withdrawalMax'),
                `level-${index}-withdrawalMax`,
                level.withdrawalDailyMax ?? '',
                (value) => setLevel(index, { withdrawalDailyMax: value === '' ? null : value }),
              )}
            </Card>
          ))}
        </div>
      </Card>
      <Card title={t('backOffice.settingsPage.missions')}>
        <div className="settings-grid">
          {draft.missions.map((mission, index) => (
            <Card
              key={mission.code}
              headingLevel={3}
              title={nameOf(mission.name)}
              data-testid={`settings-mission-${mission.code}`}
            >
              <p className="field-hint">
                {mission.code} · {t(`backOffice.settingsPage.periods.${mission.period}`)}
              </p>
              {mission.goal.kind === 'validBet'
                ? money(
                    t('backOffice.settingsPage.goalAmount'),
                    `mission-${index}-goal`,
                    mission.goal.amount,
                    (value) =>
                      setMission(index, (one) =>
                        one.goal.kind === 'validBet'
                          ? { ...one, goal: { ...one.goal, amount: value } }
                          : one,
                      ),
                  )
                : money(
                    t(`backOffice.settingsPage.goalCount.${mission.goal.kind}`),
                    `mission-${index}-goal`,
                    String(mission.goal.count),
                    (value) =>
                      setMission(index, (one) =>
                        one.goal.kind !== 'validBet' && /^\d{1,6}$/.test(value)
                          ? { ...one, goal: { ...one.goal, count: Number(value) } }
                          : one,
                      ),
                  )}
              {money(
                t('backOffice.settingsPage.reward'),
                `mission-${index}-reward`,
                mission.reward.amount,
                (value) =>
                  setMission(index, (one) => ({
                    ...one,
                    reward: { ...one.reward, amount: value },
                  })),
              )}
              {money(
                t('backOffice.settingsPage.rewardWagering'),
                `mission-${index}-wagering`,
                String(mission.reward.wageringMultiplier),
                (value) =>
                  setMission(index, (one) =>
                    /^\d{1,3}$/.test(value)
                      ? { ...one, reward: { ...one.reward, wageringMultiplier: Number(value) } }
                      : one,
                  ),
              )}
            </Card>
          ))}
        </div>
      </Card>
      <SettingsVerdictView verdict={verdict} />
      {problem && (
        <p role="alert" className="field-error" data-testid="settings-problem">
          {problem}
        </p>
      )}
      {writer && (
        <div className="member-actions">
          <Button type="button" busy={busy === 'check'} onClick={() => void check()}>
            {t('backOffice.settingsPage.check')}
          </Button>
          <Button
            type="submit"
            variant="primary"
            busy={busy === 'save'}
            disabled={busy !== null || verdict?.ok === false}
          >
            {t('backOffice.settingsPage.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

function SettingsVerdictView({ verdict }: { verdict: SettingsVerdict | null }) {
  const { t } = useTranslation();
  if (!verdict) return null;
  if (verdict.ok) {
    return (
      <p className="promotion-verdict ok" role="status" data-testid="settings-verdict">
        {t('backOffice.settingsPage.withinBudget')}
      </p>
    );
  }
  return (
    <div className="promotion-verdict over" role="alert" data-testid="settings-verdict">
      <p>{t('backOffice.settingsPage.overBudget')}</p>
      <BudgetLines lines={verdict.lines} />
    </div>
  );
}
