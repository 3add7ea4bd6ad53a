import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadSectionTexts, setupI18n } from '../i18n/setup';
import { isCompleteLanguage } from '../shared/languages';
import { createPlayApi } from './playApi';
import { PlayApp } from './PlayApp';
import { followTheme } from './theme';
import './play.css';

/**
 * The demo vendor's game page (play.html): its own small entry, opened in the game popup's
 * iframe or a page by launchGame's URL (`?launch=<token>&engine=slot|draw&lang=EN`; the site may
 * add `&theme=dark|light`, theme.ts).
 */
async function start(): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  followTheme(query);
  const requested = (query.get('lang') ?? 'EN').toUpperCase();
  const language = isCompleteLanguage(requested) ? requested : 'EN';
  await setupI18n(language);
  // A lottery launch's panels (lobby, draw) use the sections' texts (lottery.*): they wait for
  // them. Elsewhere the game does not; the responsible-gaming refusals (a limit's figures) are
  // there too.
  if (query.has('view')) await loadSectionTexts();
  else void loadSectionTexts().catch(() => undefined);
  const container = document.getElementById('play-root');
  if (!container) throw new Error('#play-root is missing from play.html');
  createRoot(container).render(
    <StrictMode>
      <PlayApp launch={query.get('launch') ?? ''} api={createPlayApi(language)} />
    </StrictMode>,
  );
}

void start();
