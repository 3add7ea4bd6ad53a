import { useTranslation } from 'react-i18next';
import { parseMoney, toMoneyString } from '../shared/money';
import { slotPaytable } from './slotPaytable';
import { AnySymbol, SymbolFace } from './symbols';

const REELS = 3;

/**
 * The slot's paytable (issue 34, finding 5), a disclosure under the reels: each winning
 * combination with its pay as a multiple of the bet, and what that is at the chosen bet. The
 * lines are read from the server's own engine (slotPaytable.ts), so they cannot drift from what a
 * spin pays.
 */
export function Paytable({ bet, money }: { bet: string; money: (amount: string) => string }) {
  const { t } = useTranslation();
  const lines = slotPaytable();
  if (!lines) return null;
  const anyOther = t('play.anySymbol', { defaultValue: 'Any other symbol' });
  const stake = parseMoney(bet);
  return (
    <details className="paytable" data-testid="paytable">
      <summary>{t('play.paytable', { defaultValue: 'Paytable' })}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('play.combination', { defaultValue: 'Combination' })}</th>
            <th scope="col">{t('play.pays', { defaultValue: 'Pays' })}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map(({ symbol, count, multiple }) => (
            <tr key={`${symbol}-${count}`}>
              <th scope="row">
                <span className="pay-combo">
                  {Array.from({ length: REELS }, (_, place) =>
                    place < count ? (
                      <SymbolFace key={place} symbol={symbol} label={t(`play.symbol_${symbol}`)} />
                    ) : (
                      <AnySymbol key={place} label={anyOther} />
                    ),
                  )}
                </span>
              </th>
              <td>
                <span className="pay-multiple">×{multiple}</span>
                <span className="pay-amount">{money(toMoneyString(stake * BigInt(multiple)))}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="paytable-note">
        {t('play.paytableNote', {
          defaultValue:
            'Pays are multiples of the bet on the one line, symbols in any order; amounts for a bet of {{bet}}.',
          bet: money(bet),
        })}
      </p>
    </details>
  );
}
