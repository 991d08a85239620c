import { PAGE_SIZE } from '@gurumatch/shared/constants';
import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useAdminList, type Paged } from '../api.ts';

export interface ListFilter {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  initial: string;
}

interface AdminListProps<Item> {
  resource: string;
  label: string;
  searchLabel?: string;
  filter?: ListFilter;
  renderItem: (item: Item) => ReactNode;
  itemKey: (item: Item) => number;
  toolbar?: ReactNode;
  /** Asks for the page again every few seconds while this is true of its items. */
  refreshWhile?: (items: Item[]) => boolean;
}

/** A searchable, filterable, paged list of one admin resource. */
export function AdminList<Item>({
  resource,
  label,
  searchLabel,
  filter,
  renderItem,
  itemKey,
  toolbar,
  refreshWhile,
}: AdminListProps<Item>) {
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const [filterValue, setFilterValue] = useState(filter?.initial ?? '');
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (filter && filterValue) params.set(filter.name, filterValue);
  if (page > 1) params.set('page', String(page));
  const list = useAdminList<Item>(resource, params, refreshWhile);
  const pageCount = Math.max(1, Math.ceil((list.data?.count ?? 0) / PAGE_SIZE));

  return (
    <section aria-label={label}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        {searchLabel ? (
          <form
            role="search"
            className="flex flex-1 gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              setSearch(typed.trim());
              setPage(1);
            }}
          >
            <label className="sr-only" htmlFor={`${resource}-search`}>
              {searchLabel}
            </label>
            <input
              id={`${resource}-search`}
              type="search"
              value={typed}
              placeholder={searchLabel}
              onChange={(event) => setTyped(event.target.value)}
              className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 px-3"
            />
            <Button type="submit" size="sm" variant="secondary" className="h-10">
              Search
            </Button>
          </form>
        ) : null}
        {filter ? (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            {filter.label}
            <select
              value={filterValue}
              onChange={(event) => {
                setFilterValue(event.target.value);
                setPage(1);
              }}
              className="h-10 rounded-lg border border-slate-300 bg-white px-2"
            >
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {toolbar}
      </div>
      <div className="mt-3">
        <ListItems
          list={list}
          emptyMessage={ADMIN_MESSAGES.noItems}
          itemKey={itemKey}
          renderItem={renderItem}
        />
      </div>
      {pageCount > 1 ? (
        <nav aria-label={`${label} pages`} className="mt-3 flex items-center justify-between">
          <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-600">
            Page {page} of {pageCount} · {list.data?.count ?? 0} in all
          </span>
          <Button
            size="sm"
            variant="ghost"
            disabled={page >= pageCount}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

/** A list's items as cards, or its spinner, its error or its empty message. */
export function ListItems<Item>({
  list,
  emptyMessage,
  itemKey,
  renderItem,
  lead,
}: {
  list: UseQueryResult<Paged<Item>>;
  emptyMessage: string;
  itemKey: (item: Item) => number | string;
  renderItem: (item: Item) => ReactNode;
  /** Shown above the items once they are loaded. */
  lead?: (page: Paged<Item>) => ReactNode;
}) {
  if (list.isPending) return <Spinner />;
  if (list.isError) {
    return (
      <p role="alert" className="text-red-700">
        {list.error instanceof ApiError ? list.error.detail : 'The list could not be loaded.'}
      </p>
    );
  }
  if (list.data.results.length === 0) {
    return (
      <p className="rounded-lg bg-white p-4 text-slate-600 ring-1 ring-slate-200">{emptyMessage}</p>
    );
  }
  return (
    <>
      {lead?.(list.data)}
      <ul className="flex flex-col gap-3">
        {list.data.results.map((item) => (
          <li
            key={itemKey(item)}
            className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            {renderItem(item)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A label and its value, for the facts of one list item. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * A button that asks before it acts: the first tap shows what will happen with
 * a confirm and a cancel button in place (no modal: quick on a phone).
 */
export function ConfirmButton({
  action,
  question,
  busy,
  variant = 'primary',
  onConfirm,
}: {
  action: string;
  question: string;
  busy: boolean;
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button size="sm" variant={variant} onClick={() => setAsking(true)}>
        {action}
      </Button>
    );
  }
  return (
    <div role="group" aria-label={action} className="flex w-full flex-col gap-2">
      <p className="text-sm text-slate-800">{question}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={variant === 'ghost' ? 'secondary' : variant}
          busy={busy}
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          {ADMIN_MESSAGES.confirmYes(action)}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** Asks for a reason in place (no modal: quick on a phone), then runs `onConfirm`. */
export function ReasonForm({
  label,
  action,
  busy,
  warning,
  onConfirm,
}: {
  label: string;
  action: string;
  busy: boolean;
  /** What confirming does, shown once the form is open. */
  warning?: string;
  onConfirm: (reason: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open) {
    return (
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {action}
      </Button>
    );
  }
  return (
    <form
      aria-label={action}
      className="flex w-full flex-col gap-2 sm:flex-row sm:flex-wrap"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim()) onConfirm(reason.trim());
      }}
    >
      {warning ? (
        <p role="note" className="w-full text-sm text-amber-800">
          {warning}
        </p>
      ) : null}
      <label className="sr-only" htmlFor={`reason-${action}`}>
        {label}
      </label>
      <textarea
        id={`reason-${action}`}
        value={reason}
        maxLength={500}
        required
        rows={3}
        placeholder={label}
        onChange={(event) => setReason(event.target.value)}
        className="min-h-20 w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 text-sm"
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="danger" busy={busy}>
          {action}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
