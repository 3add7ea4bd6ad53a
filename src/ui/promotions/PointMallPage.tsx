import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../shared/money';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { EmptyState } from '../components/EmptyState';
import { Field } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { PageNumbers } from '../components/PageNumbers';
import { SkeletonText } from '../components/Skeleton';
import { Tabs } from '../components/Tabs';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { usePopups } from '../core/PopupContext';
import { useSession } from '../core/session/useSession';
import { useActionRequest } from '../hooks/useActionRequest';
import { useLiveQuery } from '../hooks/useLiveQuery';
import { shownValue, useQuery } from '../hooks/useQuery';
import { promotionsFeature } from '../../app/features/promotions';
import { useFeature } from '../core/useFeature';
import { GoodsList } from './PointMallGoods';
import { RedeemHistory } from './RedeemHistory';

type Tab = 'goods' | 'redemptions' | 'history';

/**
 * Lazy section PointMall (spec 1 points mall; issue 14): the member's points (earned by play,
 * moving live with each settled bet), conversion to money in whole steps, the goods to redeem
 * with the payment password (PointMallGoods.tsx; a shipped good with its delivery address), the
 * redeem history (in process / rejected / approved, and where each parcel goes) and the points
 * history. A guest or a free-play account is asked for a real login.
 */
export default function PointMallPage() {
  const { t } = useTranslation();
  const { isLogin, isTrial, pending } = useSession();
  const { open } = usePopups();
  return (
    <div className="section-page point-mall" data-testid="point-mall-page">
      <h1>{t('section.pointMall')}</h1>
      {pending ? (
        <SkeletonText lines={3} />
      ) : !isLogin || isTrial ? (
        <EmptyState title={t('points.loginTitle')} icon="gift">
          <p>{t('points.loginBody')}</p>
          {!isLogin && (
            <Button variant="primary" onClick={() => open('login')}>
              {t('promotions.loginToJoin')}
            </Button>
          )}
        </EmptyState>
      ) : (
        <PointMall />
      )}
    </div>
  );
}

function PointMall() {
  const { t, i18n } = useTranslation();
  const promotionsModule = useFeature(promotionsFeature);
  const [tab, setTab] = useState<Tab>('goods');
  const balance = useLiveQuery('points:balance', () => promotionsModule.points.balance(), [
    'balance',
  ]);
  const points =
    balance.state.kind === 'ready'
      ? balance.state.value.points
      : balance.state.kind === 'loading'
        ? (balance.state.previous?.points ?? null)
        : null;
  return (
    <>
      <Card title={t('points.balanceTitle')} className="point-balance">
        <p className="reward-amount" data-testid="point-balance">
          {points === null ? '…' : points.toLocaleString(i18n.language)}
        </p>
        <ConvertForm points={points} onDone={balance.refresh} />
      </Card>
      <Tabs
        label={t('section.pointMall')}
        items={[
          { id: 'goods', label: t('points.goods') },
          { id: 'redemptions', label: t('points.redemptions') },
          { id: 'history', label: t('points.history') },
        ]}
        current={tab}
        onSelect={setTab}
        panelId="point-mall-panel"
      />
      <div id="point-mall-panel" role="tabpanel">
        {tab === 'goods' && <GoodsList points={points} onRedeemed={balance.refresh} />}
        {tab === 'redemptions' && <RedeemHistory />}
        {tab === 'history' && <PointHistory />}
      </div>
    </>
  );
}

function ConvertForm({ points, onDone }: { points: number | null; onDone: () => void }) {
  const promotionsModule = useFeature(promotionsFeature);
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const config = useQuery('points:config', (signal) => promotionsModule.points.config(signal));
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One conversion at a time; a retry after a lost answer is the same request (its key).
  const request = useActionRequest(
    (_target, payload, idempotencyKey) =>
      promotionsModule.points.convert({
        points: (payload as { points: number }).points,
        idempotencyKey,
      }),
    {
      onDone: (result) => {
        setValue('');
        setError(null);
        toast(
          t('points.converted', {
            points: result.points,
            amount: formatMoney(parseMoney(result.amount), i18n.language),
          }),
          { tone: 'success' },
        );
        onDone();
      },
      onError: (code) => setError(errorText(code)),
    },
  );
  const busy = request.state.kind === 'sending';
  if (config.state.kind !== 'ready') return null;
  const { step, amountPerStep } = config.state.value.convert;
  const wanted = Number(value);
  const valid = Number.isInteger(wanted) && wanted >= step && wanted % step === 0;
  const amount = valid ? BigInt(wanted / step) * parseMoney(amountPerStep) : 0n;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) {
      setError(t('points.stepError', { step }));
      return;
    }
    if (points !== null && wanted > points) {
      setError(t('errors.insufficient_points'));
      return;
    }
    request.act('convert', { points: wanted });
  };
  return (
    <form className="point-convert" onSubmit={submit} noValidate>
      <Field
        label={t('points.convertLabel')}
        name="points"
        inputMode="numeric"
        value={value}
        onChange={(event) => {
          setValue(event.target.value.replace(/\D/g, ''));
          setError(null);
        }}
        error={error ?? undefined}
        hint={t('points.convertHint', {
          step,
          amount: formatMoney(parseMoney(amountPerStep), i18n.language),
        })}
      />
      <Button type="submit" variant="primary" busy={busy} data-testid="convert-points">
        {valid
          ? t('points.convertFor', { amount: formatMoney(amount, i18n.language) })
          : t('points.convert')}
      </Button>
    </form>
  );
}

function PointHistory() {
  const promotionsModule = useFeature(promotionsFeature);
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(`points:history:${page}`, (signal) =>
    promotionsModule.points.history(page, signal),
  );
  const data = shownValue(query.state);
  if (!data) return <QueryFallback state={query.state} onRetry={query.refresh} lines={3} />;
  if (data.items.length === 0) return <EmptyState title={t('points.noHistory')} icon="document" />;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <>
      <ul className="reward-list" data-testid="point-history">
        {data.items.map((item) => (
          <li key={item.id} className="reward-item">
            <div className="reward-line">
              <p className="reward-title">{t(`points.kind.${item.kind}`)}</p>
              <p className="reward-note">{date(item.at)}</p>
            </div>
            <span className="point-change">
              {item.points > 0 ? `+${item.points}` : item.points}
            </span>
          </li>
        ))}
      </ul>
      <PageNumbers
        page={page}
        pages={data.totalPages}
        onPage={setPage}
        label={t('points.history')}
      />
    </>
  );
}
