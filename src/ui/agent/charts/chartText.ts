import { parseSignedMoney, toMoneyString } from '../../../shared/money';

export { hasData } from '../../components/charts/ChartCard';

/**
 * The team's result as the agent sees it: the server's "profit" is the players' win − bet
 * (src/shared/agentReports.ts), so the team's loss is the agent's gain and the sign flips.
 * Wire format in, wire format out ("-120.50" → "120.50"; zero stays "0.00").
 */
export function agentSideResult(playersProfit: string): string {
  return toMoneyString(-parseSignedMoney(playersProfit));
}

/**
 * An amount on a money axis or in the legend: the currency's symbol, then the number in the
 * page's language (two decimals; compact, 1.2K, from a thousand up).
 */
export function moneyAxisFormat(language: string, symbol = ''): (value: number) => string {
  const compact = new Intl.NumberFormat(language, {
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  const exact = new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const prefix = symbol ? `${symbol} ` : '';
  return (value) => {
    const text = Math.abs(value) >= 1000 ? compact.format(value) : exact.format(value);
    return value < 0 ? `-${prefix}${text.replace(/^[-\u2212]/, '')}` : `${prefix}${text}`;
  };
}

/**
 * A signed amount for people, its sign always written: "+120.50" for a gain, "-120.50" for a
 * loss, "0.00" for neither. `money` formats the wire amount (useMoneyText).
 */
export function signedMoneyText(amount: string, money: (amount: string) => string): string {
  const minor = parseSignedMoney(amount);
  const text = money(amount);
  return minor > 0n ? `+${text}` : text;
}
