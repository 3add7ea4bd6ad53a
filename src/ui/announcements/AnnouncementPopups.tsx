import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementPopup } from '../../shared/announcements';
import { Button } from '../components/Button';
import { Modal } from '../components/Modal';
import { SafeHtml } from '../components/SafeHtml';
import { usePopups } from '../core/PopupContext';
import { useSession } from '../core/session/useSession';
import { useSafeNavigate } from '../core/useSafeNavigate';
import { lazySection } from '../core/lazySection';
import { useHomeAnnouncements } from '../home';
import { PopupItem } from './PopupItem';

/**
 * The paged board comes with its own chunk and the sections' texts (the page numbers' names):
 * the first page's download carries neither; a spinner stands in the popup meanwhile.
 */
const AnnouncementBoard = lazySection('AnnouncementBoard', () => import('./AnnouncementBoard'));
import { closedPopups, markPopupsClosed, notClosed, popupOwner } from '../core/popupKeys';

/** Spec 2 "optional Go button to the reward centre". */
const REWARD_CENTRE = '/member/rewardCenter';

/**
 * The pop-ups of spec 2 (issue 16), over every page:
 * - the public pop-up list (execution B): the public pop-ups this visitor has not closed in
 *   this session, for guests and members alike;
 * - the after-login announcement popup (execution A, and F on the account's first login):
 *   every such announcement, nine to a page with the page numbers of spec 9 (a range of 5 with
 *   1 margin page), shown when one of them is new to this member in this session.
 * Closing one marks what it showed closed for the member or the guest's anonymous key (spec 4,
 * popupKeys.ts): a reload in the same session does not bring it back, a new session does. A new
 * one the operator creates reaches an open page live (the announcements stream) and opens it
 * again. One at a time, the public list first, and never over another popup (login, help…).
 */
export function AnnouncementPopups() {
  const announcements = useHomeAnnouncements();
  const session = useSession();
  const { current: otherPopup } = usePopups();
  // Bumped on each close, so the closed marks in session storage are read again.
  const [closedVersion, setClosedVersion] = useState(0);
  const memberId = session.isLogin ? (session.member?.id ?? null) : null;
  // Waits while the session is being found out (a stored token: the member is loading).
  const ready = announcements !== null && !session.pending && (!session.isLogin || memberId);
  const owner = ready ? popupOwner(sessionStorage, memberId) : null;

  const { publicOnes, afterLogin, afterLoginNew } = useMemo(() => {
    void closedVersion;
    const popups = announcements?.popup ?? [];
    const closed = owner ? closedPopups(sessionStorage, owner) : new Set<string>();
    const after = session.isLogin ? popups.filter((popup) => popup.execution !== 'B') : [];
    return {
      publicOnes: notClosed(
        popups.filter((popup) => popup.execution === 'B'),
        closed,
      ),
      afterLogin: after,
      afterLoginNew: notClosed(after, closed).length > 0,
    };
  }, [announcements, owner, session.isLogin, closedVersion]);

  const close = useCallback(
    (shown: readonly AnnouncementPopup[]) => {
      if (owner)
        markPopupsClosed(
          sessionStorage,
          owner,
          shown.map((popup) => popup.id),
        );
      setClosedVersion((version) => version + 1);
    },
    [owner],
  );

  if (!ready || otherPopup !== null) return null;
  if (publicOnes.length > 0) return <PublicPopupList popups={publicOnes} onClose={close} />;
  if (afterLoginNew) return <AfterLoginPopup popups={afterLogin} onClose={close} />;
  return null;
}

/** Spec 2 "public pop-up list (once per session, closable)". */
function PublicPopupList({
  popups,
  onClose,
}: {
  popups: AnnouncementPopup[];
  onClose: (shown: readonly AnnouncementPopup[]) => void;
}) {
  const { t } = useTranslation();
  const navigate = useSafeNavigate();
  // What this opening showed: a pop-up that arrives while it is open is closed with it only
  // if it was on screen.
  const [shown] = useState(popups);
  const all = useMemo(() => {
    const ids = new Set(shown.map((popup) => popup.id));
    return [...shown, ...popups.filter((popup) => !ids.has(popup.id))];
  }, [shown, popups]);
  return (
    <Modal
      name="public-popups"
      title={all.length === 1 ? all[0]!.title : t('announcements.popupsTitle')}
      open
      onClose={() => onClose(all)}
      className="announcement-popup"
    >
      <div className="announcement-list">
        {all.map((popup) =>
          all.length === 1 ? (
            <div key={popup.id} className="announcement-item" data-testid="announcement-item">
              <SafeHtml html={popup.content} className="announcement-content" />
              {popup.goReward && (
                <div className="announcement-actions">
                  <Button
                    variant="primary"
                    size="sm"
                    onClick={() => {
                      onClose(all);
                      navigate(REWARD_CENTRE);
                    }}
                    aria-label={t('announcements.goRewardOf', { title: popup.title })}
                  >
                    {t('announcements.go')}
                  </Button>
                </div>
              )}
            </div>
          ) : (
            <PopupItem
              key={popup.id}
              popup={popup}
              onGo={() => {
                onClose(all);
                navigate(REWARD_CENTRE);
              }}
            />
          ),
        )}
      </div>
      <div className="announcement-footer">
        <Button variant="secondary" block onClick={() => onClose(all)}>
          {t('announcements.gotIt')}
        </Button>
      </div>
    </Modal>
  );
}

/** Spec 2 "announcement popup (paged, optional Go button to the reward centre)". */
function AfterLoginPopup({
  popups,
  onClose,
}: {
  popups: AnnouncementPopup[];
  onClose: (shown: readonly AnnouncementPopup[]) => void;
}) {
  const { t } = useTranslation();
  const navigate = useSafeNavigate();
  return (
    <Modal
      name="announcements"
      title={t('announcements.title')}
      open
      onClose={() => onClose(popups)}
      className="announcement-popup"
    >
      <AnnouncementBoard
        popups={popups}
        onGo={() => {
          onClose(popups);
          navigate(REWARD_CENTRE);
        }}
      />
      <div className="announcement-footer">
        <Button variant="secondary" block onClick={() => onClose(popups)}>
          {t('announcements.gotIt')}
        </Button>
      </div>
    </Modal>
  );
}
