import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

interface ModalProps {
  isOpen: boolean;
  /** The dialog's name, shown as its heading. */
  title: string;
  /** A sentence under the title, read out with it. */
  description?: ReactNode;
  /** Escape, the backdrop and any close button call this. */
  onClose: () => void;
  /** When given, an × button with this name closes the dialog (long sheets need one in reach). */
  closeLabel?: string;
  /** What gets focus on opening (default: the first focusable element). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}

/**
 * A modal dialog: labelled by its title, focus kept inside while open and given
 * back on close, Escape or a click on the backdrop closes it, the page behind
 * does not scroll.
 */
export function Modal({ isOpen, ...rest }: ModalProps) {
  if (!isOpen || typeof document === 'undefined') return null;
  return <ModalDialog {...rest} />;
}

function ModalDialog({
  title,
  description,
  onClose,
  closeLabel,
  initialFocusRef,
  children,
}: Omit<ModalProps, 'isOpen'>) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const target = initialFocusRef?.current ?? (panel ? focusableIn(panel)[0] : undefined) ?? panel;
    target?.focus();
    document.body.classList.add('scroll-locked');
    return () => {
      document.body.classList.remove('scroll-locked');
      previous?.focus();
    };
  }, [initialFocusRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusableIn(panelRef.current);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-4 pt-12 sm:items-center sm:pt-4"
      onMouseDown={onBackdropMouseDown}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="max-h-full w-full max-w-md overflow-y-auto overscroll-contain rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 focus:outline-none"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          {closeLabel ? (
            <button
              type="button"
              aria-label={closeLabel}
              onClick={onClose}
              className="-mt-2 -mr-2 grid size-11 shrink-0 place-items-center rounded-full text-2xl leading-none text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        {description ? (
          <div id={descriptionId} className="mt-2 text-slate-700">
            {description}
          </div>
        ) : null}
        {children ? <div className="mt-6">{children}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
