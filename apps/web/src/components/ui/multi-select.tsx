import { SUMMARY_VISIBLE_ITEMS } from '@gurumatch/shared/constants';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

export interface MultiSelectGroup {
  readonly label: string;
  readonly items: readonly string[];
}

/** The first `visible` items and how many more there are. */
export function summarizeItems(
  items: readonly string[],
  visible: number = SUMMARY_VISIBLE_ITEMS,
): { shown: string[]; hiddenCount: number } {
  return { shown: items.slice(0, visible), hiddenCount: Math.max(0, items.length - visible) };
}

/** 'Maths, Physics, Chemistry +2 more'. */
export function formatSummary(
  items: readonly string[],
  visible: number = SUMMARY_VISIBLE_ITEMS,
): string {
  const { shown, hiddenCount } = summarizeItems(items, visible);
  return hiddenCount > 0 ? `${shown.join(', ')} +${String(hiddenCount)} more` : shown.join(', ');
}

/**
 * Read-only chips for a list: the first few, then a '+N more' button that shows the
 * rest (and 'Show less' to fold them again).
 */
export function SummaryList({
  items,
  visible = SUMMARY_VISIBLE_ITEMS,
  emptyText = 'Not added',
  label,
}: {
  items: readonly string[];
  visible?: number;
  emptyText?: string;
  /** Accessible name of the list. */
  label: string;
}) {
  const [isExpanded, setIsExpanded] = useState(false);
  if (items.length === 0) return <p className="text-slate-600">{emptyText}</p>;
  const { shown, hiddenCount } = summarizeItems(items, visible);
  const listed = isExpanded ? items : shown;
  const moreClasses =
    'rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {listed.map((item) => (
        <li
          key={item}
          className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800"
        >
          {item}
        </li>
      ))}
      {hiddenCount > 0 ? (
        <li>
          <button
            type="button"
            aria-expanded={isExpanded}
            onClick={() => setIsExpanded((value) => !value)}
            className={moreClasses}
          >
            {isExpanded ? 'Show less' : `+${String(hiddenCount)} more`}
          </button>
        </li>
      ) : null}
    </ul>
  );
}

