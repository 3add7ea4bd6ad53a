import { type CSSProperties, type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementItem } from '../../shared/announcements';
import { NoticePopup } from './NoticePopup';
import { useHomeAnnouncements } from './useHomeAnnouncements';

/** Scrolling speed: about 8 characters a second, never faster than one pass in 12 s. */
export function marqueeSeconds(notices: readonly Pick<AnnouncementItem, 'title'>[]): number {
  const characters = notices.reduce((sum, notice) => sum + notice.title.length + 6, 0);
  return Math.max(12, Math.round(characters / 8));
}

/**
 * Spec 2 home "notice marquee": the notice titles scrolling by (a CSS animation, paused under
 * the pointer and while focused, still for people who ask for reduced motion). It is one
 * button: a click or Enter opens the notice list, on the notice whose title was clicked.
 * No notices: no marquee; not yet known: an empty row of its height.
 */
export function NoticeMarquee() {
  const { t } = useTranslation();
  const announcements = useHomeAnnouncements();
  const notices = announcements?.player ?? [];
  const [open, setOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Its row is kept while the notices load, so what is below does not move when they arrive.
  if (announcements === null)
    return <div className="notice-marquee notice-marquee-pending" aria-hidden="true" />;
  if (notices.length === 0) return null;

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    const title = (event.target as Element).closest?.('[data-notice-id]');
    setSelectedId(title?.getAttribute('data-notice-id') ?? null);
    setOpen(true);
  };
  const titles = (copy: boolean) =>
    notices.map((notice) => (
      <span key={notice.id} className="notice-title" data-notice-id={notice.id}>
        {notice.title}
        {copy ? null : <span className="visually-hidden">. </span>}
      </span>
    ));

  return (
    <div className="notice-marquee" data-testid="notice-marquee">
      <svg className="notice-marquee-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M3 10v4a1 1 0 0 0 1 1h2l5 4V5L6 9H4a1 1 0 0 0-1 1Zm12.5 2a3.5 3.5 0 0 0-2-3.16v6.32a3.5 3.5 0 0 0 2-3.16ZM13.5 4.23v2.06a6 6 0 0 1 0 11.42v2.06a8 8 0 0 0 0-15.54Z" />
      </svg>
      <button
        type="button"
        className="notice-marquee-button"
        aria-haspopup="dialog"
        onClick={onClick}
        data-testid="notice-marquee-button"
      >
        <span className="visually-hidden">{t('announcements.notices')}: </span>
        <span
          className="notice-track"
          style={{ '--marquee-duration': `${marqueeSeconds(notices)}s` } as CSSProperties}
        >
          <span className="notice-run">{titles(false)}</span>
          {/* The second run makes the loop seamless; it is not read twice. */}
          <span className="notice-run notice-run-copy" aria-hidden="true">
            {titles(true)}
          </span>
        </span>
      </button>
      <NoticePopup
        notices={notices}
        open={open}
        selectedId={selectedId}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
