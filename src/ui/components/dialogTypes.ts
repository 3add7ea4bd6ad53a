export type DialogIcon = 'info' | 'warning' | 'success' | 'error';

export interface DialogButton {
  key: string;
  label: string;
  primary?: boolean;
}

/** Spec 2 "Generic dialog": icon, title, html, buttons, cover click, auto-close, class. */
export interface DialogOptions {
  icon?: DialogIcon;
  title?: string;
  /** Sanitised before it is shown: it may come from the server. */
  html?: string;
  buttons?: DialogButton[];
  closeOnCover?: boolean;
  /** Closes by itself after this many milliseconds. */
  timeout?: number;
  className?: string;
}

/** Resolves with the pressed button's key, or null when closed by cover click or timeout. */
export type OpenDialog = (options: DialogOptions) => Promise<string | null>;
