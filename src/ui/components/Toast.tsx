import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

export type ToastTone = 'info' | 'success' | 'error';

interface ToastItem {
  id: number;
  text: string;
  tone: ToastTone;
  duration: number;
}

export type ShowToast = (text: string, options?: { tone?: ToastTone; duration?: number }) => void;

const ToastContext = createContext<ShowToast | null>(null);
const MAX_VISIBLE = 3;

/**
 * Toasts: confirmations that need no answer ("Welcome back", "Copied"). They are announced by a
 * polite live region, never take focus, stay while hovered or focused, and can be dismissed.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(1);
  const show = useCallback<ShowToast>((text, options = {}) => {
    const item: ToastItem = {
      id: next.current++,
      text,
      tone: options.tone ?? 'info',
      duration: options.duration ?? 3500,
    };
    setItems((current) => [...current, item].slice(-MAX_VISIBLE));
  }, []);
  const dismiss = useCallback((id: number) => {
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" role="status" aria-live="polite" data-testid="toasts">
        {items.map((item) => (
          <Toast key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(() => onDismiss(item.id), item.duration);
    return () => window.clearTimeout(timer);
  }, [held, item, onDismiss]);
  return (
    <div
      className={`toast toast-${item.tone}`}
      data-testid="toast"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <Icon name={item.tone === 'error' ? 'alert' : item.tone === 'success' ? 'check' : 'info'} />
      <span className="toast-text">{item.text}</span>
      <button
        type="button"
        className="toast-close"
        aria-label={t('common.close')}
        onClick={() => onDismiss(item.id)}
      >
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
