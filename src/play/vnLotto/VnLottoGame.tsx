import { useTranslation } from 'react-i18next';
import type { VnLine, VnLottoSession, VnResultEntry } from '../../shared/vnLotto';
import type { PlayApi } from '../playApi';
import { BetPicker } from './BetPicker';
import { type AnyLine, winPerHit } from './slip';
import { SlipGame } from './SlipGame';
import type { Loadable } from './useVnLotto';
import { VnResults } from './VnResults';

/**
 * The Vietnamese lottery on the game page (issue 34, finding 4): the draw taking bets with its
 * countdown, the bet types with their odds, the 00–99 grid (a three-digit field for 3 càng),
 * the unit and the multiplier, a bet slip placed as one ticket on the open draw, the player's
 * tickets (settled at the scheduled draw) and the results by prize tier with their history.
 */
export function VnLottoGame({
  api,
  launch,
  vn,
  betLevels,
  onBalance,
  money,
}: {
  api: PlayApi;
  launch: string;
  vn: VnLottoSession;
  betLevels: readonly string[];
  onBalance: (balance: string) => void;
  money: (amount: string) => string;
}) {
  const { t } = useTranslation();
  const describe = (line: AnyLine) => {
    const vnLine = line as VnLine;
    const amount = money(winPerHit(vnLine, vn.format));
    return {
      name: t(`play.vn.betType_${vnLine.betType}`),
      pick: vnLine.numbers.join(' · '),
      wins:
        vnLine.betType === 'lo2' ? t('play.vn.perHit', { amount }) : t('play.vn.wins', { amount }),
    };
  };
  return (
    <SlipGame
      api={api}
      launch={launch}
      vn={vn}
      onBalance={onBalance}
      money={money}
      describe={describe}
      Picker={BetPicker}
      pickerProps={{ vn, betLevels, money }}
      results={(results: Loadable<VnResultEntry[]>, onRetry) => (
        <VnResults results={results} format={vn.format} onRetry={onRetry} />
      )}
    />
  );
}
