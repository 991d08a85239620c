import { TOAST_AUTO_HIDE_MS } from '@gurumatch/shared/constants';
import {
  createContext,
  useContext,
  useCallback,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

export type Toaster = Record<ToastKind, (message: string) => void>;

const ToastContext = createContext<Toaster | null>(null);

const STYLES: Record<ToastKind, { box: string; icon: string; label: string }> = {
  success: {
    box: 'border-emerald-600 bg-emerald-50 text-emerald-900',
    icon: '✓',
    label: 'Success',
  },
  error: { box: 'border-red-600 bg-red-50 text-red-900', icon: '!', label: 'Error' },
  info: { box: 'border-sky-600 bg-sky-50 text-sky-900', icon: 'i', label: 'Info' },
  warning: { box: 'border-amber-600 bg-amber-50 text-amber-900', icon: '⚠', label: 'Warning' },
};

/**
 * Toasts: four kinds, each gone after five seconds or when closed. One toast per kind, the
 * newest wins, and a success clears the errors and warnings it resolves. Top right on wider
 * screens; at the bottom on phones, where the top holds the page title.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  const push = useCallback(
    (kind: ToastKind, message: string) => {
      const id = nextId.current++;
      setItems((list) => [
        ...list.filter(
          (item) =>
            item.kind !== kind &&
            !(kind === 'success' && (item.kind === 'error' || item.kind === 'warning')),
        ),
        { id, kind, message },
      ]);
      window.setTimeout(() => dismiss(id), TOAST_AUTO_HIDE_MS);
    },
    [dismiss],
  );

  const toaster = useMemo<Toaster>(
    () => ({
      success: (message) => push('success', message),
      error: (message) => push('error', message),
      info: (message) => push('info', message),
      warning: (message) => push('warning', message),
    }),
    [push],
  );

  return (
    <ToastContext value={toaster}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed right-3 bottom-3 left-3 z-50 flex flex-col items-end gap-2 sm:top-20 sm:bottom-auto sm:left-auto sm:w-96"
      >
        {items.map((item) => {
          const style = STYLES[item.kind];
          return (
            <div
              key={item.id}
              role={item.kind === 'error' || item.kind === 'warning' ? 'alert' : 'status'}
              data-toast={item.kind}
              className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg ${style.box}`}
            >
              <span aria-hidden="true" className="font-bold">
                {style.icon}
              </span>
              <p className="flex-1 text-sm">
                <span className="sr-only">{style.label}: </span>
                {item.message}
              </p>
              <button
                type="button"
                onClick={() => dismiss(item.id)}
                className="-m-1 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100"
                aria-label="Close notification"
              >
                ×
              </button>
            </div>
          );
        })}
      </div>
    </ToastContext>
  );
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast needs <ToastProvider>');
  return toaster;
}
