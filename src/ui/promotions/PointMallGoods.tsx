import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../shared/money';
import type { GoodsView } from '../../shared/points';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { QueryFallback } from '../components/QueryFallback';
import { useServices } from '../core/ServicesContext';
import { useObservable } from '../hooks/useObservable';
import { shownValue, useQuery } from '../hooks/useQuery';
import { promotionsFeature } from '../../app/features/promotions';
import { useFeature } from '../core/useFeature';
import { RedeemDialog } from './RedeemDialog';
import { type RedeemBlock, redeemBlock } from './redeemBlock';

/** Refusals that mean the list on screen is out of date: it is fetched again. */
const STALE_CODES = new Set(['out_of_stock', 'not_found', 'delivery_address_required']);

/**
 * The goods to redeem, two to a row on a phone: price, stock, whether it is shipped, and Redeem
 * — when that is off, why, in words beside it (redeemBlock.ts).
 */
export function GoodsList({
  points,
  onRedeemed,
}: {
  points: number | null;
  onRedeemed: () => void;
}) {
  const promotionsModule = useFeature(promotionsFeature);
  const { t, i18n } = useTranslation();
  const goods = useQuery(`points:goods:${i18n.language}`, (signal) =>
    promotionsModule.points.goods(signal),
  );
  // A good with a cash part waits while a bonus is being wagered (live, as the reward centre).
  const summary = useObservable(useServices().rewardSummary$, null);
  const wagering = Boolean(summary?.wagering);
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
  return (
    <>
      <ul className="goods-grid" data-testid="goods-list">
        {list.map((item) => (
          <GoodsCard
            key={item.id}
            item={item}
            block={redeemBlock(item, { points, wagering })}
            onRedeem={() => setChosen(item)}
          />
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
          onRefused={(code) => {
            if (STALE_CODES.has(code)) goods.refresh();
          }}
        />
      )}
    </>
  );
}

function GoodsCard({
  item,
  block,
  onRedeem,
}: {
  item: GoodsView;
  block: RedeemBlock | null;
  onRedeem: () => void;
}) {
  const { t, i18n } = useTranslation();
  const reasonId = useId();
  const amount = parseMoney(item.amount);
  return (
    <li className="card goods-card" data-testid="goods-card" data-code={item.code}>
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
        {t('points.cost', { points: item.points.toLocaleString(i18n.language) })}
        {amount > 0n && ` + ${formatMoney(amount, i18n.language)}`}
      </p>
      <p className="goods-facts">
        {item.quantity > 0 && (
          <span className="reward-note">{t('points.left', { count: item.quantity })}</span>
        )}
        {item.kind === 'physical' && <Badge>{t('points.shipped')}</Badge>}
      </p>
      <Button
        variant="primary"
        disabled={block !== null}
        onClick={onRedeem}
        aria-label={t('points.redeemOne', { name: item.name })}
        aria-describedby={block ? reasonId : undefined}
      >
        {t('points.redeem')}
      </Button>
      {block && (
        <p id={reasonId} className="goods-blocked" data-testid="redeem-blocked">
          {blockText(block, t, i18n.language)}
        </p>
      )}
    </li>
  );
}

function blockText(
  block: RedeemBlock,
  t: ReturnType<typeof useTranslation>['t'],
  language: string,
): string {
  if (block.reason === 'points') {
    return t('points.blocked.points', {
      count: block.missing,
      missing: block.missing.toLocaleString(language),
    });
  }
  return t(`points.blocked.${block.reason}`);
}
