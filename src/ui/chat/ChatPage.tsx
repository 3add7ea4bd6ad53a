import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ROOM_TOKEN } from '../../shared/chat';
import { Button, IconButton } from '../components/Button';
import { useErrorText } from '../components/forms/useErrorText';
import { LoadFailed } from '../components/LoadFailed';
import { fileToBase64 } from '../core/files';
import { usePopups } from '../core/PopupContext';
import { useServices } from '../core/ServicesContext';
import { useLive } from '../hooks/useLive';
import { useObservable } from '../hooks/useObservable';
import { Conversation } from './Conversation';
import { useHoldsMemberToken, useLaunchChat, usePlayerChat } from './useChat';
import './chat.css';

/** The page's frame: back, the title, the line under it, then the chat. */
function ChatFrame({ status, children }: { status?: React.ReactNode; children: React.ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    // Back where the player came from (a page of this site), else home.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/');
  };
  return (
    <div className="chat-page" data-testid="chat-page">
      <header className="chat-header">
        <IconButton icon="chevronLeft" label={t('chat.back')} onClick={back} />
        <div className="chat-heading">
          <h1>{t('chat.title')}</h1>
          {status}
        </div>
      </header>
      <main className="chat-main">{children}</main>
    </div>
  );
}

/** `/chat`: asks for the caller's room (spec 7 CBS_launchChat) and opens it. */
function ChatLauncher() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  // The token this tab holds is who the call goes as (the server checks it).
  const launch = useLaunchChat(useHoldsMemberToken() ? 'member' : 'guest');
  const chatUrl = launch.state.kind === 'ready' ? launch.state.value.chatUrl : null;
  useEffect(() => {
    if (!chatUrl) return;
    // Our own room is a route of the site; an operator's third-party address is left for.
    if (chatUrl.startsWith('/')) void navigate(chatUrl, { replace: true });
    else window.location.assign(chatUrl);
  }, [chatUrl, navigate]);
  return (
    <ChatFrame>
      {launch.state.kind === 'failed' ? (
        <div className="chat-notice">
          <LoadFailed
            message={errorText(launch.state.code)}
            onRetry={launch.refresh}
            testId="chat-launch-failed"
          />
        </div>
      ) : (
        <p className="chat-notice" role="status">
          <span className="spinner" aria-hidden="true" /> {t('chat.opening')}
        </p>
      )}
    </ChatFrame>
  );
}

/** `/chat/<room>`: one room, live; reloading it loses nothing (history, then events). */
function ChatRoom({ room }: { room: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const popups = usePopups();
  const holdsToken = useHoldsMemberToken();
  const loggedIn = useObservable(useServices().loggedIn$, holdsToken);
  const chat = usePlayerChat(room, loggedIn);
  const live = useLive(`${room}:${loggedIn}`, () => chat.state$);
  const presence = useObservable(chat.presence$, null);
  const typing = useObservable(chat.staffTyping$, null);
  const stopped = useObservable(chat.stoppedOrNull$, null);
  const lost = useObservable(chat.lost$, false);

  // A guest who logs in chats as the member from then on: the member's own room.
  const wasGuest = useRef(chat.isGuest);
  useEffect(() => {
    if (wasGuest.current && loggedIn) void navigate('/chat', { replace: true });
  }, [loggedIn, navigate]);

  const sendImage = useCallback(
    (file: File, clientId: string) =>
      fileToBase64(file).then((data) => chat.sendImage(data, clientId)),
    [chat],
  );

  const presenceText = !presence
    ? ''
    : presence.online
      ? t('chat.online')
      : presence.hosts.some((host) => host.presence === 'away')
        ? t('chat.away')
        : t('chat.offline');
  const status = (
    <p
      className="chat-presence"
      data-online={presence?.online ?? undefined}
      data-testid="chat-presence"
      role="status"
    >
      {lost ? t('shell.reconnecting') : presenceText}
    </p>
  );
  const startNew = (
    <Link className="button primary" to="/chat" replace>
      {t('chat.startNew')}
    </Link>
  );

  if (live.state.kind === 'failed') {
    const notFound =
      live.state.code === 'chat_room_not_found' || live.state.code === 'not_logged_in';
    return (
      <ChatFrame status={status}>
        <div className="chat-notice" data-testid="chat-failed">
          {notFound ? (
            <>
              <p role="alert">{t('chat.notFound')}</p>
              {startNew}
            </>
          ) : (
            <LoadFailed message={errorText(live.state.code)} onRetry={live.retry} />
          )}
        </div>
      </ChatFrame>
    );
  }
  if (live.state.kind === 'loading') {
    return (
      <ChatFrame status={status}>
        <p className="chat-notice" role="status">
          <span className="spinner" aria-hidden="true" /> {t('chat.opening')}
        </p>
      </ChatFrame>
    );
  }
  const state = live.state.value;
  const ended = stopped === 'chat_session_ended' || stopped === 'not_logged_in';
  return (
    <ChatFrame status={status}>
      {chat.isGuest && (
        <p className="chat-guest-note">
          {t('chat.guestNote')}{' '}
          <Button size="sm" variant="ghost" onClick={() => popups.open('login')}>
            {t('chat.logIn')}
          </Button>
        </p>
      )}
      {ended && (
        <p className="chat-guest-note" role="alert">
          {t('chat.sessionEnded')} {startNew}
        </p>
      )}
      <Conversation
        state={state}
        me="player"
        typing={typing}
        otherName={t('chat.support')}
        send={chat.send}
        sendImage={chat.isGuest ? undefined : sendImage}
        loadImage={chat.loadImage}
        onTyping={chat.typing}
        onRead={chat.read}
        draftKey={`chat.draft.${room}`}
        closed={state.room.status === 'closed' || ended}
        closedNote={
          state.room.status === 'closed' ? (
            <>
              <p>{t('chat.closed')}</p>
              {startNew}
            </>
          ) : null
        }
        testId="player-chat"
      />
    </ChatFrame>
  );
}

/**
 * The player's live chat with customer service (issue 16): `/chat` opens the caller's room,
 * `/chat/<room>` is the room itself, a full-height page (a phone's whole screen).
 */
export default function ChatPage() {
  const { room } = useParams();
  const { t } = useTranslation();
  if (!room) return <ChatLauncher />;
  if (!ROOM_TOKEN.test(room)) {
    return (
      <ChatFrame>
        <div className="chat-notice" data-testid="chat-failed">
          <p role="alert">{t('chat.notFound')}</p>
          <Link className="button primary" to="/chat" replace>
            {t('chat.startNew')}
          </Link>
        </div>
      </ChatFrame>
    );
  }
  return <ChatRoom key={room} room={room} />;
}
