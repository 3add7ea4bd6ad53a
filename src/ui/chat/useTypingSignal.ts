import { useEffect, useRef } from 'react';

const TYPING_REPEAT_MS = 2_000;
const TYPING_IDLE_MS = 3_000;

/**
 * The "typing" signal of a chat's composer: `typed` on every keystroke (says so at most every
 * two seconds, and stops after three quiet ones), `stopTyping` when the text is sent, emptied or
 * left. Typing stops when the page goes.
 */
export function useTypingSignal(onTyping: (on: boolean) => void) {
  const typingSent = useRef<{ at: number; timer: number | null }>({ at: 0, timer: null });

  // Typing stops when the page goes.
  useEffect(() => {
    const sent = typingSent.current;
    return () => {
      if (sent.timer !== null) window.clearTimeout(sent.timer);
      if (sent.at > 0) onTyping(false);
    };
  }, [onTyping]);

  const stopTyping = () => {
    const sent = typingSent.current;
    if (sent.timer !== null) window.clearTimeout(sent.timer);
    sent.timer = null;
    if (sent.at > 0) onTyping(false);
    sent.at = 0;
  };
  const typed = () => {
    const sent = typingSent.current;
    const now = Date.now();
    if (now - sent.at > TYPING_REPEAT_MS) {
      onTyping(true);
      sent.at = now;
    }
    if (sent.timer !== null) window.clearTimeout(sent.timer);
    sent.timer = window.setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  return { typed, stopTyping };
}
