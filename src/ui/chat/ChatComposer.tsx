import { type FormEvent, type KeyboardEvent, type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_TEXT_MAX } from '../../shared/chat';
import { countCharacters } from '../../shared/plainText';
import { Button } from '../components/Button';
import { useErrorText } from '../components/forms/useErrorText';

/** From this share of the limit, the count shows under the box. */
const COUNT_FROM = 0.8;

/**
 * A chat's composer: the box (Enter sends, Shift+Enter breaks the line), a picture to add when
 * `onPicture` is given, the send button, the count near the limit and what is wrong with the
 * text. The text and its problem are the caller's.
 */
export function ChatComposer({
  text,
  problem,
  onChange,
  onBlur,
  onSubmit,
  onPicture,
  inputRef,
}: {
  text: string;
  problem: string | null;
  onChange: (text: string) => void;
  onBlur: () => void;
  onSubmit: (event?: FormEvent) => void;
  onPicture?: (file: File) => Promise<void>;
  /** The box, for a caller that puts text in and moves the focus there. */
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSubmit();
    }
  };

  const count = countCharacters(text);
  const tooLong = count > CHAT_TEXT_MAX;

  return (
    <form className="chat-composer" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {t('chat.message')}
      </label>
      <textarea
        ref={inputRef}
        id={`${id}-text`}
        name="message"
        rows={1}
        value={text}
        placeholder={t('chat.placeholder')}
        enterKeyHint="send"
        aria-invalid={problem || tooLong ? true : undefined}
        aria-describedby={`${id}-count ${id}-problem`}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        onChange={(event) => onChange(event.target.value)}
      />
      {onPicture && (
        <>
          <input
            id={`${id}-picture`}
            className="visually-hidden"
            type="file"
            accept="image/png,image/jpeg"
            onChange={(event) => {
              const [file] = event.target.files ?? [];
              event.target.value = '';
              if (file) void onPicture(file);
            }}
          />
          <label
            htmlFor={`${id}-picture`}
            className="button secondary chat-attach"
            title={t('chat.pictureHint')}
          >
            {t('chat.addPicture')}
          </label>
        </>
      )}
      <Button type="submit" variant="primary" className="chat-send">
        {t('chat.send')}
      </Button>
      <p id={`${id}-count`} className="chat-count field-hint">
        {count >= CHAT_TEXT_MAX * COUNT_FROM
          ? t('chat.characters', { count, max: CHAT_TEXT_MAX })
          : ''}
      </p>
      <p id={`${id}-problem`} className="field-error chat-problem" role="alert">
        {problem ?? (tooLong ? errorText('chat_text_too_long') : '')}
      </p>
    </form>
  );
}
