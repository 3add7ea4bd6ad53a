import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportRoomSummary, SupportStaffView } from '../../shared/chat';
import { Button, IconButton } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { Field } from '../components/Field';
import { useErrorText } from '../components/forms/useErrorText';
import { LoadFailed } from '../components/LoadFailed';
import { errorCodeOf } from '../core/apiErrors';
import { useDialog } from '../components/DialogProvider';
import { useIsDesktop } from '../hooks/useMediaQuery';
import { useLive } from '../hooks/useLive';
import { useObservable } from '../hooks/useObservable';
import { useQuery } from '../hooks/useQuery';
import {
  forgetSupportToken,
  storedSupportToken,
  type SupportConsole,
  supportLogin,
  supportLogout,
} from '../../app/features/chatClient';
import { Conversation } from './Conversation';
import { useSupportConsole } from './useChat';
import './chat.css';

/** How many chats a console shows side by side on a wide screen. */
const PANES_MAX = 3;

/** Codes that mean the console's session is over: back to its login. */
const SESSION_OVER = new Set(['support_not_logged_in', 'chat_session_ended']);

function SupportLogin({
  notice,
  onLoggedIn,
}: {
  notice: string | null;
  onLoggedIn: (token: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !password) {
      setError(errorText('support_login_failed'));
      return;
    }
    setBusy(true);
    setError(null);
    supportLogin(() => i18n.language.toUpperCase(), name, password).then(onLoggedIn, (failure) => {
      setBusy(false);
      setError(errorText(errorCodeOf(failure)));
    });
  };
  return (
    <main className="support-login" data-testid="support-login">
      <form className="card support-login-card" onSubmit={submit} noValidate>
        <h1>{t('support.title')}</h1>
        <p className="field-hint">{t('support.loginIntro')}</p>
        {notice && (
          <p className="field-error" role="alert">
            {notice}
          </p>
        )}
        <Field
          label={t('support.name')}
          name="name"
          autoComplete="username"
          autoCapitalize="none"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Field
          label={t('support.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="primary" block busy={busy}>
          {t('support.logIn')}
        </Button>
      </form>
    </main>
  );
}

function partyName(summary: SupportRoomSummary, guestLabel: string): string {
  return summary.party.kind === 'member'
    ? (summary.party.account ?? '')
    : summary.party.label.replace(/^Guest/, guestLabel);
}

/** One opened chat: who it is with, its conversation, and closing it. */
function ChatPane({
  desk,
  summary,
  active,
  onHide,
  onBack,
}: {
  desk: SupportConsole;
  summary: SupportRoomSummary;
  active: boolean;
  onHide: () => void;
  onBack: (() => void) | null;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const dialog = useDialog();
  const chat = desk.room(summary.room);
  const live = useLive(`pane:${summary.room}`, () => chat.state$);
  const playerTyping = useObservable(chat.playerTyping$, null);
  const colleague = useObservable(chat.colleagueTyping$, null);
  const [closing, setClosing] = useState(false);
  const [closeError, setCloseError] = useState<string | null>(null);
  const name = partyName(summary, t('chat.guest'));
  const close = async () => {
    const answer = await dialog({
      icon: 'warning',
      title: t('support.closeConfirm', { name }),
      buttons: [
        { key: 'cancel', label: t('support.cancel') },
        { key: 'close', label: t('support.closeChat'), primary: true },
      ],
    });
    if (answer !== 'close') return;
    setClosing(true);
    chat.close().then(
      () => setClosing(false),
      (failure: unknown) => {
        setClosing(false);
        setCloseError(errorText(errorCodeOf(failure)));
      },
    );
  };
  const headingId = `pane-${summary.room}`;
  return (
    <section
      className="support-pane"
      aria-labelledby={headingId}
      data-active={active}
      data-testid="support-pane"
      data-room={summary.room}
    >
      <header className="support-pane-header">
        {onBack && (
          <IconButton icon="chevronLeft" label={t('support.backToList')} onClick={onBack} />
        )}
        <div className="support-pane-title">
          <h2 id={headingId}>{name}</h2>
          <p className="field-hint">
            {summary.party.kind === 'member'
              ? t('support.member', { nickname: summary.party.nickname ?? '' })
              : t('support.guest')}
            {colleague?.typing ? ` · ${t('chat.typing', { name: colleague.name ?? '' })}` : ''}
          </p>
        </div>
        {live.state.kind === 'ready' && live.state.value.room.status === 'open' && (
          <Button size="sm" variant="danger" busy={closing} onClick={() => void close()}>
            {t('support.closeChat')}
          </Button>
        )}
        <IconButton icon="close" label={t('support.hideChat', { name })} onClick={onHide} />
      </header>
      {closeError && (
        <p className="field-error" role="alert">
          {closeError}
        </p>
      )}
      {live.state.kind === 'loading' ? (
        <p className="chat-notice" role="status">
          <span className="spinner" aria-hidden="true" />
        </p>
      ) : live.state.kind === 'failed' ? (
        <div className="chat-notice">
          <LoadFailed message={errorText(live.state.code)} onRetry={live.retry} />
        </div>
      ) : (
        <Conversation
          state={live.state.value}
          me="staff"
          typing={playerTyping}
          otherName={name}
          send={chat.send}
          loadImage={chat.loadImage}
          onTyping={chat.typing}
          onRead={active ? chat.read : ignoreRead}
          draftKey={`support.draft.${summary.room}`}
          closed={live.state.value.room.status === 'closed'}
          closedNote={<p>{t('support.closed')}</p>}
          testId="staff-chat"
        />
      )}
    </section>
  );
}

const ignoreRead = () => undefined;
const NO_ROOMS: readonly SupportRoomSummary[] = [];

function RoomList({
  rooms,
  open,
  onOpen,
}: {
  rooms: readonly SupportRoomSummary[];
  open: readonly string[];
  onOpen: (room: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  if (rooms.length === 0) {
    return (
      <EmptyState title={t('support.noChats')} icon="💬">
        <p>{t('support.noChatsBody')}</p>
      </EmptyState>
    );
  }
  return (
    <ul className="support-rooms" data-testid="support-rooms">
      {rooms.map((room) => {
        const name = partyName(room, t('chat.guest'));
        return (
          <li key={room.room}>
            <button
              type="button"
              className="support-room"
              aria-current={open.includes(room.room) ? 'true' : undefined}
              data-testid="support-room"
              data-room={room.room}
              onClick={() => onOpen(room.room)}
            >
              <span className="support-room-name">{name}</span>
              {room.unread > 0 && (
                <span
                  className="red-dot-count"
                  data-testid="support-unread"
                  aria-label={t('support.unread', { count: room.unread })}
                >
                  {room.unread > 99 ? '99+' : room.unread}
                </span>
              )}
              <span className="support-room-preview">
                {room.last?.kind === 'image' ? t('chat.picture') : (room.last?.preview ?? '')}
              </span>
              {room.last && (
                <time className="support-room-time" dateTime={room.last.at}>
                  {time.format(new Date(room.last.at))}
                </time>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

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
