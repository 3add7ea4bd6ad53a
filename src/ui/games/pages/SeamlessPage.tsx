import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney, parseMoney } from '../../../shared/money';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { QueryFallback } from '../../components/QueryFallback';
import { useServices } from '../../core/ServicesContext';
import { useObservable } from '../../hooks/useObservable';
import { useSeamless } from './useSeamless';

/**
 * Lazy section Seamless (spec 2 /seamless, issue 16): the member's single-wallet view. The main
 * wallet's balance (live), whether the site is single-wallet, the vendors that draw on it
 * directly, and the wallets that need a transfer, with the way to My Wallet.
 */
export default function SeamlessPage() {
  const { t, i18n } = useTranslation();
  const { balance } = useServices();
  const main = useObservable(balance.balance$, null);
  const query = useSeamless();
  const wallet = query.state.kind === 'ready' ? query.state.value : null;
  return (
    <div className="section-page seamless-page" data-testid="seamless-page">
      <h1>{t('section.seamless')}</h1>
      <p>{t('seamless.intro')}</p>
      <Card title={t('seamless.balance')} data-testid="seamless-balance">
        <p className="seamless-amount" aria-live="polite">
          {main
            ? `${main.currencySymbol} ${formatMoney(parseMoney(main.balance), i18n.language)}`
            : '…'}
        </p>
        {wallet && (
          <p data-testid="seamless-mode">
            {wallet.isSingle ? t('seamless.single') : t('seamless.transfer')}
          </p>
        )}
        <Link className="button" to="/member/transferFund">
          {t('seamless.toWallet')}
        </Link>
      </Card>
      {wallet === null ? (
        <QueryFallback state={query.state} onRetry={query.refresh} />
      ) : (
        <>
          <Card title={t('seamless.direct')} data-testid="seamless-direct">
            <ul className="seamless-vendors">
              {wallet.direct.map((vendor) => (
                <li key={vendor.vassalage} data-vendor={vendor.vassalage}>
                  <strong>{vendor.displayName}</strong>
                  <span className="draw-meta">{t('seamless.games', { count: vendor.games })}</span>
                  <span className="seamless-types">
                    {vendor.gameTypes.map((type) => (
                      <Badge key={type}>{t(`games.${type.toLowerCase()}`, type)}</Badge>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
          <Card title={t('seamless.ownWallet')} data-testid="seamless-own">
            {wallet.ownWallets.length === 0 ? (
              <p>{t('seamless.none')}</p>
            ) : (
              <ul className="seamless-vendors">
                {wallet.ownWallets.map((code) => (
                  <li key={code}>
                    <strong>{code}</strong>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
