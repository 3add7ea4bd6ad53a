import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OpenedDraw } from '../../../shared/lottery';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { QueryFallback } from '../../components/QueryFallback';
import type { QueryState } from '../../hooks/useQuery';
import { useLotteryDraws } from './useLotteryDraws';

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

/** mm:ss (or h:mm:ss) until `until`, never negative. */
function countdown(until: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The lottery page's draws (issue 16): the next draw of each of the vendor's games with its
 * countdown (lobby info), the latest results, and the chosen game's last opened draws.
 */
export function LotteryDraws({
  vendor,
  gameCode,
  language,
}: {
  vendor: string;
  gameCode: string | null;
  language: string;
}) {
  const { t, i18n } = useTranslation();
  const draws = useLotteryDraws(vendor, gameCode, language);
  const lobby = valueOf(draws.lobby);
  const results = valueOf(draws.results);
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
                      time: countdown(Date.parse(game.current.closesAt), draws.now),
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
