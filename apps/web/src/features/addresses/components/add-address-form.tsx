import { ADDRESS_MESSAGES } from '@gurumatch/shared/messages/profile';
import { findPlaceIdProblem } from '@gurumatch/shared/schemas/addresses';
import type { Place } from '@gurumatch/shared/schemas/geo';
import { useState, type ReactNode, type SubmitEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isRefusal } from '../../../lib/api.ts';
import { useAddAddress } from '../api.ts';

import { AddressPicker } from './address-picker.tsx';

interface AddAddressFormProps {
  /** After the server stored the address (its message has been shown). */
  onAdded: () => Promise<void> | void;
  submitLabel?: string;
  /** Extra buttons beside the submit button (e.g. Cancel). */
  secondaryAction?: ReactNode;
}

/** The address picker and its submit button: used by onboarding and by address management. */
export function AddAddressForm({
  onAdded,
  submitLabel = 'Save Address',
  secondaryAction,
}: AddAddressFormProps) {
  const toast = useToast();
  const addAddress = useAddAddress();
  const [place, setPlace] = useState<Place | null>(null);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (addAddress.isPending) return;
    const problem = findPlaceIdProblem(place?.place_id ?? '');
    if (problem || !place) {
      toast.info(problem ?? ADDRESS_MESSAGES.selectValidAddress);
      return;
    }
    try {
      const answer = await addAddress.mutateAsync({ place_id: place.place_id });
      if (!answer.success) {
        toast.error(answer.message || ADDRESS_MESSAGES.addFailed);
        return;
      }
      toast.success(answer.message || ADDRESS_MESSAGES.added);
      await onAdded();
    } catch (error) {
      const refusal = isRefusal(error) ? error.serverSentence() : undefined;
      toast.error(refusal ?? ADDRESS_MESSAGES.addFailed);
    }
  };

  const isReady = place !== null;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6">
      <AddressPicker place={place} onPlaceChange={setPlace} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          type="submit"
          busy={addAddress.isPending}
          aria-disabled={!isReady || undefined}
          className="w-full aria-disabled:cursor-not-allowed aria-disabled:bg-brand-300 aria-disabled:hover:bg-brand-300 sm:flex-1"
        >
          {addAddress.isPending ? 'Saving…' : submitLabel}
        </Button>
        {secondaryAction}
      </div>
    </form>
  );
}
