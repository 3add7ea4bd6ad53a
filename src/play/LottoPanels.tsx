import { useTranslation } from 'react-i18next';
import type { LobbyGame, LottoLaunch } from '../shared/lottery';

function Numbers({ numbers, label }: { numbers: number[]; label: string }) {
  return (
    <ol className="play-numbers" aria-label={label}>
      {numbers.map((number, index) => (
        <li key={index}>{number}</li>
      ))}
    </ol>
  );
}

/** The lottery area as a country's name in the page's language ("VN" → "Vietnam"). */
function regionName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * launchGame's lobby view (lottoView lobby, issue 16): the vendor's draws, each game with the
 * draw taking bets now and its last result, and a Bet link that opens the site's lottery page
 * on that game (the betting view) in the whole window.
 */
export function LottoLobby({
  lotto,
  games,
  route,
}: {
  lotto: LottoLaunch;
  games: LobbyGame[];
  route: string;
}) {
  const { t, i18n } = useTranslation();
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <main className="play play-lobby" data-testid="play-lobby">
      <header className="play-header">
        <h1>{t('lottery.lobbyTitle')}</h1>
        <p>{t('lottery.area', { area: regionName(lotto.area, i18n.language) })}</p>
      </header>
      <ul className="play-lobby-list">
        {games.map((game) => (
          <li key={game.gameCode}>
            <div>
              <strong>{game.gameName}</strong>
              {/* The group only when the name does not already say it ("Lucky Numbers · 1 Minute"). */}
              {!game.gameName.includes(game.groupName) && <span> {game.groupName}</span>}
            </div>
            <div>
              {t('lottery.numero', { numero: game.current.numero })} · {time(game.current.closesAt)}
            </div>
            {game.last && (
              <Numbers
                numbers={game.last.numbers}
                label={t('lottery.numbersOf', { numero: game.last.numero })}
              />
            )}
            <a
              className="play-lobby-bet"
              href={`${route}?gameCode=${encodeURIComponent(game.gameCode)}`}
              target="_top"
            >
              {t('lottery.bet')}
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}

/** The betting view's draw line: the draw taking bets and the last result of this game. */
export function LottoDraw({ lotto, draw }: { lotto: LottoLaunch; draw: LobbyGame | null }) {
  const { t, i18n } = useTranslation();
  if (!draw) return null;
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <section className="play-draw" data-testid="play-draw" data-prize-mode={lotto.prizeMode}>
      <p>
        {t('lottery.numero', { numero: draw.current.numero })} · {time(draw.current.closesAt)}
      </p>
      {draw.last && (
        <>
          <p>{t('lottery.lastResult')}</p>
          <Numbers
            numbers={draw.last.numbers}
            label={t('lottery.numbersOf', { numero: draw.last.numero })}
          />
        </>
      )}
    </section>
  );
}
