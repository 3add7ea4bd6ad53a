import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PopupExecution } from '../../shared/announcements';
import type { AnnouncementKind } from '../../shared/backOfficeAnnouncements';
import { completeLanguageNames, type CompleteLanguage } from '../../shared/languages';
import { SafeHtml } from '../components/SafeHtml';
import './announcements.css';

/**
 * The text a player of `language` gets: its own, else English (the member side's fallback,
 * server/domain/announcements/listAnnouncements.ts `localize`), title and content each alone.
 */
export function shownText(texts: Record<string, string>, language: string): string {
  return texts[language]?.trim() || texts.EN?.trim() || '';
}

/**
 * A draft as a player of `language` sees it (issue 30), drawn with the member side's own
 * markup and classes: a notice as the home page's marquee and its notice list
 * (home/NoticeMarquee, NoticePopup); a public pop-up (execution B) as the public pop-up, its
 * title in the window's header (announcements/AnnouncementPopups PublicPopupList); an
 * after-login or first-login one in the announcements window (AfterLoginPopup, PopupItem). The
 * site's own words (Go, Got it, Notices) are in that language too. Nothing in it is a control.
 */
export function AnnouncementPreview({
  kind,
  execution,
  title,
  content,
  goReward,
  language,
}: {
  kind: AnnouncementKind;
  execution: PopupExecution | null;
  title: Record<string, string>;
  content: Record<string, string>;
  goReward: boolean;
  language: CompleteLanguage;
}) {
  const { t, i18n } = useTranslation();
  const lng = language.toLowerCase();
  // The site's words in the preview's language: fetched once, English until then.
  const [, setLoaded] = useState(0);
  useEffect(() => {
    let live = true;
    void i18n.loadLanguages(lng).then(() => {
      if (live) setLoaded((count) => count + 1);
    });
    return () => {
      live = false;
    };
  }, [i18n, lng]);
  const site = i18n.getFixedT(lng, 'translation');

  const shownTitle = shownText(title, language) || t('backOffice.announcementsPage.noTitle');
  const shownContent = shownText(content, language);
  const fallback =
    language !== 'EN' && (!title[language]?.trim() || !content[language]?.trim())
      ? t('backOffice.announcementsPage.fallbackNote', {
          language: completeLanguageNames[language],
        })
      : null;
  const go = goReward && kind !== 'notice' && (
    <div className="announcement-actions">
      <span className="button primary small">{site('announcements.go')}</span>
    </div>
  );

  let body;
  if (kind === 'notice') {
    body = (
      <>
        <div className="notice-marquee">
          <svg
            className="notice-marquee-icon"
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M3 10v4a1 1 0 0 0 1 1h2l5 4V5L6 9H4a1 1 0 0 0-1 1Zm12.5 2a3.5 3.5 0 0 0-2-3.16v6.32a3.5 3.5 0 0 0 2-3.16ZM13.5 4.23v2.06a6 6 0 0 1 0 11.42v2.06a8 8 0 0 0 0-15.54Z" />
          </svg>
          <span className="announcement-preview-marquee">{shownTitle}</span>
        </div>
        <Window title={site('announcements.notices')}>
          <div className="notice-list">
            <article className="notice-item">
              <h3>{shownTitle}</h3>
              <SafeHtml html={shownContent} className="notice-content" />
            </article>
          </div>
        </Window>
      </>
    );
  } else if (execution === 'B') {
    body = (
      <Window title={shownTitle} footer={site('announcements.gotIt')}>
        <div className="announcement-list">
          <div className="announcement-item">
            <SafeHtml html={shownContent} className="announcement-content" />
            {go}
          </div>
        </div>
      </Window>
    );
  } else {
    body = (
      <Window title={site('announcements.title')} footer={site('announcements.gotIt')}>
        <div className="announcement-list">
          <article className="announcement-item">
            <h3>{shownTitle}</h3>
            <SafeHtml html={shownContent} className="announcement-content" />
            {go}
          </article>
        </div>
      </Window>
    );
  }

  return (
    <section
      className="announcement-preview"
      aria-label={t('backOffice.announcementsPage.preview')}
      data-testid="announcement-preview"
      data-language={language}
    >
      <p className="announcement-preview-label">
        {t('backOffice.announcementsPage.previewOf', {
          language: completeLanguageNames[language],
          where: t(`backOffice.announcementsPage.where.${kind === 'notice' ? 'N' : execution}`),
        })}
      </p>
      {fallback && (
        <p className="announcement-preview-fallback" data-testid="announcement-preview-fallback">
          {fallback}
        </p>
      )}
      <div lang={lng} dir={i18n.dir(lng)} className="announcement-preview-stage">
        {body}
      </div>
    </section>
  );
}

/** The member side's modal window, drawn in place (not a dialog: nothing opens). */
function Window({
  title,
  footer,
  children,
}: {
  title: string;
  footer?: string;
  children: ReactNode;
}) {
  return (
    <div className="announcement-preview-window">
      <div className="modal-header">
        <h2>{title}</h2>
        <span className="modal-close" aria-hidden="true">
          ×
        </span>
      </div>
      <div className="modal-body">
        {children}
        {footer && (
          <div className="announcement-footer">
            <span className="button secondary block">{footer}</span>
          </div>
        )}
      </div>
    </div>
  );
}
