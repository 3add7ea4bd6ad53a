import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** The named popups the shell can open from anywhere (spec 2 "Popups and special screens"). */
export type PopupName = 'login' | 'register' | 'help' | 'forgotPassword' | 'changePassword';

/** Routes that exist only to open a popup over home (spec 2: /login, /register, /help). */
export const POPUP_ROUTES = ['/login', '/register', '/help'];

/** Whether a path is one of those routes (whose page is home under its popup). */
export const isPopupRoute = (pathname: string) => POPUP_ROUTES.includes(pathname.toLowerCase());

/** What a popup is opened with: the forced change-password popup gets the password just used. */
export interface PopupData {
  currentPassword?: string;
  /** Why the password must change: shown above the form. */
  reason?: 'default' | 'expired';
}

interface PopupControl {
  current: PopupName | null;
  data: PopupData;
  open: (name: PopupName, data?: PopupData) => void;
  close: () => void;
}

const PopupContext = createContext<PopupControl | null>(null);

export function PopupProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ current: PopupName | null; data: PopupData }>({
    current: null,
    data: {},
  });
  // Stable functions: effects that open a popup must not re-run because one opened.
  const open = useCallback(
    (name: PopupName, data: PopupData = {}) => setState({ current: name, data }),
    [],
  );
  const close = useCallback(() => setState({ current: null, data: {} }), []);
  const value = useMemo<PopupControl>(() => ({ ...state, open, close }), [state, open, close]);
  return <PopupContext.Provider value={value}>{children}</PopupContext.Provider>;
}

export function usePopups(): PopupControl {
  const control = useContext(PopupContext);
  if (!control) throw new Error('usePopups must be used inside <PopupProvider>');
  return control;
}
