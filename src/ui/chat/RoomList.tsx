import { useTranslation } from 'react-i18next';
import type { SupportRoomSummary } from '../../shared/chat';
import { EmptyState } from '../components/EmptyState';
import { partyName } from './partyName';

/**
 * The console's list of chats: who each is with, its unread count, its newest message and when;
 * the ones opened in a pane are marked current.
 */
export function RoomList({
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
      <EmptyState title={t('support.noChats')} icon="message">
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
