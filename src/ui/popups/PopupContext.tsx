import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

/** The named popups the shell can open from anywhere (spec 2 "Popups and special screens"). */
export type PopupName = 'login' | 'register' | 'help';

interface PopupControl {
  current: PopupName | null;
  open: (name: PopupName) => void;
  close: () => void;
}

const PopupContext = createContext<PopupControl | null>(null);

export function PopupProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<PopupName | null>(null);
  const value = useMemo<PopupControl>(
    () => ({ current, open: setCurrent, close: () => setCurrent(null) }),
    [current],
  );
  return <PopupContext.Provider value={value}>{children}</PopupContext.Provider>;
}

export function usePopups(): PopupControl {
  const control = useContext(PopupContext);
  if (!control) throw new Error('usePopups must be used inside <PopupProvider>');
  return control;
}
