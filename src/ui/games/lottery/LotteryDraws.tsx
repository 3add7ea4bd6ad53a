import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { countdownText, type OpenedDraw } from '../../../shared/lottery';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { QueryFallback } from '../../components/QueryFallback';
import type { QueryState } from '../../hooks/useQuery';
import type { LotteryDraws as Draws } from './useLotteryDraws';

const valueOf = <T,>(state: QueryState<T>): T | null =>
  state.kind === 'ready' ? state.value : state.kind === 'loading' ? state.previous : null;

/** A draw's numbers as balls, read out as one list. */
export function DrawNumbers({ numbers, label }: { numbers: number[]; label: string }) {
  return (
    <ol className="draw-numbers" aria-label={label}>
      {numbers.map((number, index) => (
        <li key={index} className="draw-ball">
          {number}
        </li>
      ))}
    </ol>
  );
}

/**
 * The lottery page's draws (issue 16): the next draw of each of the vendor's games with its
 * countdown (lobby info), the latest results, and the chosen game's last opened draws. The page
 * asks for them (useLotteryDraws: its chooser shows the countdowns too); `only`, when given,
 * keeps the games of the chosen region (the Vietnam lottery's page). No vendor code shows.
 */
export function LotteryDraws({
  draws,
  only = null,
}: {
  draws: Draws;
  only?: ReadonlySet<string> | null;
}) {
  const { t, i18n } = useTranslation();
  const kept = <T extends { gameCode: string }>(list: T[] | null) =>
    list && only ? list.filter((entry) => only.has(entry.gameCode)) : list;
  const lobby = kept(valueOf(draws.lobby));
  const results = kept(valueOf(draws.results));
  const history = draws.history ? valueOf(draws.history) : null;
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const numbersLabel = (draw: Pick<OpenedDraw, 'numero'>) =>
    t('lottery.numbersOf', { numero: draw.numero });

  return (
    <div className="lottery-draws" data-testid="lottery-draws">
      {draws.history && (
        <Card title={t('lottery.history')} data-testid="lottery-history">
          {history === null ? (
            <QueryFallback state={draws.history} onRetry={draws.retry} />
          ) : history.length === 0 ? (
            <EmptyState title={t('lottery.noDraws')} />
          ) : (
            <ul className="draw-list">
              {history.map((draw) => (
                <li key={draw.numero}>
                  <span className="draw-meta">
                    {t('lottery.numero', { numero: draw.numero })} · {time(draw.openedAt)}
                  </span>
                  <DrawNumbers numbers={draw.numbers} label={numbersLabel(draw)} />
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
      <Card title={t('lottery.nextDraws')} data-testid="lottery-lobby">
        {lobby === null ? (
          <QueryFallback state={draws.lobby} onRetry={draws.retry} />
        ) : lobby.length === 0 ? (
          <EmptyState title={t('lottery.noDraws')} />
        ) : (
          <ul className="draw-list">
            {lobby.map((game) => (
              <li key={game.gameCode} data-game-code={game.gameCode}>
                <Link to={`?gameCode=${encodeURIComponent(game.gameCode)}`} className="draw-game">
                  {game.gameName}
                </Link>
                <span className="draw-meta">
                  {t('lottery.numero', { numero: game.current.numero })} ·{' '}
                  <span data-testid="draw-countdown">
                    {t('lottery.closesIn', {
                      time: countdownText(Date.parse(game.current.closesAt), draws.now),
                    })}
                  </span>
                </span>
                {game.last && (
                  <DrawNumbers numbers={game.last.numbers} label={numbersLabel(game.last)} />
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('lottery.latestResults')} data-testid="lottery-results">
        {results === null ? (
          <QueryFallback state={draws.results} onRetry={draws.retry} />
        ) : results.length === 0 ? (
          <EmptyState title={t('lottery.noDraws')} />
        ) : (
          <ul className="draw-list">
            {results.map((draw) => (
              <li key={draw.gameCode}>
                <span className="draw-game">{draw.gameName}</span>
                <span className="draw-meta">
                  {t('lottery.numero', { numero: draw.numero })} · {time(draw.openedAt)}
                </span>
                <DrawNumbers numbers={draw.numbers} label={numbersLabel(draw)} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
