import type { SuccessMessage } from '@gurumatch/shared/schemas/account';
import type {
  AddAddressBody,
  AddressList,
  AddressResult,
} from '@gurumatch/shared/schemas/addresses';
import type { Place } from '@gurumatch/shared/schemas/geo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api.ts';
import { fetchPlace, fetchPlaceSuggestions } from '../../lib/geo.ts';

const SUGGESTIONS_STALE_MS = 5 * 60_000;

export const addressKeys = {
  all: ['addresses'] as const,
  list: () => ['addresses', 'list'] as const,
  suggestions: (query: string) => ['addresses', 'suggestions', query] as const,
  place: (placeId: string) => ['addresses', 'place', placeId] as const,
};

export function listAddresses(): Promise<AddressList> {
  return apiRequest<AddressList>('/api/auth/user/addresses/');
}

export function addAddress(body: AddAddressBody): Promise<AddressResult> {
  return apiRequest<AddressResult>('/api/auth/address/', { body });
}

export function removeAddress(id: number): Promise<SuccessMessage | undefined> {
  return apiRequest<SuccessMessage | undefined>(`/api/auth/user/addresses/${String(id)}/`, {
    method: 'DELETE',
  });
}

export function setPrimaryAddress(id: number): Promise<Partial<AddressResult> | undefined> {
  return apiRequest<Partial<AddressResult> | undefined>(
    `/api/auth/user/addresses/${String(id)}/set_primary/`,
    { method: 'PATCH' },
  );
}

export function useAddresses() {
  return useQuery({ queryKey: addressKeys.list(), queryFn: listAddresses });
}

function useAddressMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.list() }),
  });
}

export function useAddAddress() {
  return useAddressMutation(addAddress);
}

export function useRemoveAddress() {
  return useAddressMutation(removeAddress);
}

export function useSetPrimaryAddress() {
  return useAddressMutation(setPrimaryAddress);
}

/** Places matching what was typed; nothing is asked for an empty text. */
export function usePlaceSuggestions(query: string) {
  return useQuery({
    queryKey: addressKeys.suggestions(query),
    queryFn: ({ signal }) => fetchPlaceSuggestions(query, signal),
    enabled: query !== '',
    staleTime: SUGGESTIONS_STALE_MS,
  });
}

/** The full place behind a suggestion (cached, so choosing it again costs nothing). */
export function useResolvePlace(): (placeId: string) => Promise<Place> {
  const queryClient = useQueryClient();
  return (placeId) =>
    queryClient.query({
      queryKey: addressKeys.place(placeId),
      queryFn: () => fetchPlace(placeId),
      staleTime: Infinity,
    });
}
