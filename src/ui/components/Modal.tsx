import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { restoreFocus } from './focus';
import { useDrag } from './useDrag';
import { useScrollLock } from './useScrollLock';

export const MODAL_FADE_MS = 100;

export interface ModalProps {
  /** Identifies the modal (popups open and close by name; tests find it by it). */
  name: string;
  title?: ReactNode;
  open: boolean;
  onClose: () => void;
  /** Spec 2 defaults: close button on, scrollable, draggable. */
  showClose?: boolean;
  scrollable?: boolean;
  draggable?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * Spec 2 "Modal": a native <dialog> (focus trap, top layer, Escape) that an outside click does
 * not close, locks page scroll, can be dragged by its header and fades in and out in 100 ms.
 */
export function Modal({
  name,
  title,
  open,
  onClose,
  showClose = true,
  scrollable = true,
  draggable = true,
  className = '',
  children,
}: ModalProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  // The control that had focus when the modal opened: focus returns there on close.
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  // Stays mounted for the fade-out after `open` turns false.
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  // True once the dialog has been painted hidden, so the opacity transition can run.
  const [painted, setPainted] = useState(false);
  const visible = open && painted;
  const { offset, onPointerDown, reset } = useDrag(draggable);
  useScrollLock(mounted);

  useEffect(() => {
    if (open) return;
    const timer = window.setTimeout(() => {
      if (ref.current?.open) {
        ref.current.close();
        restoreFocus(opener.current);
      }
      setMounted(false);
      setPainted(false);
      reset();
    }, MODAL_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [open, reset]);

  useEffect(() => {
    const dialog = ref.current;
    if (!mounted || !dialog) return;
    if (!dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    const frame = requestAnimationFrame(() => setPainted(true));
    return () => cancelAnimationFrame(frame);
  }, [mounted]);

  if (!mounted) return null;
  return (
    <dialog
      ref={ref}
      className={`modal ${scrollable ? 'modal-scrollable' : ''} ${className}`}
      data-modal={name}
      data-visible={visible}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : name}
      style={{ translate: `${offset.x}px ${offset.y}px` }}
      onCancel={(event) => {
        // Escape closes only what has a close button; the dialog never closes by itself.
        event.preventDefault();
        if (showClose) onClose();
      }}
    >
      <header
        className={`modal-header ${draggable ? 'modal-draggable' : ''}`}
        onPointerDown={onPointerDown}
      >
        {title && <h2 id={titleId}>{title}</h2>}
        {showClose && (
          <button
            type="button"
            className="modal-close"
            aria-label={t('common.close')}
            onClick={onClose}
          >
            ×
          </button>
        )}
      </header>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}
