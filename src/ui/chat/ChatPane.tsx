import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportRoomSummary } from '../../shared/chat';
import { Button, IconButton } from '../components/Button';
import { useErrorText } from '../components/forms/useErrorText';
import { LoadFailed } from '../components/LoadFailed';
import { errorCodeOf } from '../core/apiErrors';
import { useDialog } from '../components/DialogProvider';
import { useLive } from '../hooks/useLive';
import { useObservable } from '../hooks/useObservable';
import type { SupportConsole } from '../../app/features/chatClient';
import { CANNED_REPLY_IDS, type CannedReply } from '../../shared/cannedReplies';
import { Conversation } from './Conversation';
import { PlayerPanel } from './PlayerPanel';
import { partyName } from './partyName';

/** One opened chat: who it is with, its conversation, and closing it. */
export function ChatPane({
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
  const canned = useMemo<CannedReply[]>(
    () =>
      CANNED_REPLY_IDS.map((id) => ({
        id,
        label: t(`support.canned.${id}.label`),
        text: t(`support.canned.${id}.text`),
      })),
    [t],
  );
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
        <div className="support-pane-body">
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
            canned={canned}
            testId="staff-chat"
          />
          {summary.party.kind === 'member' && <PlayerPanel desk={desk} room={summary.room} />}
        </div>
      )}
    </section>
  );
}

const ignoreRead = () => undefined;
