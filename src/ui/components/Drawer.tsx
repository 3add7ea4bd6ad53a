import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './Button';
import { useScrollLock } from './useScrollLock';

/**
 * A panel that slides in from the inline start (the side menu on phones and tablets). A native
 * modal <dialog>: focus moves in and is kept inside, Escape and a tap on the backdrop close it,
 * and focus goes back to the control that opened it.
 */
export function Drawer({
  open,
  onClose,
  label,
  id,
  children,
}: {
  open: boolean;
  onClose: () => void;
  label: string;
  id?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  useScrollLock(open);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Back to what opened it: the focused control, or (after a tap, which need not focus)
    // the control that names this drawer in aria-controls.
    const close = () => {
      if (!dialog.open) return;
      dialog.close();
      const back =
        opener.current instanceof HTMLElement &&
        opener.current !== document.body &&
        opener.current.isConnected
          ? opener.current
          : id
            ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(id)}"]`)
            : null;
      back?.focus();
    };
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open) {
      close();
    }
    // Also when the drawer is taken away while open (its owner stops rendering it).
    return () => {
      if (!open) return;
      close();
    };
  }, [open, id]);

  return (
    <dialog
      ref={ref}
      id={id}
      className="drawer"
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the dialog itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="drawer-panel">
        <div className="drawer-top">
          <IconButton icon="close" label={t('common.close')} onClick={onClose} />
        </div>
        {children}
      </div>
    </dialog>
  );
}
