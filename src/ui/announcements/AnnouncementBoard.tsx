import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementPopup } from '../../shared/announcements';
import { PageNumbers } from '../components/PageNumbers';
import { pageOf } from '../home';
import { PopupItem } from './PopupItem';

/**
 * The after-login popup's list (spec 2 "announcement popup (paged …)"): nine to a page (spec 9)
 * with numbered pages, a range of 5 with 1 margin page (PageNumbers). A list that shrinks under
 * the current page (the operator ended some) shows its last page.
 */
export default function AnnouncementBoard({
  popups,
  onGo,
}: {
  popups: AnnouncementPopup[];
  onGo: (popup: AnnouncementPopup) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const shown = pageOf(popups, page);
  return (
    <>
      <div className="announcement-list" data-page={shown.page}>
        {shown.items.map((popup) => (
          <PopupItem key={popup.id} popup={popup} onGo={onGo} />
        ))}
      </div>
      <PageNumbers
        page={shown.page}
        pages={shown.pages}
        onPage={setPage}
        label={t('announcements.pages')}
      />
    </>
  );
}
