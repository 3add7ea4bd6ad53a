import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportRoomSummary, SupportStaffView } from '../../shared/chat';
import { Button } from '../components/Button';
import { useErrorText } from '../components/forms/useErrorText';
import { LoadFailed } from '../components/LoadFailed';
import { useIsDesktop } from '../hooks/useMediaQuery';
import { useLive } from '../hooks/useLive';
import { useObservable } from '../hooks/useObservable';
import { useQuery } from '../hooks/useQuery';
import {
  forgetSupportToken,
  storedSupportToken,
  supportLogout,
} from '../../app/features/chatClient';
import { ChatPane } from './ChatPane';
import { RoomList } from './RoomList';
import { SupportLogin } from './SupportLogin';
import { useSupportConsole } from './useChat';
import './chat.css';

/** How many chats a console shows side by side on a wide screen. */
const PANES_MAX = 3;

/** Codes that mean the console's session is over: back to its login. */
const SESSION_OVER = new Set(['support_not_logged_in', 'chat_session_ended']);

const NO_ROOMS: readonly SupportRoomSummary[] = [];

/** A logged-in console: the staff's name and availability, the list of chats and the open panes. */
function Console({ token, onEnded }: { token: string; onEnded: (code: string) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const desk = useSupportConsole(token);
  const desktop = useIsDesktop();
  const rooms = useLive('support-rooms', () => desk.rooms$);
  const stopped = useObservable(desk.stoppedOrNull$, null);
  const lost = useObservable(desk.lost$, false);
  const me = useQuery<SupportStaffView>(`support-me:${token}`, (signal) => desk.api.me(signal));
  const [available, setAvailable] = useState<boolean | null>(null);
  // The chats opened, as they were when opened (one closed meanwhile stays open until hidden).
  const [open, setOpen] = useState<SupportRoomSummary[]>([]);
  const [active, setActive] = useState<string | null>(null);

  const failure =
    rooms.state.kind === 'failed'
      ? rooms.state.code
      : me.state.kind === 'failed'
        ? me.state.code
        : null;
  const over = [stopped, failure].find((code) => code && SESSION_OVER.has(code)) ?? null;
  useEffect(() => {
    if (over) onEnded(over);
  }, [over, onEnded]);

  const items = rooms.state.kind === 'ready' ? rooms.state.value.items : NO_ROOMS;
  const unread = items.reduce((sum, room) => sum + room.unread, 0);
  useEffect(() => {
    document.title = `${unread > 0 ? `(${unread}) ` : ''}${t('support.title')}`;
  }, [unread, t]);

  const staff = me.state.kind === 'ready' ? me.state.value : null;
  const isAvailable = available ?? staff?.available ?? true;
  const openRoom = (room: string) => {
    const summary = items.find((item) => item.room === room);
    if (!summary) return;
    setOpen((list) =>
      list.some((item) => item.room === room) ? list : [...list, summary].slice(-PANES_MAX),
    );
    setActive(room);
  };
  const hide = (room: string) => {
    setOpen((list) => list.filter((other) => other.room !== room));
    setActive((current) => (current === room ? null : current));
  };
  // The list's newer summary when it still holds the chat.
  const summaries = new Map(items.map((room) => [room.room, room]));
  const panes = open.map((opened) => summaries.get(opened.room) ?? opened);
  const showList = desktop || active === null;
  const shownPanes = desktop ? panes : panes.filter((pane) => pane.room === active);

  return (
    <div className="support-page" data-testid="support-console">
      <header className="support-header">
        <h1>{t('support.title')}</h1>
        <p className="support-connection" role="status">
          {lost ? t('shell.reconnecting') : ''}
        </p>
        <div className="support-me">
          {staff && <span className="support-name">{staff.displayName}</span>}
          <label className="support-available">
            <input
              type="checkbox"
              checked={isAvailable}
              onChange={(event) => {
                const next = event.target.checked;
                setAvailable(next);
                desk.api.setAvailable(next).catch(() => setAvailable(!next));
              }}
            />
            {t('support.available')}
          </label>
          <Button
            size="sm"
            variant="ghost"
            icon="logout"
            onClick={() => void supportLogout(desk.api).finally(() => onEnded('logout'))}
          >
            {t('support.logOut')}
          </Button>
        </div>
      </header>
      <div className="support-body" data-panes={shownPanes.length}>
        {showList && (
          <nav className="support-list" aria-label={t('support.openChats')}>
            <h2>
              {t('support.openChats')}
              {unread > 0 && (
                <span className="visually-hidden">{t('support.unread', { count: unread })}</span>
              )}
            </h2>
            {rooms.state.kind === 'loading' ? (
              <p className="chat-notice" role="status">
                <span className="spinner" aria-hidden="true" />
              </p>
            ) : rooms.state.kind === 'failed' ? (
              <LoadFailed message={errorText(rooms.state.code)} onRetry={rooms.retry} />
            ) : (
              <RoomList rooms={items} open={open.map((item) => item.room)} onOpen={openRoom} />
            )}
          </nav>
        )}
        {shownPanes.length > 0 ? (
          <div className="support-panes">
            {shownPanes.map((summary) => (
              <ChatPane
                key={summary.room}
                desk={desk}
                summary={summary}
                active={desktop || summary.room === active}
                onHide={() => hide(summary.room)}
                onBack={desktop ? null : () => setActive(null)}
              />
            ))}
          </div>
        ) : (
          desktop && (
            <p className="support-choose" data-testid="support-choose">
              {t('support.choose')}
            </p>
          )
        )}
      </div>
    </div>
  );
}

/**
 * The operator console (issue 16, `/support`): support staff log in with their own accounts
 * (docs/decisions.md) and answer several chats at once. Outside the player shell, and open
 * whatever the site's status (the staff answer during maintenance too).
 */
export default function SupportConsolePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [token, setToken] = useState(storedSupportToken);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!token) document.title = t('support.title');
  }, [token, t]);
  if (!token) {
    return (
      <SupportLogin
        notice={notice}
        onLoggedIn={(next) => {
          setNotice(null);
          setToken(next);
        }}
      />
    );
  }
  return (
    <Console
      key={token}
      token={token}
      onEnded={(code) => {
        forgetSupportToken();
        setNotice(code === 'logout' ? null : errorText('support_not_logged_in'));
        setToken(null);
      }}
    />
  );
}
