import { StrictMode, startTransition, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { takeTokenFromUrl } from './api/sessionToken';
import { chooseLanguage } from './i18n/chooseLanguage';
import { setupI18n } from './i18n/setup';
import { listenForInstallOffer } from './pwa/installPrompt';
import { registerServiceWorker } from './pwa/register';
import { completeLanguages } from './shared/languages';
import { App } from './ui/app/App';
import { preloadRoute } from './ui/app/routes';
import { preparePopups } from './ui/app/preparePopups';
import { createServices } from './app/services';
import { applyInitialTheme } from './ui/core/theme';
import './ui/styles/index.css';

/** How long the first render waits for the route's section before drawing without it. */
const ROUTE_WAIT_MS = 3_000;

async function start(): Promise<void> {
  // The install offer comes once and early: kept for the download page (issue 16).
  listenForInstallOffer();
  registerServiceWorker();
  applyInitialTheme();
  // A token in the URL (spec 4) goes to the session service, the token's one owner.
  const urlToken = takeTokenFromUrl(window.location, window.history);
  // Before the brand's list is known every complete language is a candidate; SystemGate
  // narrows it to the brand's own once the status arrives.
  const language = chooseLanguage({
    stored: localStorage.getItem('hisLang'),
    deviceLanguages: navigator.languages,
    supported: completeLanguages,
    brandDefault: 'EN',
  });
  const i18n = await setupI18n(language);
  const services = createServices(i18n, { urlToken });
  // Open the live connection now, for the whole life of the tab.
  services.realtime.socket$.subscribe();
  // The announcements too (the pop-ups keep them for the tab's life anyway): what their pop-ups
  // need is fetched as soon as they are known.
  services.announcements$.subscribe(preparePopups);

  // The route's own section, whose chunks the page preloads, is waited for (a little at most),
  // so the first render draws the page with the shell instead of a frame after it.
  await Promise.race([
    preloadRoute(window.location.pathname),
    new Promise((resolve) => setTimeout(resolve, ROUTE_WAIT_MS)),
  ]);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // The first render as a transition: React works in slices and lets the browser paint and
  // answer input between them, instead of one long task (Lighthouse's blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Suspense fallback={null}>
          <App services={services} />
        </Suspense>
      </StrictMode>,
    ),
  );
}

void start();
