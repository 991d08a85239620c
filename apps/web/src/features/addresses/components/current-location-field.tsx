import { ADDRESS_MESSAGES } from '@gurumatch/shared/messages/profile';
import type { Place } from '@gurumatch/shared/schemas/geo';
import { useEffect, useId, useRef, useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { reverseGeocode } from '../../../lib/geo.ts';
import { GeolocationError, getCurrentPosition } from '../../../lib/geolocation.ts';

interface CurrentLocationFieldProps {
  place: Place | null;
  onPlaceChange: (place: Place | null) => void;
  /** Switches to typing the address (offered when the location permission is refused). */
  onTypeInstead: () => void;
}

/**
 * 'Use Current Location': asks the browser where it is as soon as it shows,
 * then turns the position into an address. When the browser cannot tell, an
 * alert says so; when the user says no, the page says so and offers typing the
 * address instead.
 */
export function CurrentLocationField({
  place,
  onPlaceChange,
  onTypeInstead,
}: CurrentLocationFieldProps) {
  const [attempt, setAttempt] = useState(0);
  const [isLocating, setIsLocating] = useState(true);
  const [hasFailed, setHasFailed] = useState(false);
  const [isDenied, setIsDenied] = useState(false);
  /** The server's words when no place is near enough: the user types the address instead. */
  const [farAway, setFarAway] = useState<string | null>(null);
  const fieldId = useId();
  const onPlaceChangeRef = useRef(onPlaceChange);

  useEffect(() => {
    onPlaceChangeRef.current = onPlaceChange;
  });

  useEffect(() => {
    let isCancelled = false;
    getCurrentPosition()
      .then(({ latitude, longitude }) => reverseGeocode(latitude, longitude))
      .then((found) => {
        if (!isCancelled) onPlaceChangeRef.current(found);
      })
      .catch((error: unknown) => {
        if (isCancelled) return;
        if (error instanceof ApiError && error.status === 404) {
          setFarAway(error.detail);
        } else if (error instanceof GeolocationError && error.reason === 'unsupported') {
          window.alert(ADDRESS_MESSAGES.geolocationNotSupported);
        } else if (error instanceof GeolocationError && error.reason === 'denied') {
          // Refused: asking again would be refused again; typing the address works.
          setIsDenied(true);
        } else {
          // The position or its address could not be found this time: worth another try.
          setHasFailed(true);
        }
      })
      .finally(() => {
        if (!isCancelled) setIsLocating(false);
      });
    return () => {
      isCancelled = true;
    };
  }, [attempt]);

  const tryAgain = () => {
    setIsLocating(true);
    setHasFailed(false);
    setFarAway(null);
    setAttempt((value) => value + 1);
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
        Your current address
      </label>
      <textarea
        id={fieldId}
        readOnly
        rows={3}
        value={place?.formatted_address ?? ''}
        placeholder={ADDRESS_MESSAGES.allowBrowserPlaceholder}
        className="resize-none rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-200"
      />
      <div className="flex min-h-9 items-center gap-3 text-sm text-slate-600">
        {isLocating ? (
          <>
            <Spinner size="sm" label={ADDRESS_MESSAGES.fetching} />
            <span aria-hidden="true">{ADDRESS_MESSAGES.fetching}</span>
          </>
        ) : (isDenied || farAway) && !place ? (
          <div role="alert" className="flex flex-col items-start gap-2 py-1">
            <p className="text-slate-800">{farAway ?? ADDRESS_MESSAGES.locationDenied}</p>
            <Button variant="secondary" size="sm" onClick={onTypeInstead}>
              {ADDRESS_MESSAGES.typeAddressInstead}
            </Button>
          </div>
        ) : hasFailed && !place ? (
          <Button variant="ghost" size="sm" onClick={tryAgain} className="-ml-3">
            Fetch my location again
          </Button>
        ) : null}
      </div>
    </div>
  );
}
