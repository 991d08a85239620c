import { ADDRESS_INPUT_DEBOUNCE_MS } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import type { PlaceSuggestion } from '@gurumatch/shared/schemas/geo';
import { useCallback, useEffect, useRef, useState } from 'react';

import { fetchPlaceSuggestions, reverseGeocode } from '../../../lib/geo.ts';
import { getCurrentPosition } from '../../../lib/geolocation.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

import { SuggestionInput } from './suggestion-input.tsx';

interface FoundPlaces {
  query: string;
  places: readonly PlaceSuggestion[];
}

function isGeolocationSupported(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator;
}

/**
 * The hero's location box. On first focus it asks for the browser's position and fills in
 * the address ('Fetching...' meanwhile; left empty when refused); typing offers places.
 */
export function LocationSearch({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const hasAskedForPosition = useRef(false);
  const hasTyped = useRef(false);
  const [isFetching, setIsFetching] = useState(false);
  const [query, setQuery] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [found, setFound] = useState<FoundPlaces>({ query: '', places: [] });
  const settledQuery = useDebouncedValue(query, ADDRESS_INPUT_DEBOUNCE_MS);

  useEffect(() => {
    const text = settledQuery.trim();
    if (!text) return;
    const controller = new AbortController();
    fetchPlaceSuggestions(text, controller.signal)
      .then((places) => {
        setFound({ query: settledQuery, places });
      })
      .catch(() => {
        // No suggestions this time; the typed text still works.
      });
    return () => {
      controller.abort();
    };
  }, [settledQuery]);

  const close = useCallback(() => {
    setIsOpen(false);
  }, []);

  const askForPosition = () => {
    if (hasAskedForPosition.current) return;
    hasAskedForPosition.current = true;
    if (!isGeolocationSupported()) {
      window.alert(MESSAGES.geolocationNotSupported);
      return;
    }
    setIsFetching(true);
    getCurrentPosition()
      .then(({ latitude, longitude }) => reverseGeocode(latitude, longitude))
      .then((place) => {
        if (!hasTyped.current) onChange(place.formatted_address);
      })
      .catch(() => {
        // Refused or failed: the field stays as it is.
      })
      .finally(() => {
        setIsFetching(false);
      });
  };

  const suggestions =
    query.trim() && found.query.trim()
      ? found.places.map((place) => ({ id: place.place_id, label: place.description }))
      : [];

  return (
    <SuggestionInput
      label="Location"
      name="location"
      value={value}
      placeholder={isFetching ? MESSAGES.fetchingLocation : 'Your area, e.g. HSR Layout'}
      status={isFetching ? MESSAGES.fetchingLocation : undefined}
      suggestions={suggestions}
      isOpen={isOpen}
      onFocus={askForPosition}
      onValueChange={(text) => {
        hasTyped.current = true;
        onChange(text);
        setQuery(text);
        setIsOpen(text.trim() !== '');
      }}
      onSelect={(suggestion) => {
        onChange(suggestion.label);
        setQuery('');
        setIsOpen(false);
      }}
      onClose={close}
    />
  );
}
