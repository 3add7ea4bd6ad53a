import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Icon, type IconName } from '../components/Icon';
import { QrCode } from '../components/QrCode';
import { useSiteInfo } from '../core/SiteInfoContext';
import { NotFoundPage } from '../shell';
import {
  chooseDownload,
  downloadPageUrl,
  parsePlatform,
  type DownloadChoice,
  type Platform,
} from './downloadChoice';
import { useInstallOffer } from './useInstallOffer';

/** Numbered steps, each with a small drawing of what to tap. */
function Steps({ steps }: { steps: readonly (readonly [IconName, string])[] }) {
  return (
    <ol className="download-steps">
      {steps.map(([icon, text]) => (
        <li key={text}>
          <span className="download-step-icon">
            <Icon name={icon} size={24} />
          </span>
          <span>{text}</span>
        </li>
      ))}
    </ol>
  );
}

function InstallPrompt() {
  const { t } = useTranslation();
  const { install } = useInstallOffer();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="primary"
      icon="download"
      busy={busy}
      onClick={() => {
        setBusy(true);
        // Whatever the answer, the offer is used: the page then shows what follows from it.
        void install().finally(() => setBusy(false));
      }}
    >
      {t('downloads.install')}
    </Button>
  );
}

function ChoiceBody({ choice, platform }: { choice: DownloadChoice; platform: Platform }) {
  const { t } = useTranslation();
  const { standalone, dismissed } = useInstallOffer();
  switch (choice.kind) {
    case 'store':
      return (
        <a
          className="button primary"
          href={choice.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="store-link"
        >
          <Icon name="download" />
          {t(`downloads.store.${platform}`)}
        </a>
      );
    case 'installed':
      return (
        <p role="status" className="download-done">
          <Icon name="check" /> {t(standalone ? 'downloads.running' : 'downloads.installed')}
        </p>
      );
    case 'prompt':
      return <InstallPrompt />;
    case 'androidMenu':
      return (
        <>
          {dismissed && (
            <p role="status" className="download-note">
              {t('downloads.dismissed')}
            </p>
          )}
          <Steps
            steps={[
              ['globe', t('downloads.androidMenu.step1')],
              ['moreVertical', t('downloads.androidMenu.step2')],
              ['addSquare', t('downloads.androidMenu.step3')],
            ]}
          />
        </>
      );
    case 'iosSteps':
      return (
        <Steps
          steps={[
            ['globe', t('downloads.iosSteps.step1')],
            ['share', t('downloads.iosSteps.step2')],
            ['addSquare', t('downloads.iosSteps.step3')],
            ['check', t('downloads.iosSteps.step4')],
          ]}
        />
      );
  }
}

const choiceTitle: Record<DownloadChoice['kind'], string> = {
  store: 'downloads.store.title',
  installed: 'downloads.installedTitle',
  prompt: 'downloads.promptTitle',
  androidMenu: 'downloads.androidMenu.title',
  iosSteps: 'downloads.iosSteps.title',
};

/**
 * `/downloads/ios` and `/downloads/android` (issue 16), where the side menu's app entries lead:
 * the operator's store page when configured, else the site as an installed web app (Android:
 * the browser's install dialog, or its menu when it offers none; iOS: Share → Add to Home
 * Screen); and the page's own address as a QR code, for a visitor on a computer.
 */
export default function DownloadPage() {
  const { t } = useTranslation();
  const platform = parsePlatform(useParams().platform);
  const { info } = useSiteInfo();
  const { canPrompt, standalone, installed } = useInstallOffer();
  if (!platform) return <NotFoundPage />;
  const brand = info.brand.name;
  const choice = chooseDownload({
    platform,
    stores: info.appStores,
    standalone,
    canPrompt,
    installed,
  });
  const url = downloadPageUrl(window.location.origin, platform);
  const other: Platform = platform === 'ios' ? 'android' : 'ios';
  return (
    <section
      className="download-page"
      data-testid="download-page"
      data-platform={platform}
      data-choice={choice.kind}
      aria-labelledby="download-title"
    >
      <header className="download-hero">
        <span className="download-hero-icon">
          <Icon name="phone" size={32} />
        </span>
        <div>
          <h1 id="download-title">{t(`downloads.title.${platform}`, { brand })}</h1>
          <p>
            {t(choice.kind === 'store' ? 'downloads.store.intro' : `downloads.intro.${platform}`, {
              brand,
            })}
          </p>
        </div>
      </header>
      <div className="download-cards">
        <Card
          title={t(choiceTitle[choice.kind])}
          aria-label={t(choiceTitle[choice.kind])}
          className="download-choice"
        >
          <ChoiceBody choice={choice} platform={platform} />
        </Card>
        <Card
          title={t('downloads.qr.title')}
          aria-label={t('downloads.qr.title')}
          className="download-qr"
        >
          <QrCode url={url} size={168} alt={t('downloads.qr.alt', { url })} />
          <p>{t('downloads.qr.body')}</p>
          <p className="download-url">{url}</p>
        </Card>
      </div>
      <p className="download-other">
        <Link to={`/downloads/${other}`}>{t(`downloads.other.${other}`)}</Link>
      </p>
    </section>
  );
}
