import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../../shared/money';
import { useGameStores } from '../gameStores';
import { useObservable } from '../../hooks/useObservable';
import { Skeleton } from '../../components/Skeleton';

/**
 * Spec 2 "Winner board": the top three ranked, then a scrolling list of masked names and wins;
 * snapshot then live `winner` events through winners$ (batched, so bursts stay cheap).
 */
export function WinnerBoard() {
  const { t, i18n } = useTranslation();
  const { winners } = useGameStores();
  const board = useObservable(winners.winners$, null);
  const money = (amount: string) => formatMoney(parseMoney(amount), i18n.language);
  return (
    <section className="winner-board" aria-labelledby="winners-title" data-testid="winner-board">
      <h2 id="winners-title">{t('games.winners')}</h2>
      {board === null ? (
        <WinnerBoardSkeleton label={t('common.loading')} />
      ) : board.top.length === 0 ? (
        <p>{t('games.noWinners')}</p>
      ) : (
        <>
          <ol className="winner-podium" data-testid="winner-podium">
            {board.top.map((entry, index) => (
              <li key={`${entry.customerName}-${entry.at}-${index}`}>
                <span className="winner-rank">{t('games.rank', { rank: index + 1 })}</span>
                <span className="winner-name">{entry.customerName}</span>
                <strong>{money(entry.winAmount)}</strong>
                <span className="winner-game">{entry.gameName}</span>
              </li>
            ))}
          </ol>
          {board.rest.length > 0 && (
            <div className="winner-scroll" tabIndex={0} aria-label={t('games.winners')}>
              {/* Two copies run one after the other so the loop has no seam; the copy is
                  hidden from assistive technology. */}
              {[false, true].map((copy) => (
                <ul
                  key={String(copy)}
                  className="winner-list"
                  data-testid={copy ? undefined : 'winner-list'}
                  aria-hidden={copy || undefined}
                >
                  {board.rest.map((entry, index) => (
                    <li key={`${entry.customerName}-${entry.at}-${index}`}>
                      <span>{entry.customerName}</span> <strong>{money(entry.winAmount)}</strong>
                    </li>
                  ))}
                </ul>
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The board's shape while the first answer is on its way: three podium places with their lines
 * (blank) and the list's box, so the lanes below stay where they are when the winners arrive.
 */
function WinnerBoardSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="skeleton-group">
      <ol className="winner-podium" aria-hidden="true">
        {[0, 1, 2].map((place) => (
          <li key={place} className="winner-podium-pending">
            <span className="winner-rank">{'\u00a0'}</span>
            <span className="winner-name">{'\u00a0'}</span>
            <strong>{'\u00a0'}</strong>
            <span className="winner-game">{'\u00a0'}</span>
          </li>
        ))}
      </ol>
      <Skeleton height="8rem" />
    </div>
  );
}
