import { ADDRESS_MESSAGES } from '@gurumatch/shared/messages/profile';
import type { Place } from '@gurumatch/shared/schemas/geo';
import { useState } from 'react';

import { SegmentedControl, type SegmentOption } from '../../../components/ui/segmented-control.tsx';
import { recallSearchIntent } from '../../../lib/search-intent.ts';

import { CurrentLocationField } from './current-location-field.tsx';
import { PlaceCombobox } from './place-combobox.tsx';

type PickerMode = 'current' | 'manual';

const MODES: readonly SegmentOption<PickerMode>[] = [
  { value: 'current', label: ADDRESS_MESSAGES.useCurrentLocation },
  { value: 'manual', label: ADDRESS_MESSAGES.enterManually },
];

interface AddressPickerProps {
  place: Place | null;
  onPlaceChange: (place: Place | null) => void;
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900">{value || '—'}</dd>
    </div>
  );
}

/**
 * Choosing one place: from the browser's location (the default) or by typing
 * (first, with the text filled in, after a search for a place on the landing page).
 * Once a place is chosen its city, district and state are shown.
 */
export function AddressPicker({ place, onPlaceChange }: AddressPickerProps) {
  // the place a visitor searched for on the landing page is where typing starts
  const [searchedPlace] = useState(() => recallSearchIntent()?.location ?? '');
  const [mode, setMode] = useState<PickerMode>(searchedPlace ? 'manual' : 'current');

  const changeMode = (next: PickerMode) => {
    setMode(next);
    onPlaceChange(null);
  };

  return (
    <div className="flex flex-col gap-4">
      <SegmentedControl
        label="How would you like to add the address?"
        hideLabel
        options={MODES}
        value={mode}
        onChange={changeMode}
      />
      {mode === 'current' ? (
        <CurrentLocationField
          place={place}
          onPlaceChange={onPlaceChange}
          onTypeInstead={() => changeMode('manual')}
        />
      ) : (
        <PlaceCombobox place={place} onPlaceChange={onPlaceChange} initialText={searchedPlace} />
      )}
      {place ? (
        <div role="group" aria-label="Address details">
          <dl className="grid gap-2 sm:grid-cols-3">
            <Detail label="City" value={place.city} />
            <Detail label="District" value={place.district} />
            <Detail label="State" value={place.state} />
          </dl>
        </div>
      ) : null}
    </div>
  );
}
