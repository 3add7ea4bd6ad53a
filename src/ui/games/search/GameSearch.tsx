import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { GameItem } from '../../../shared/games';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { useErrorText } from '../../components/forms/useErrorText';
import { GameCard, GameCardSkeleton } from '../GameCard';
import { GameLaunchProvider } from '../GameLaunchContext';
import { useGameList } from '../useGameList';
import './gameSearch.css';

/** Letters before the search asks (one letter matches most of the catalogue). */
export const SEARCH_MIN_LENGTH = 2;
/** How long typing pauses before the search asks: one call per word, not per key. */
export const SEARCH_PAUSE_MS = 250;
const SEARCH_PAGE_SIZE = 24;

/**
 * The header's game search (issue 34, finding 7): a sheet with one field and instant results
 * across every category, grouped under each category's name, as tiles that launch in place
 * (the game opens over the sheet; closing it comes back to the results). An empty result says
 * "No games match 'x'". Its own lazy chunk: the header loads it on the first tap.
 */
export default function GameSearch({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const keyword = usePaused(text.trim(), SEARCH_PAUSE_MS);
  // A launch that goes to a page (the lottery, a seamless vendor) leaves the sheet behind.
  const { pathname } = useLocation();
  const [openedAt] = useState(pathname);
  useEffect(() => {
    if (open && pathname !== openedAt) onClose();
  }, [open, pathname, openedAt, onClose]);
  // The sheet exists to type in: focus goes to the field. The modal's showModal() (its effect
  // runs first, being the child's) has put it on the first control, the close button.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (open) form.current?.querySelector('input')?.focus();
  }, [open]);

  return (
    <Modal
      name="game-search"
      title={t('games.openSearch')}
      open={open}
      onClose={onClose}
      draggable={false}
      className="game-search-sheet"
    >
      <GameLaunchProvider>
        <form
          ref={form}
          role="search"
          className="game-search-form"
          onSubmit={(event) => event.preventDefault()}
        >
          <Field
            label={t('games.search')}
            type="search"
            name="keyword"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={40}
            placeholder={t('games.searchPlaceholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-testid="game-search-input"
          />
        </form>
        {keyword.length < SEARCH_MIN_LENGTH ? (
          <p className="game-search-hint">{t('games.searchHint')}</p>
        ) : (
          <SearchResults key={keyword} keyword={keyword} />
        )}
      </GameLaunchProvider>
    </Modal>
  );
}

/** `value`, once it has stayed the same for `ms`. */
function usePaused(value: string, ms: number): string {
  const [paused, setPaused] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setPaused(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return paused;
}

function SearchResults({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const headingId = useId();
  const { state, hasMore, loadMore, retry } = useGameList({
    keyword,
    pageSize: SEARCH_PAGE_SIZE,
  });
  const groups = byCategory(state.games);
  return (
    <section
      className="game-search-results"
      aria-busy={state.kind === 'loading'}
      aria-labelledby={headingId}
      data-testid="game-search-results"
    >
      <h3 id={headingId} className="visually-hidden">
        {t('games.openSearch')}
      </h3>
      {groups.map(([category, games]) => (
        <Fragment key={category}>
          <h4 className="game-search-category">{t(`games.${category.toLowerCase()}`)}</h4>
          <div className="game-grid">
            {games.map((game) => (
              <GameCard key={game.nodeId} game={game} headingLevel={5} />
            ))}
          </div>
        </Fragment>
      ))}
      {state.kind === 'loading' && state.games.length === 0 && (
        <div className="game-grid" role="status" aria-label={t('common.loading')}>
          {Array.from({ length: 6 }, (_, index) => (
            <GameCardSkeleton key={index} />
          ))}
        </div>
      )}
      {state.kind === 'failed' && (
        <p role="alert">
          {errorText(state.code)} <Button onClick={retry}>{t('common.retry')}</Button>
        </p>
      )}
      {state.kind === 'ready' && state.games.length === 0 && (
        <EmptyState title={t('games.noMatch', { query: keyword })} icon="search">
          <p>{t('games.noMatchBody')}</p>
        </EmptyState>
      )}
      {hasMore && <Button onClick={loadMore}>{t('games.more')}</Button>}
    </section>
  );
}

/** The results in the server's order (category, then lane and game), cut where the category changes. */
function byCategory(games: GameItem[]): [string, GameItem[]][] {
  const groups: [string, GameItem[]][] = [];
  for (const game of games) {
    const last = groups.at(-1);
    if (last && last[0] === game.gameType) last[1].push(game);
    else groups.push([game.gameType, [game]]);
  }
  return groups;
}
