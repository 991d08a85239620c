import { CLASS_GROUPS } from '@gurumatch/shared/catalogues/classes';
import { SUBJECTS } from '@gurumatch/shared/catalogues/subjects';
import { ENQUIRY_TYPES, STUDY_MODES, STUDY_MODE_LABELS } from '@gurumatch/shared/enquiries';
import { MESSAGES } from '@gurumatch/shared/messages';
import { ENQUIRY_MESSAGES as M } from '@gurumatch/shared/messages/enquiries';
import type { FeedFilters } from '@gurumatch/shared/schemas/enquiries';
import { useState } from 'react';

import { LeadAlertBanner } from '../../../components/lead-alerts/lead-alert-banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { MultiSelect } from '../../../components/ui/multi-select.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { countPages, Pagination } from '../../../components/ui/pagination.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { Link, useSearchParams } from '../../../lib/router/index.ts';
import { useFeed, useToggleStar, type FeedFilterValues } from '../api.ts';
import { parsePage } from '../utils.ts';

import { EnquiryCardItem } from './enquiry-card.tsx';

const TYPE_LABELS: Record<(typeof ENQUIRY_TYPES)[number], string> = {
  responded: 'Responded',
  viewed: 'Viewed',
  reported: 'Reported',
};

function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  value: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-2 text-slate-800">
            <input
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={value.includes(option.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...value, option.value]
                    : value.filter((item) => item !== option.value),
                )
              }
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function FilterModal({
  isOpen,
  initial,
  addresses,
  onClose,
  onApply,
}: {
  isOpen: boolean;
  initial: FeedFilterValues;
  addresses: FeedFilters['addresses'];
  onClose: () => void;
  onApply: (filters: FeedFilterValues) => void;
}) {
  const [draft, setDraft] = useState<FeedFilterValues>(initial);
  const set = <K extends keyof FeedFilterValues>(key: K, value: FeedFilterValues[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  return (
    <Modal isOpen={isOpen} title={M.filters} closeLabel={M.closeFilters} onClose={onClose}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onApply(draft);
        }}
      >
        <MultiSelect
          label="Classes"
          groups={CLASS_GROUPS}
          value={draft.classes}
          onChange={(next) => set('classes', next)}
          placeholder="Any class"
        />
        <MultiSelect
          label="Subjects"
          options={SUBJECTS}
          value={draft.subjects}
          onChange={(next) => set('subjects', next)}
          placeholder="Any subject"
        />
        <CheckboxGroup
          legend="Study mode"
          options={STUDY_MODES.map((mode) => ({ value: mode, label: STUDY_MODE_LABELS[mode] }))}
          value={draft.requirements}
          onChange={(next) => set('requirements', next)}
        />
        {addresses.length > 0 ? (
          <Select
            label="Distance from"
            options={addresses.map((address) => ({
              value: String(address.id),
              label: address.formatted_address,
            }))}
            value={String(
              draft.selected_address_id ??
                addresses.find((address) => address.is_primary)?.id ??
                '',
            )}
            onChange={(event) => set('selected_address_id', Number(event.target.value))}
          />
        ) : null}
        <CheckboxGroup
          legend="Show only"
          options={ENQUIRY_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
          value={draft.enquiry_types}
          onChange={(next) => set('enquiry_types', next)}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="ghost"
            onClick={() =>
              setDraft({
                classes: [],
                subjects: [],
                requirements: [],
                selected_address_id: null,
                enquiry_types: [],
              })
            }
          >
            {M.clearFilters}
          </Button>
          <Button type="submit">{M.applyFilters}</Button>
        </div>
      </form>
    </Modal>
  );
}

/** /enquiry: the tutor's feed, ranked for them, with the filter modal and stars. */
export function FeedPage() {
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const [filters, setFilters] = useState<FeedFilterValues | null>(null);
  const [defaults, setDefaults] = useState<FeedFilters | null>(null);
  const [isFilterOpen, setIsFilterOpen] = useState(false);
  const feed = useFeed(page, filters);
  const star = useToggleStar();
  if (feed.data?.defaults && defaults === null) setDefaults(feed.data.defaults);

  const toggleStar = (id: number) => {
    star.mutate(id, {
      onError: () => toast.error(MESSAGES.genericError),
    });
  };

  const initialFilters: FeedFilterValues = filters ?? {
    classes: defaults?.classes ?? [],
    subjects: defaults?.subjects ?? [],
    requirements: defaults?.requirements ?? [],
    selected_address_id: null,
    enquiry_types: [],
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageMeta title={M.feedTitle} noindex />
      <Link to={paths.dashboard} className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Dashboard
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{M.feedTitle}</h1>
        <Button variant="secondary" onClick={() => setIsFilterOpen(true)}>
          {M.filters}
        </Button>
      </div>
      <p className="mt-1 text-slate-700">
        Matching your classes, subjects and teaching mode; offline enquiries within 10 km of your
        address. {feed.data ? `${String(feed.data.count)} found.` : ''}
      </p>
      <LeadAlertBanner onShow={() => void feed.refetch()} />
      {feed.isPending ? (
        <div className="py-12 text-center">
          <Spinner label="Loading enquiries…" />
        </div>
      ) : feed.data && feed.data.results.length > 0 ? (
        <>
          <ul className="mt-6 flex flex-col gap-3">
            {feed.data.results.map((card) => (
              <EnquiryCardItem
                key={card.id}
                card={card}
                onToggleStar={toggleStar}
                starBusy={star.isPending && star.variables === card.id}
              />
            ))}
          </ul>
          <div className="mt-6">
            <Pagination
              page={page}
              pageCount={countPages(feed.data.count)}
              basePath={paths.enquiries}
            />
          </div>
        </>
      ) : (
        <p className="mt-8 rounded-xl bg-white p-6 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">
          {M.noEnquiries}
        </p>
      )}
      {isFilterOpen ? (
        <FilterModal
          isOpen
          initial={initialFilters}
          addresses={defaults?.addresses ?? []}
          onClose={() => setIsFilterOpen(false)}
          onApply={(next) => {
            setFilters(next);
            setIsFilterOpen(false);
            if (page !== 1) setSearchParams({});
          }}
        />
      ) : null}
    </div>
  );
}
