import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney, parseMoney } from '../../shared/money';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { EmptyState } from '../components/EmptyState';
import { QueryFallback } from '../components/QueryFallback';
import { Table } from '../components/Table';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { useLiveQuery } from '../hooks/useLiveQuery';
import { shownValue } from '../hooks/useQuery';
import { promotionsFeature } from '../../app/features/promotions';
import { useFeature } from '../core/useFeature';

/**
 * Manual rebate (spec 2 manualRebate; issue 14): what valid bets since the last claim have
 * earned, per game type at the member's VIP rate, growing live as bets settle (`balance`
 * events), claimed at once into the main wallet.
 */
export function ManualRebate() {
  const { t, i18n } = useTranslation();
  const promotionsModule = useFeature(promotionsFeature);
  const toast = useToast();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const query = useLiveQuery('rebate', (signal) => promotionsModule.rebate(signal), ['balance']);
  const money = (text: string) => formatMoney(parseMoney(text), i18n.language);
  const view = shownValue(query.state);
  if (!view) return <QueryFallback state={query.state} onRetry={query.refresh} lines={3} />;
  const claim = async () => {
    setBusy(true);
    try {
      const { amount } = await promotionsModule.claimRebate();
      toast(t('rewards.claimed', { amount: money(amount) }), { tone: 'success' });
    } catch (error) {
      toast(errorText(errorCodeOf(error)) ?? t('errors.unknown'), { tone: 'error' });
    } finally {
      setBusy(false);
      query.refresh();
    }
  };
  return (
    <div className="reward-centre" data-testid="manual-rebate">
      <Card
        title={t('rebate.title')}
        actions={
          <Button
            variant="primary"
            busy={busy}
            disabled={!view.claimable}
            onClick={() => void claim()}
            data-testid="claim-rebate"
          >
            {t('rebate.claim')}
          </Button>
        }
      >
        <p className="reward-amount" data-testid="rebate-total">
          {money(view.total)}
        </p>
        <p className="reward-note">
          {t('rebate.note')} <Link to="/member/vip">{t('menu.vip')}</Link>
        </p>
      </Card>
      {view.items.length === 0 ? (
        <EmptyState title={t('rebate.emptyTitle')} icon="slots">
          <p>{t('rebate.emptyBody')}</p>
        </EmptyState>
      ) : (
        <Table
          items={view.items}
          rowKey={(item) => item.gameType}
          testId="rebate"
          caption={t('rebate.title')}
          columns={[
            {
              id: 'type',
              label: t('rebate.gameType'),
              cell: (item) =>
                t(`games.${item.gameType.toLowerCase()}`, { defaultValue: item.gameType }),
            },
            {
              id: 'validBet',
              label: t('vip.validBet'),
              cell: (item) => money(item.validBet),
              numeric: true,
            },
            {
              id: 'amount',
              label: t('rebate.amount'),
              cell: (item) => money(item.amount),
              numeric: true,
            },
          ]}
        />
      )}
    </div>
  );
}
