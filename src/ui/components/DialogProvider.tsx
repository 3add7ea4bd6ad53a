import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { DialogOptions, OpenDialog } from './dialogTypes';
import { afterFirstScreen } from '../core/firstScreen';

/**
 * The dialog (and the HTML sanitiser it brings) is not on the first page's path: it is fetched
 * once the page is idle, so it is there before anything asks for it, even if the network goes
 * away later.
 */
const loadDialog = () => import('./Dialog').then((module) => ({ default: module.Dialog }));
const Dialog = lazy(loadDialog);

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

  // Fetched once the page's first screen is drawn, so it is there if the network later goes.
  useEffect(() => {
    void afterFirstScreen().then(() => loadDialog().catch(() => undefined));
  }, []);

  const value = useMemo(() => open, [open]);
  return (
    <DialogContext.Provider value={value}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <Dialog key={current.id} options={current.options} onResult={onResult} />
        </Suspense>
      )}
    </DialogContext.Provider>
  );
}

export function useDialog(): OpenDialog {
  const open = useContext(DialogContext);
  if (!open) throw new Error('useDialog must be used inside <DialogProvider>');
  return open;
}
