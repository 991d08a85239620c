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
  action: string | undefined;
}

export interface ToastOptions {
  /**
   * What the user did (e.g. `'coupon'`). A new message of the same action replaces the
   * older ones, and its success clears its errors, warnings and notes. Messages without an
   * action count as one action of their own.
   */
  action?: string;
}

type Show = (message: string, options?: ToastOptions) => void;

export type Toaster = Record<ToastKind, Show> & {
  /** Closes the messages of an action, e.g. once it succeeded without a message of its own. */
  dismiss: (action: string) => void;
};

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
 * newest wins; a message replaces the older ones of its action, and a success clears the
 * errors, warnings and notes of its action. Top right on wider screens (the spec's place);
 * on phones the newest one lies over the navigation bar, so no control of the page is ever
 * hidden behind it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismissId = useCallback((id: number) => {
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  const push = useCallback(
    (kind: ToastKind, message: string, action: string | undefined) => {
      const id = nextId.current++;
      setItems((list) => [
        ...list.filter(
          (item) =>
            item.kind !== kind &&
            !(action !== undefined && item.action === action) &&
            !(kind === 'success' && item.action === action),
        ),
        { id, kind, message, action },
      ]);
      window.setTimeout(() => dismissId(id), TOAST_AUTO_HIDE_MS);
    },
    [dismissId],
  );

  const toaster = useMemo<Toaster>(
    () => ({
      success: (message, options) => push('success', message, options?.action),
      error: (message, options) => push('error', message, options?.action),
      info: (message, options) => push('info', message, options?.action),
      warning: (message, options) => push('warning', message, options?.action),
      dismiss: (action) => setItems((list) => list.filter((item) => item.action !== action)),
    }),
    [push],
  );

  return (
    <ToastContext value={toaster}>
      {children}
      <div
        aria-live="polite"
        data-toasts=""
        className="pointer-events-none fixed inset-x-0 top-0 z-50 flex flex-col sm:top-20 sm:right-3 sm:left-auto sm:w-96 sm:items-end sm:gap-2"
      >
        {items.map((item) => {
          const style = STYLES[item.kind];
          return (
            <div
              key={item.id}
              role={item.kind === 'error' || item.kind === 'warning' ? 'alert' : 'status'}
              data-toast={item.kind}
              className={`pointer-events-auto flex min-h-16 w-full items-center gap-3 border-b border-l-4 px-4 py-2 shadow-lg not-last:max-sm:hidden sm:min-h-0 sm:items-start sm:rounded-lg sm:border-b-0 sm:py-3 ${style.box}`}
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
                onClick={() => dismissId(item.id)}
                className="-m-1 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded text-xl leading-none opacity-70 hover:opacity-100 sm:h-auto sm:w-auto sm:p-1 sm:text-lg"
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
