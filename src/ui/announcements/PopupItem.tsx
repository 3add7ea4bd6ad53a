import { useTranslation } from 'react-i18next';
import type { AnnouncementPopup } from '../../shared/announcements';
import { Button } from '../components/Button';
import { SafeHtml } from '../components/SafeHtml';

/** One pop-up or announcement: its title, its HTML (sanitised) and the optional Go button. */
export function PopupItem({
  popup,
  onGo,
}: {
  popup: AnnouncementPopup;
  onGo: (popup: AnnouncementPopup) => void;
}) {
  const { t } = useTranslation();
  const titleId = `announcement-${popup.id}-title`;
  return (
    <article
      className="announcement-item"
      data-testid="announcement-item"
      aria-labelledby={titleId}
    >
      <h3 id={titleId}>{popup.title}</h3>
      <SafeHtml html={popup.content} className="announcement-content" />
      {popup.goReward && (
        <div className="announcement-actions">
          <Button
            variant="primary"
            size="sm"
            onClick={() => onGo(popup)}
            aria-label={t('announcements.goRewardOf', { title: popup.title })}
          >
            {t('announcements.go')}
          </Button>
        </div>
      )}
    </article>
  );
}
