import { useEffect, useId, useRef } from 'react';
import type { DialogOptions } from './dialogTypes';
import { restoreFocus } from './focus';
import { SafeHtml } from './SafeHtml';
import { Button } from './Button';

const icons = { info: 'ℹ', warning: '⚠', success: '✓', error: '✕' } as const;

interface DialogProps {
  options: DialogOptions;
  onResult: (key: string | null) => void;
}

/** One generic dialog on screen; DialogProvider shows them one at a time. */
export function Dialog({ options, onResult }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const buttons = options.buttons ?? [];

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement;
    dialog?.showModal();
    return () => {
      // Unmounted when answered: close first, so focus goes back to the opener, not <body>.
      if (dialog?.open) dialog.close();
      restoreFocus(opener);
    };
  }, []);

  useEffect(() => {
    if (!options.timeout) return;
    const timer = window.setTimeout(() => onResult(null), options.timeout);
    return () => window.clearTimeout(timer);
  }, [options.timeout, onResult]);

  return (
    // The cover click's keyboard twin is Escape (onCancel).
    <dialog
      ref={ref}
      className={`dialog ${options.className ?? ''}`}
      role="alertdialog"
      aria-labelledby={options.title ? titleId : undefined}
      aria-describedby={options.html ? bodyId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (options.closeOnCover || buttons.length === 0) onResult(null);
      }}
      onClick={(event) => {
        // A click on the <dialog> itself (not its content box) is a click on the cover.
        if (event.target === event.currentTarget && options.closeOnCover) onResult(null);
      }}
    >
      <div className="dialog-box">
        {options.icon && (
          <div className={`dialog-icon dialog-icon-${options.icon}`} aria-hidden="true">
            {icons[options.icon]}
          </div>
        )}
        {options.title && <h2 id={titleId}>{options.title}</h2>}
        {options.html && <SafeHtml id={bodyId} className="dialog-html" html={options.html} />}
        {buttons.length > 0 && (
          <div className="dialog-buttons">
            {buttons.map((button) => (
              <Button
                key={button.key}
                variant={button.primary ? 'primary' : 'secondary'}
                onClick={() => onResult(button.key)}
              >
                {button.label}
              </Button>
            ))}
          </div>
        )}
      </div>
    </dialog>
  );
}