interface MultiSelectProps {
  label: string;
  /** A flat list of choices; or use `groups`. */
  options?: readonly string[];
  /** Choices under group headings. */
  groups?: readonly MultiSelectGroup[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** Shown on the closed control while nothing is chosen, e.g. 'Select subjects'. */
  placeholder?: string;
  hint?: ReactNode;
  error?: string | undefined;
}

const matches = (item: string, query: string) => item.toLowerCase().includes(query);

/**
 * Several choices from a long list (100+ items): a button opens a searchable list of
 * checkboxes (grouped when groups are given); chosen items appear as removable chips and
 * the closed control sums them up as 'first 3 then +N more'. Keyboard: Arrow keys move
 * through the list, Space toggles, Enter in the search box toggles the first match,
 * Escape closes.
 */
export function MultiSelect({
  label,
  options,
  groups,
  value,
  onChange,
  placeholder = 'Select',
  hint,
  error,
}: MultiSelectProps) {
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const summaryId = `${baseId}-summary`;
  const panelId = `${baseId}-panel`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const allGroups = useMemo<readonly MultiSelectGroup[]>(
    () => groups ?? [{ label: '', items: options ?? [] }],
    [groups, options],
  );
  const needle = query.trim().toLowerCase();
  const visibleGroups = useMemo(
    () =>
      allGroups
        .map((group) => ({
          label: group.label,
          items: needle ? group.items.filter((item) => matches(item, needle)) : group.items,
        }))
        .filter((group) => group.items.length > 0),
    [allGroups, needle],
  );
  const visibleCount = visibleGroups.reduce((sum, group) => sum + group.items.length, 0);
  const selected = useMemo(() => new Set(value), [value]);

  useEffect(() => {
    if (!isOpen) return;
    searchRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const toggleItem = (item: string) => {
    onChange(selected.has(item) ? value.filter((v) => v !== item) : [...value, item]);
  };

  const close = () => {
    setIsOpen(false);
    setQuery('');
    toggleRef.current?.focus();
  };

  const checkboxes = () =>
    Array.from(listRef.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? []);

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const boxes = checkboxes();
    if (boxes.length === 0) return;
    event.preventDefault();
    const index = boxes.indexOf(document.activeElement as HTMLInputElement);
    if (index === -1) {
      (event.key === 'ArrowDown' ? boxes[0] : boxes[boxes.length - 1])?.focus();
      return;
    }
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
    if (next < 0) searchRef.current?.focus();
    else boxes[Math.min(next, boxes.length - 1)]?.focus();
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Never submit the surrounding form from the search box.
    event.preventDefault();
    const first = visibleGroups[0]?.items[0];
    if (needle && first !== undefined) toggleItem(first);
  };

  const removeItem = (item: string) => {
    onChange(value.filter((v) => v !== item));
    toggleRef.current?.focus();
  };

  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div ref={rootRef} role="group" aria-labelledby={labelId} className="flex flex-col gap-1">
      <span id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        // The name holds the visible text too (the summary), as speech input users say it.
        aria-labelledby={`${labelId} ${summaryId}`}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        onClick={() => (isOpen ? close() : setIsOpen(true))}
        className={`flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border bg-white px-3 py-2 text-left text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${error ? 'border-red-600' : 'border-slate-300'}`}
      >
        <span id={summaryId} className={value.length ? 'text-slate-900' : 'text-slate-500'}>
          {value.length ? formatSummary(value) : placeholder}
        </span>
        <span aria-hidden="true" className="text-slate-500">
          {isOpen ? '▴' : '▾'}
        </span>
      </button>

      {isOpen ? (
        <div
          id={panelId}
          onKeyDown={onPanelKeyDown}
          className="mt-1 rounded-lg border border-slate-300 bg-white p-2 shadow-md"
        >
          <input
            ref={searchRef}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onSearchKeyDown}
            aria-label={`Search ${label}`}
            placeholder="Type to search…"
            autoComplete="off"
            className="h-10 w-full rounded-md border border-slate-300 px-3 text-base focus:border-brand-700 focus:outline-2 focus:outline-brand-200"
          />
          <p role="status" className="sr-only">
            {visibleCount === 0 ? 'No matching options' : `${String(visibleCount)} options`}
          </p>
          <div ref={listRef} className="mt-2 max-h-64 overflow-y-auto overscroll-contain">
            {visibleCount === 0 ? (
              <p className="px-2 py-3 text-sm text-slate-600">No matching options</p>
            ) : (
              visibleGroups.map((group) => {
                const items = group.items.map((item) => (
                  <label
                    key={item}
                    className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 text-slate-800 hover:bg-brand-50 has-[:focus-visible]:bg-brand-50"
                  >
                    <input
                      type="checkbox"
                      checked={selected.has(item)}
                      onChange={() => toggleItem(item)}
                      className="h-4 w-4 shrink-0 accent-brand-700"
                    />
                    <span>{item}</span>
                  </label>
                ));
                return group.label ? (
                  <fieldset key={group.label} className="mb-2">
                    <legend className="px-2 pt-1 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                      {group.label}
                    </legend>
                    {items}
                  </fieldset>
                ) : (
                  <div key="all">{items}</div>
                );
              })
            )}
          </div>
          <div className="mt-2 flex items-center justify-between gap-2 border-t border-slate-100 pt-2">
            <button
              type="button"
              onClick={() => onChange([])}
              disabled={value.length === 0}
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:text-slate-400"
            >
              Clear all
            </button>
            <button
              type="button"
              onClick={close}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Done
            </button>
          </div>
        </div>
      ) : null}

      {value.length > 0 ? (
        <ul aria-label={`Selected ${label}`} className="mt-1 flex flex-wrap gap-2">
          {value.map((item) => (
            <li
              key={item}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-800"
            >
              {item}
              <button
                type="button"
                onClick={() => removeItem(item)}
                aria-label={`Remove ${item}`}
                className="flex h-6 w-6 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
