import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ChatMessage,
  type ChatSide,
  type ChatTypingEvent,
  checkChatText,
} from '../../shared/chat';
import { checkImageList, IMAGE_SNIFF_BYTES } from '../../shared/feedback';
import type { ChatRoomState } from '../../streams/chatRoom';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { newClientId } from '../../app/features/chatClient';
import { keepDraft, readDraft } from './chatDraft';
import { ChatComposer } from './ChatComposer';
import { ChatLog, type Pending } from './ChatLog';
import { useTypingSignal } from './useTypingSignal';
import { type CannedReply, insertCannedReply } from '../../shared/cannedReplies';
import { CannedReplies } from './CannedReplies';

export interface ConversationProps {
  state: ChatRoomState;
  /** Whose page this is: the player's or a support console's. */
  me: ChatSide;
  /** The other side typing now (staff's display name in it). */
  typing: ChatTypingEvent | null;
  /** How the other side is named on its messages (the console: the player's label). */
  otherName: string;
  send(text: string, clientId: string): Promise<unknown>;
  /** Pictures (members only, on the player's page). */
  sendImage?: (file: File, clientId: string) => Promise<unknown>;
  loadImage(id: string, signal: AbortSignal): Promise<Blob>;
  onTyping(on: boolean): void;
  onRead(seq: number): void;
  /** Where the unsent text is kept (a reload keeps it). */
  draftKey: string;
  /** Read-only (the chat was closed). */
  closed: boolean;
  /** Shown in place of the composer when closed. */
  closedNote?: React.ReactNode;
  /** Ready answers the console inserts into the box (support staff only). */
  canned?: readonly CannedReply[];
  testId: string;
}

/**
 * One chat's messages and its composer, for both pages (the player's room and a console's
 * pane): the log (oldest first, kept at the newest unless the reader scrolled up), the other
 * side's typing, read receipts of one's own messages, messages on their way (a failed one can
 * be sent again with the same id: stored once), and the box (Enter sends, Shift+Enter breaks
 * the line; the draft survives a reload).
 */
export function Conversation(props: ConversationProps) {
  const { state, me, typing, otherName, closed } = props;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [text, setText] = useState(() => readDraft(props.draftKey));
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const log = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const stick = useRef(true);
  const { onTyping, onRead } = props;

  const otherSide = (message: ChatMessage) =>
    me === 'staff' ? message.author !== 'staff' : message.author === 'staff';
  const mine = (message: ChatMessage) => !otherSide(message);
  const theirReadSeq = me === 'staff' ? state.room.playerReadSeq : state.room.staffReadSeq;
  const myReadSeq = me === 'staff' ? state.room.staffReadSeq : state.room.playerReadSeq;

  // What arrived from the server is no longer pending.
  const stored = useMemo(
    () => new Set(state.messages.map((message) => message.clientId).filter(Boolean)),
    [state.messages],
  );
  const waiting = pending.filter((item) => !stored.has(item.clientId));

  // Kept at the newest message while the reader is there.
  useEffect(() => {
    const element = log.current;
    if (element && stick.current) element.scrollTop = element.scrollHeight;
  }, [state.messages.length, waiting.length, typing]);

  // Read receipts: what the other side wrote is read once it is on a visible page.
  const lastTheirs = [...state.messages].reverse().find(otherSide)?.seq ?? 0;
  useEffect(() => {
    const mark = () => {
      if (document.visibilityState === 'visible' && lastTheirs > myReadSeq) onRead(lastTheirs);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [lastTheirs, myReadSeq, onRead]);

  // The typing signal (it stops when the page goes).
  const { typed, stopTyping } = useTypingSignal(onTyping);

  const deliver = (item: Pending) => {
    setPending((list) => [
      ...list.filter((other) => other.clientId !== item.clientId),
      { ...item, status: 'sending', error: null },
    ]);
    const sending = item.file
      ? props.sendImage!(item.file, item.clientId)
      : props.send(item.text ?? '', item.clientId);
    sending.then(
      () => setPending((list) => list.filter((other) => other.clientId !== item.clientId)),
      (error: unknown) =>
        setPending((list) =>
          list.map((other) =>
            other.clientId === item.clientId
              ? { ...other, status: 'failed', error: errorText(errorCodeOf(error)) }
              : other,
          ),
        ),
    );
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const code = checkChatText(text);
    if (code === 'chat_text_required') return;
    if (code) {
      setProblem(errorText(code));
      return;
    }
    stick.current = true;
    stopTyping();
    deliver({ clientId: newClientId(), text, file: null, status: 'sending', error: null });
    setText('');
    keepDraft(props.draftKey, '');
    setProblem(null);
  };

  const pickPicture = async (file: File) => {
    const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
    const [found] = checkImageList([{ size: file.size, head }]);
    if (found) {
      setProblem(
        errorText(
          found.code === 'feedback_image_too_large' ? 'chat_image_too_large' : 'chat_image_type',
        ),
      );
      return;
    }
    setProblem(null);
    stick.current = true;
    deliver({ clientId: newClientId(), text: null, file, status: 'sending', error: null });
  };

  const edit = (value: string) => {
    setText(value);
    keepDraft(props.draftKey, value);
    setProblem(null);
    if (value) typed();
    else stopTyping();
  };

  return (
    <div className="chat-conversation" data-testid={props.testId}>
      <ChatLog
        logRef={log}
        onScroll={(event) => {
          const element = event.currentTarget;
          stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
        }}
        messages={state.messages}
        waiting={waiting}
        me={me}
        mine={mine}
        otherName={otherName}
        theirReadSeq={theirReadSeq}
        loadImage={props.loadImage}
        onRetry={deliver}
      />
      <p className="chat-typing" aria-live="polite" data-testid="chat-typing">
        {typing?.typing
          ? typing.side === 'staff'
            ? t('chat.typing', { name: typing.name ?? t('chat.support') })
            : t('chat.typing', { name: otherName })
          : ''}
      </p>
      {closed ? (
        <div className="chat-closed" role="status">
          {props.closedNote}
        </div>
      ) : (
        <>
          {props.canned && (
            <CannedReplies
              replies={props.canned}
              onPick={(reply) => {
                edit(insertCannedReply(text, reply.text));
                box.current?.focus();
              }}
            />
          )}
          <ChatComposer
            inputRef={box}
            text={text}
            problem={problem}
            onChange={edit}
            onBlur={stopTyping}
            onSubmit={submit}
            onPicture={props.sendImage ? pickPicture : undefined}
          />
        </>
      )}
    </div>
  );
}
