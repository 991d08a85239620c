import type { AddressList } from '@gurumatch/shared/schemas/addresses';
import type {
  CheckContacted,
  CreateEnquiryBody,
  EnquiryCardList,
  FeedWithFilters,
  SendMessageBody,
  SendMessageResult,
  StarResult,
  StudentEnquiry,
  StudentEnquiryList,
  TotalEnquiries,
  TutorEnquiry,
} from '@gurumatch/shared/schemas/enquiries';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api.ts';
import { authKeys } from '../auth/api.ts';
import { useAuth } from '../auth/auth-provider.tsx';

/** The filters of the feed's filter modal (POST body `filters`). */
export interface FeedFilterValues {
  classes: string[];
  subjects: string[];
  requirements: string[];
  selected_address_id: number | null;
  enquiry_types: string[];
}

export const enquiryKeys = {
  all: ['enquiries'] as const,
  total: () => ['enquiries', 'total'] as const,
  own: (page: number) => ['enquiries', 'own', page] as const,
  detail: (id: number) => ['enquiries', 'detail', id] as const,
  feed: (page: number, filters: FeedFilterValues | null) =>
    ['enquiries', 'feed', page, filters] as const,
  list: (kind: 'starred' | 'contacted', page: number) => ['enquiries', kind, page] as const,
  contacted: (id: number) => ['enquiries', 'check-contacted', id] as const,
  reported: (id: number) => ['enquiries', 'check-reported', id] as const,
};

const base = '/api/enquiry';

export function useTotalEnquiries(enabled = true) {
  return useQuery({
    queryKey: enquiryKeys.total(),
    queryFn: () => apiRequest<TotalEnquiries>(`${base}/enquiries/total_enquiries/`),
    enabled,
  });
}

export function useOwnEnquiries(page: number) {
  return useQuery({
    queryKey: enquiryKeys.own(page),
    queryFn: () => apiRequest<StudentEnquiryList>(`${base}/enquiries/?page=${String(page)}`),
    placeholderData: keepPreviousData,
  });
}

export function useEnquiry<T extends StudentEnquiry | TutorEnquiry>(id: number) {
  return useQuery({
    queryKey: enquiryKeys.detail(id),
    queryFn: () => apiRequest<T>(`${base}/enquiries/${String(id)}/`),
    retry: false,
  });
}

export function useCreateEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEnquiryBody) =>
      apiRequest<StudentEnquiry>(`${base}/enquiries/`, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: enquiryKeys.all }),
  });
}

export function useArchiveEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ success: boolean; message: string }>(
        `${base}/enquiries/${String(id)}/archive/`,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: enquiryKeys.all }),
  });
}

export function useFeed(page: number, filters: FeedFilterValues | null) {
  return useQuery({
    queryKey: enquiryKeys.feed(page, filters),
    queryFn: async (): Promise<{
      count: number;
      results: EnquiryCardList['results'];
      defaults: FeedWithFilters['results']['filters'] | null;
    }> => {
      if (!filters) {
        const answer = await apiRequest<FeedWithFilters>(
          `${base}/teacher/enquiry-filters/?page=${String(page)}`,
        );
        return {
          count: answer.count,
          results: answer.results.enquiries,
          defaults: answer.results.filters,
        };
      }
      const answer = await apiRequest<EnquiryCardList>(
        `${base}/teacher/enquiry-filters/?page=${String(page)}`,
        { body: { filters } },
      );
      return { count: answer.count, results: answer.results, defaults: null };
    },
    placeholderData: keepPreviousData,
  });
}

export function useTutorList(kind: 'starred' | 'contacted', page: number) {
  return useQuery({
    queryKey: enquiryKeys.list(kind, page),
    queryFn: () => apiRequest<EnquiryCardList>(`${base}/${kind}/?page=${String(page)}`),
    placeholderData: keepPreviousData,
  });
}

export function useToggleStar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<StarResult>(`${base}/${String(id)}/star/`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: enquiryKeys.all }),
  });
}

export function useCheckContacted(id: number) {
  return useQuery({
    queryKey: enquiryKeys.contacted(id),
    queryFn: () => apiRequest<CheckContacted>(`${base}/${String(id)}/check-contacted/`),
  });
}

/**
 * Contacts the poster. The answer carries the balance left, which goes straight into the one
 * coin balance the top bar and the dashboard read.
 */
export function useSendMessage(id: number) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (body: SendMessageBody) =>
      apiRequest<SendMessageResult>(`${base}/${String(id)}/send-message/`, { body }),
    onSuccess: ({ coins_spent: _spent, coins_left, ...details }) => {
      queryClient.setQueryData(enquiryKeys.contacted(id), {
        exists: true,
        contact_details: details,
      } satisfies CheckContacted);
      if (user) queryClient.setQueryData(authKeys.coins(user.user_id), { coins: coins_left });
      void queryClient.invalidateQueries({ queryKey: enquiryKeys.detail(id) });
    },
    onError: () => {
      // a refusal for want of coins means the balance shown was out of date
      if (user) void queryClient.invalidateQueries({ queryKey: authKeys.coins(user.user_id) });
    },
  });
}

export function useCheckReported(id: number) {
  return useQuery({
    queryKey: enquiryKeys.reported(id),
    queryFn: () => apiRequest<{ is_reported: boolean }>(`${base}/${String(id)}/check-reported/`),
  });
}

export function useReportEnquiry(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string; message: string }) =>
      apiRequest<{ success: boolean; message: string }>(`${base}/report/`, {
        body: { enquiry: id, ...body },
      }),
    onSuccess: () => {
      queryClient.setQueryData(enquiryKeys.reported(id), { is_reported: true });
    },
  });
}

/** The signed-in user's addresses (the same cache key the address screens use). */
export function useOwnAddresses() {
  return useQuery({
    queryKey: ['addresses', 'list'],
    queryFn: () => apiRequest<AddressList>('/api/auth/user/addresses/'),
  });
}
