import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../shared/money';
import type { GoodsView, RedemptionView } from '../../shared/points';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { EmptyState } from '../components/EmptyState';
import { Field } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { Modal } from '../components/Modal';
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

type Tab = 'goods' | 'redemptions' | 'history';

/**
 * Lazy section PointMall (spec 1 points mall; issue 14): the member's points (earned by play,
 * moving live with each settled bet), conversion to money in whole steps, the goods to redeem
 * with the payment password, the redeem history (in process / rejected / approved) and the
 * points history. A guest or a free-play account is asked for a real login.
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
  const { t } = useTranslation();
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
          {points === null ? '…' : points.toLocaleString()}
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
        {tab === 'redemptions' && <Redemptions />}
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

function GoodsList({ points, onRedeemed }: { points: number | null; onRedeemed: () => void }) {
  const promotionsModule = useFeature(promotionsFeature);
  const { t, i18n } = useTranslation();
  const goods = useQuery(`points:goods:${i18n.language}`, (signal) =>
    promotionsModule.points.goods(signal),
  );
  const [chosen, setChosen] = useState<GoodsView | null>(null);
  const list = shownValue(goods.state);
  if (!list) return <QueryFallback state={goods.state} onRetry={goods.refresh} lines={4} />;
  if (list.length === 0) {
    return (
      <EmptyState title={t('points.noGoods')} icon="gift">
        <p>{t('points.noGoodsBody')}</p>
      </EmptyState>
    );
  }
  const money = (text: string) => formatMoney(parseMoney(text), i18n.language);
  return (
    <>
      <ul className="goods-grid" data-testid="goods-list">
        {list.map((item) => (
          <li
            key={item.id}
            className="card goods-card"
            data-testid="goods-card"
            data-code={item.code}
          >
            <img
              className="goods-image"
              src={item.image ?? '/goods/voucher.svg'}
              alt=""
              width={240}
              height={160}
              loading="lazy"
            />
            <h2 className="card-title">{item.name}</h2>
            <p className="goods-price">
              {t('points.cost', { points: item.points.toLocaleString() })}
              {parseMoney(item.amount) > 0n && ` + ${money(item.amount)}`}
            </p>
            <p className="reward-note">
              {item.quantity > 0 ? t('points.left', { count: item.quantity }) : t('points.soldOut')}
            </p>
            <Button
              variant="primary"
              disabled={item.quantity === 0 || (points !== null && points < item.points)}
              onClick={() => setChosen(item)}
              aria-label={t('points.redeemOne', { name: item.name })}
            >
              {t('points.redeem')}
            </Button>
          </li>
        ))}
      </ul>
      {chosen && (
        <RedeemDialog
          goods={chosen}
          onClose={() => setChosen(null)}
          onDone={() => {
            setChosen(null);
            goods.refresh();
            onRedeemed();
          }}
        />
      )}
    </>
  );
}

function RedeemDialog({
  goods,
  onClose,
  onDone,
}: {
  goods: GoodsView;
  onClose: () => void;
  onDone: () => void;
}) {
  const promotionsModule = useFeature(promotionsFeature);
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One redemption at a time; a retry of the same password after a lost answer is the same
  // request (its key), another password a new one.
  const request = useActionRequest(
    (target, payload, idempotencyKey) =>
      promotionsModule.points.redeem({
        goodsId: target,
        paymentPassword: (payload as { password: string }).password,
        idempotencyKey,
      }),
    {
      onDone: () => {
        toast(t('points.redeemed', { name: goods.name }), { tone: 'success' });
        onDone();
      },
      onError: (code) => setError(errorText(code)),
    },
  );
  const busy = request.state.kind === 'sending';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('errors.payment_password_format'));
      return;
    }
    request.act(goods.id, { password });
  };
  return (
    <Modal
      name="redeem"
      title={t('points.redeemTitle', { name: goods.name })}
      open
      onClose={onClose}
    >
      <form className="point-convert" onSubmit={submit} noValidate>
        <p>
          {t('points.cost', { points: goods.points.toLocaleString() })}
          {parseMoney(goods.amount) > 0n &&
            ` + ${formatMoney(parseMoney(goods.amount), i18n.language)}`}
        </p>
        <Field
          label={t('withdraw.paymentPassword')}
          name="paymentPassword"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
          error={error ?? undefined}
        />
        <Button type="submit" variant="primary" block busy={busy} data-testid="redeem-submit">
          {t('points.redeemConfirm')}
        </Button>
      </form>
    </Modal>
  );
}

const statusTone = { inProcess: 'accent', approved: 'success', rejected: 'danger' } as const;

function Redemptions() {
  const promotionsModule = useFeature(promotionsFeature);
  const { t, i18n } = useTranslation();
  const query = useQuery(`points:redemptions:${i18n.language}`, (signal) =>
    promotionsModule.points.redemptions(signal),
  );
  const list = shownValue(query.state);
  if (!list) return <QueryFallback state={query.state} onRetry={query.refresh} lines={3} />;
  if (list.length === 0) {
    return <EmptyState title={t('points.noRedemptions')} icon="box" />;
  }
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <ul className="reward-list" data-testid="redemptions">
      {list.map((item: RedemptionView) => (
        <li key={item.id} className="reward-item">
          <div className="reward-line">
            <p className="reward-title">{item.goods.name}</p>
            <p className="reward-note">
              {t('points.cost', { points: item.points.toLocaleString() })} · {date(item.createdAt)}
              {item.note ? ` · ${item.note}` : ''}
            </p>
          </div>
          <Badge tone={statusTone[item.status]}>{t(`points.status.${item.status}`)}</Badge>
        </li>
      ))}
    </ul>
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
