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
import { closedPopups, markPopupsClosed, notClosed, popupOwner } from '../core/popupKeys';
import { PopupItem } from './PopupItem';

/**
 * The paged board comes with its own chunk and the sections' texts (the page numbers' names):
 * the first page's download carries neither; a spinner stands in the popup meanwhile.
 */
const AnnouncementBoard = lazySection('AnnouncementBoard', () => import('./AnnouncementBoard'));

/** Starts the board's download ahead (app/sections.ts preparePopups). */
export const preloadAnnouncementBoard = (): Promise<void> => AnnouncementBoard.preload();

/** What is on screen: which popup, with what, and whether it is open or fading out. */
interface View {
  kind: 'public' | 'board';
  popups: AnnouncementPopup[];
  open: boolean;
}

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
  const [view, setView] = useState<View | null>(null);
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
      if (owner) {
        // A guest's anonymous key is made now, on the first pop-up it closes.
        const closer = popupOwner(sessionStorage, memberId, true);
        markPopupsClosed(
          sessionStorage,
          closer,
          shown.map((popup) => popup.id),
        );
      }
      setClosedVersion((version) => version + 1);
      // Stays mounted closed: the modal fades out and gives focus back (Modal).
      setView((current) => current && { ...current, open: false });
    },
    [owner, memberId],
  );

  const next: Omit<View, 'open'> | null =
    !ready || otherPopup !== null
      ? null
      : publicOnes.length > 0
        ? { kind: 'public', popups: publicOnes }
        : afterLoginNew
          ? { kind: 'board', popups: afterLogin }
          : null;
  // Adjusted while rendering (no effect, no flash): open the next one when none is open, keep an
  // open one current (one added or ended live), close it when nothing of its kind is left.
  if (!view?.open) {
    if (next) setView({ ...next, open: true });
  } else if (!next || next.kind !== view.kind) {
    setView({ ...view, open: false });
  } else if (next.popups !== view.popups) {
    setView({ ...view, popups: next.popups });
  }

  if (!view) return null;
  return view.kind === 'public' ? (
    <PublicPopupList
      key="public"
      open={view.open}
      popups={view.popups}
      onClose={() => close(view.popups)}
    />
  ) : (
    <AfterLoginPopup
      key="board"
      open={view.open}
      popups={view.popups}
      onClose={() => close(view.popups)}
    />
  );
}

/** Spec 2 "public pop-up list (once per session, closable)": one pop-up, or a list of them. */
function PublicPopupList({
  open,
  popups,
  onClose,
}: {
  open: boolean;
  popups: AnnouncementPopup[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useSafeNavigate();
  const onGo = () => {
    onClose();
    navigate(REWARD_CENTRE);
  };
  const single = popups.length === 1 ? popups[0]! : null;
  return (
    <Modal
      name="public-popups"
      title={single ? single.title : t('announcements.popupsTitle')}
      open={open}
      onClose={onClose}
      className="announcement-popup"
    >
      <div className="announcement-list">
        {single ? (
          // Its title is the popup's: the body shows the content and the Go button only.
          <div className="announcement-item" data-testid="announcement-item">
            <SafeHtml html={single.content} className="announcement-content" />
            {single.goReward && (
              <div className="announcement-actions">
                <Button
                  variant="primary"
                  size="sm"
                  onClick={onGo}
                  aria-label={t('announcements.goRewardOf', { title: single.title })}
                >
                  {t('announcements.go')}
                </Button>
              </div>
            )}
          </div>
        ) : (
          popups.map((popup) => <PopupItem key={popup.id} popup={popup} onGo={onGo} />)
        )}
      </div>
      <div className="announcement-footer">
        <Button variant="secondary" block onClick={onClose}>
          {t('announcements.gotIt')}
        </Button>
      </div>
    </Modal>
  );
}

/** Spec 2 "announcement popup (paged, optional Go button to the reward centre)". */
function AfterLoginPopup({
  open,
  popups,
  onClose,
}: {
  open: boolean;
  popups: AnnouncementPopup[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useSafeNavigate();
  return (
    <Modal
      name="announcements"
      title={t('announcements.title')}
      open={open}
      onClose={onClose}
      className="announcement-popup"
    >
      <AnnouncementBoard
        popups={popups}
        onGo={() => {
          onClose();
          navigate(REWARD_CENTRE);
        }}
      />
      <div className="announcement-footer">
        <Button variant="secondary" block onClick={onClose}>
          {t('announcements.gotIt')}
        </Button>
      </div>
    </Modal>
  );
}
