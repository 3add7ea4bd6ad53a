import { type MouseEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementItem } from '../../shared/announcements';
import { useSafeNavigate } from '../core/useSafeNavigate';
import { Modal } from '../components/Modal';
import { SafeHtml } from '../components/SafeHtml';
import { Button } from '../components/Button';

/** Spec 9: announcement page size 9 (the notice list shows one page number: range 1). */
export const NOTICE_PAGE_SIZE = 9;

/** The items of 1-based `page` (clamped into range) and the number of pages (at least 1). */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size = NOTICE_PAGE_SIZE,
): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}

/** The page that holds the notice `id`, or 1. */
export function pageHolding(notices: readonly { id: string }[], id: string | null): number {
  const index = id === null ? -1 : notices.findIndex((notice) => notice.id === id);
  return index < 0 ? 1 : Math.floor(index / NOTICE_PAGE_SIZE) + 1;
}

/**
 * Spec 2 "notice list": the player notices with their HTML content, sanitised (SafeHtml), nine
 * to a page. Opened from the marquee, on the notice that was clicked when there was one.
 */
export function NoticePopup({
  notices,
  open,
  selectedId,
  onClose,
}: {
  notices: AnnouncementItem[];
  open: boolean;
  selectedId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useSafeNavigate();
  const [page, setPage] = useState(1);
  // Each opening starts on the page of the chosen notice.
  const [openedFor, setOpenedFor] = useState<string | null | undefined>(undefined);
  if (open && openedFor !== selectedId) {
    setOpenedFor(selectedId);
    setPage(pageHolding(notices, selectedId));
  }
  if (!open && openedFor !== undefined) setOpenedFor(undefined);
  const shown = pageOf(notices, page);

  useEffect(() => {
    if (!open || !selectedId) return;
    const frame = requestAnimationFrame(() => {
      document.getElementById(`notice-${selectedId}`)?.scrollIntoView?.({ block: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, [open, selectedId]);

  // A site link inside a notice goes through the router and closes the list.
  const onContentClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest?.('a');
    if (!anchor || anchor.target || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    onClose();
    navigate(url.pathname + url.search + url.hash);
  };

  return (
    <Modal
      name="notices"
      title={t('announcements.notices')}
      open={open}
      onClose={onClose}
      className="notice-popup"
    >
      <div className="notice-list" onClick={onContentClick}>
        {shown.items.map((notice) => (
          <article
            key={notice.id}
            id={`notice-${notice.id}`}
            className="notice-item"
            data-testid="notice-item"
            data-selected={notice.id === selectedId || undefined}
            aria-labelledby={`notice-${notice.id}-title`}
          >
            <h3 id={`notice-${notice.id}-title`}>{notice.title}</h3>
            <SafeHtml html={notice.content} className="notice-content" />
          </article>
        ))}
      </div>
      {shown.pages > 1 && (
        <nav className="notice-pager" aria-label={t('announcements.notices')}>
          <Button disabled={shown.page === 1} onClick={() => setPage(shown.page - 1)}>
            {t('records.previous')}
          </Button>
          <span aria-live="polite">
            {t('announcements.page', { page: shown.page, pages: shown.pages })}
          </span>
          <Button disabled={shown.page === shown.pages} onClick={() => setPage(shown.page + 1)}>
            {t('records.next')}
          </Button>
        </nav>
      )}
    </Modal>
  );
}
