import { MAX_ADDRESSES } from '@gurumatch/shared/constants';
import { ADDRESS_MESSAGES } from '@gurumatch/shared/messages/profile';
import type { Address } from '@gurumatch/shared/schemas/addresses';
import { useEffect, useRef, useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/index.ts';
import { useAddresses, useRemoveAddress, useSetPrimaryAddress } from '../api.ts';
import { mapEmbedUrl } from '../utils.ts';

import { AddAddressForm } from './add-address-form.tsx';

const TITLE = 'Manage Addresses';

function PrimaryMap({ address }: { address: Address }) {
  return (
    <section
      aria-labelledby="primary-map-heading"
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="primary-map-heading" className="px-5 pt-4 text-lg font-semibold text-slate-900">
        Primary address on the map
      </h2>
      <p className="px-5 pb-3 text-sm text-slate-600">{address.formatted_address}</p>
      <iframe
        title={`Map of ${address.formatted_address}`}
        src={mapEmbedUrl(address.latitude, address.longitude)}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        className="block aspect-[4/3] w-full border-0 bg-slate-100"
      />
    </section>
  );
}

function AddressCard({
  address,
  canRemove,
  isSettingPrimary,
  onSetPrimary,
  onRemove,
}: {
  address: Address;
  canRemove: boolean;
  isSettingPrimary: boolean;
  onSetPrimary: () => void;
  onRemove: () => void;
}) {
  const place = [address.city, address.state].filter(Boolean).join(', ');
  return (
    <li className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 font-medium break-words text-slate-900">
          {address.formatted_address}
        </p>
        {address.is_primary ? (
          <span className="shrink-0 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
            Primary
          </span>
        ) : null}
      </div>
      {place ? <p className="mt-1 text-sm text-slate-600">{place}</p> : null}
      {!address.is_primary || canRemove ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {!address.is_primary ? (
            <Button variant="secondary" size="sm" busy={isSettingPrimary} onClick={onSetPrimary}>
              {isSettingPrimary ? 'Updating…' : 'Set as primary'}
            </Button>
          ) : null}
          {canRemove ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50"
              onClick={onRemove}
              aria-label={`Remove ${address.formatted_address}`}
            >
              Remove
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** Saved addresses: at most two, exactly one primary, shown on a map. */
export function AddressManagementPage() {
  const toast = useToast();
  const addresses = useAddresses();
  const removeAddress = useRemoveAddress();
  const setPrimary = useSetPrimaryAddress();
  const [pendingRemoval, setPendingRemoval] = useState<Address | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const announcedErrorAt = useRef(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const loadFailedAt = addresses.isError ? addresses.errorUpdatedAt : 0;
  useEffect(() => {
    if (loadFailedAt === 0 || announcedErrorAt.current === loadFailedAt) return;
    announcedErrorAt.current = loadFailedAt;
    toast.error(ADDRESS_MESSAGES.loadFailed);
  }, [loadFailedAt, toast]);

  const list = addresses.data ?? [];
  const primary = list.find((address) => address.is_primary) ?? list[0];
  const canRemove = list.length > 1;
  const canAdd = addresses.isSuccess && list.length < MAX_ADDRESSES;

  const confirmRemoval = async () => {
    if (!pendingRemoval) return;
    try {
      const answer = await removeAddress.mutateAsync(pendingRemoval.id);
      if (answer?.success === false) {
        toast.error(answer.message || ADDRESS_MESSAGES.removeFailed);
        return;
      }
      toast.success(answer?.message || ADDRESS_MESSAGES.removed);
      setPendingRemoval(null);
      headingRef.current?.focus();
    } catch {
      toast.error(ADDRESS_MESSAGES.removeFailed);
    }
  };

  const makePrimary = async (address: Address) => {
    try {
      const answer = await setPrimary.mutateAsync(address.id);
      if (answer?.success === false) {
        toast.error(answer.message || ADDRESS_MESSAGES.updatePrimaryFailed);
        return;
      }
      toast.success(answer?.message || ADDRESS_MESSAGES.primaryUpdated);
    } catch {
      toast.error(ADDRESS_MESSAGES.updatePrimaryFailed);
    }
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageMeta title={TITLE} noindex />
      <Link to={paths.dashboard} className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Dashboard
      </Link>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-2 text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl"
      >
        {TITLE}
      </h1>
      <p className="mt-1 text-slate-700">
        {`Keep up to ${String(MAX_ADDRESSES)} addresses. Your primary address is the one we use by default.`}
      </p>

      {addresses.isPending ? (
        <div className="py-12 text-center">
          <Spinner label="Loading addresses…" />
        </div>
      ) : addresses.isError ? (
        <div className="mt-6 rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-700">We could not load your addresses.</p>
          <Button variant="secondary" className="mt-4" onClick={() => void addresses.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_1fr] lg:items-start">
          <div className="flex flex-col gap-4">
            {list.length === 0 ? (
              <p className="rounded-xl bg-white p-5 text-slate-700 shadow-sm ring-1 ring-slate-200">
                You have not added an address yet.
              </p>
            ) : (
              <ul aria-label="Your addresses" className="flex flex-col gap-4">
                {list.map((address) => (
                  <AddressCard
                    key={address.id}
                    address={address}
                    canRemove={canRemove}
                    isSettingPrimary={setPrimary.isPending && setPrimary.variables === address.id}
                    onSetPrimary={() => void makePrimary(address)}
                    onRemove={() => setPendingRemoval(address)}
                  />
                ))}
              </ul>
            )}

            {canAdd ? (
              isAdding ? (
                <section
                  aria-labelledby="add-address-heading"
                  className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
                >
                  <h2
                    id="add-address-heading"
                    className="mb-4 text-lg font-semibold text-slate-900"
                  >
                    Add an address
                  </h2>
                  <AddAddressForm
                    onAdded={() => setIsAdding(false)}
                    secondaryAction={
                      <Button
                        variant="ghost"
                        className="sm:flex-1"
                        onClick={() => setIsAdding(false)}
                      >
                        Cancel
                      </Button>
                    }
                  />
                </section>
              ) : (
                <Button
                  variant="secondary"
                  className="self-start"
                  onClick={() => setIsAdding(true)}
                >
                  Add address
                </Button>
              )
            ) : null}
          </div>

          {primary ? <PrimaryMap address={primary} /> : null}
        </div>
      )}

      <Modal
        isOpen={pendingRemoval !== null}
        title="Remove address"
        description={
          pendingRemoval ? (
            <p>
              Are you sure you want to remove this address?
              <span className="mt-2 block font-medium text-slate-900">
                {pendingRemoval.formatted_address}
              </span>
            </p>
          ) : null
        }
        onClose={() => setPendingRemoval(null)}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setPendingRemoval(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={removeAddress.isPending}
            onClick={() => void confirmRemoval()}
          >
            {removeAddress.isPending ? 'Removing…' : 'Remove'}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
