import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { Dialog } from './Dialog';
import type { DialogOptions, OpenDialog } from './dialogTypes';

interface Pending {
  id: number;
  options: DialogOptions;
  resolve: (key: string | null) => void;
}

const DialogContext = createContext<OpenDialog | null>(null);

/** Queues generic dialogs and shows them one at a time. */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([]);

  const open = useCallback<OpenDialog>(
    (options) =>
      new Promise((resolve) => {
        setQueue((current) => [...current, { id: Date.now() + Math.random(), options, resolve }]);
      }),
    [],
  );

  const current = queue[0];
  const onResult = useCallback(
    (key: string | null) => {
      if (!current) return;
      current.resolve(key);
      setQueue((pending) => pending.slice(1));
    },
    [current],
  );

  const value = useMemo(() => open, [open]);
  return (
    <DialogContext.Provider value={value}>
      {children}
      {current && <Dialog key={current.id} options={current.options} onResult={onResult} />}
    </DialogContext.Provider>
  );
}

export function useDialog(): OpenDialog {
  const open = useContext(DialogContext);
  if (!open) throw new Error('useDialog must be used inside <DialogProvider>');
  return open;
}
