import { isFeatureEnabled, WhitelabelFlag } from '../../../shared/system';
import { type ReactNode, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../../i18n/chooseLanguage';
import { useMarkFirstScreen } from '../../core/firstScreen';
import { hideLoader, showLoader } from '../../core/loader';
import { useServices } from '../../core/ServicesContext';
import { lazySection } from '../../core/lazySection';
import { SiteInfoContext } from '../../core/SiteInfoContext';
import { useSystemStatus } from './useSystemStatus';
import { Button } from '../../components/Button';
import { useLocation } from 'react-router-dom';
import { LiveFailedNotice } from './LiveFailedNotice';

/**
 * Pages that stay open whatever the status: the live chat (the blocking screens offer it), the
 * support console (staff answer it meanwhile) and the back office (the admin switches
 * maintenance off there). Their calls stay open on the server too.
 */
const OPEN_PATHS = /^\/(chat|support|backoffice)(\/|$)/i;

const loadScreens = () => import('./blockingScreens');
const screen = { sectionTexts: false, Loading: () => null } as const;
const MaintenanceScreen = lazySection<{ end: string | null }>(
  'MaintenanceScreen',
  () => loadScreens().then((module) => ({ default: module.MaintenanceScreen })),
  screen,
);
const RegionBlockScreen = lazySection<{ ip: string }>(
  'RegionBlockScreen',
  () => loadScreens().then((module) => ({ default: module.RegionBlockScreen })),
  screen,
);

/**
 * Shows one of the app's three faces (spec 2 "System status screens"): the app itself,
 * the maintenance screen, or the region-block screen; a retry screen when the status cannot
 * be read at all. The chat and the support console show whatever the status.
 */
export function SystemGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const services = useServices();
  const [current, send] = useSystemStatus();
  const alwaysOpen = OPEN_PATHS.test(useLocation().pathname);
  // The face is drawn from a deferred copy of the status: when the first answer arrives, the
  // whole app renders in slices (a transition) rather than in one long task.
  const snapshot = useDeferredValue(current);
  const info = snapshot.context.snapshot;

  // Once the brand is known: its merchant code goes on every call, and a language the brand
  // does not offer gives way to the best one it does.
  useEffect(() => {
    if (!info) return;
    services.setMerchantCode(info.info.brand.merchantCode);
    services.consolidatedFunds.setAgentPolicy(
      isFeatureEnabled(info.info.whitelabel, WhitelabelFlag.agentPolicy),
    );
    const { languages, defaultLanguage } = info.info.brand;
    if (!languages.includes(services.language.current())) {
      void services.language.change(
        chooseLanguage({
          stored: localStorage.getItem('hisLang'),
          deviceLanguages: navigator.languages,
          supported: languages,
          brandDefault: defaultLanguage,
        }),
      );
    }
  }, [info, services]);

  // Subscribed for the tab's life, so the logged-in transition fetches the consolidated funds
  // then (spec 4) and every view reading them later gets the cached answer.
  useEffect(() => {
    const subscription = services.consolidatedFunds.funds$.subscribe();
    return () => subscription.unsubscribe();
  }, [services]);

  // A blocking face (maintenance, the region's block, the failure screen) is the whole first
  // screen: what waits for the first screen — the live connection above all, whose push ends a
  // maintenance — starts now, not at firstScreen.ts's latest start 6 s after the page opened
  // (found by the systemStatus paths: the push they waited for came late).
  const blocking =
    snapshot.matches('unavailable') ||
    (info !== null &&
      !alwaysOpen &&
      (snapshot.matches({ watching: 'maintenance' }) ||
        snapshot.matches({ watching: 'regionRestricted' })));
  useMarkFirstScreen(blocking);

  const decided = info !== null || snapshot.matches('unavailable');
  useEffect(() => {
    // Undecided again after "Try again" on the failure screen: the loader shows until the
    // answer comes (without it the page stayed blank, found by the systemStatus paths).
    if (decided) hideLoader();
    else showLoader();
  }, [decided]);

  // The live connection's notice goes over whatever face is on screen (it is read from the
  // current snapshot: a deferred one would show it a render late).
  const notice = current.context.liveFailed ? (
    <LiveFailedNotice
      onRetry={() => send({ type: 'live.retry' })}
      onReload={() => send({ type: 'live.reload' })}
    />
  ) : null;
  return (
    <>
      {face()}
      {notice}
    </>
  );

  function face(): ReactNode {
    if (snapshot.matches('unavailable')) {
      return (
        <main className="status-screen" aria-labelledby="status-unavailable-title">
          <h1 id="status-unavailable-title">{t('errors.network')}</h1>
          <p>{snapshot.context.error}</p>
          <Button variant="primary" onClick={() => send({ type: 'status.retry' })}>
            {t('common.retry')}
          </Button>
        </main>
      );
    }
    // First load: the HTML loader from index.html is still showing.
    if (!info) return null;

    return (
      <SiteInfoContext.Provider value={info}>
        {alwaysOpen ? (
          children
        ) : snapshot.matches({ watching: 'maintenance' }) ? (
          <MaintenanceScreen end={snapshot.context.maintenanceEnd} />
        ) : snapshot.matches({ watching: 'regionRestricted' }) ? (
          <RegionBlockScreen ip={info.location.ip} />
        ) : (
          children
        )}
      </SiteInfoContext.Provider>
    );
  }
}
