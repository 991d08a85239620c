import type {
  ChatMessageList,
  ConversationDetail,
  ConversationList,
} from '@gurumatch/shared/schemas/chat';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api.ts';

export const chatKeys = {
  all: ['chat'] as const,
  conversations: (page: number) => ['chat', 'conversations', page] as const,
  detail: (id: number) => ['chat', 'detail', id] as const,
  reported: (enquiryId: number) => ['chat', 'reported', enquiryId] as const,
};

export function listConversations(page: number): Promise<ConversationList> {
  return apiRequest<ConversationList>(
    `/api/chat/conversations/${page > 1 ? `?page=${String(page)}` : ''}`,
  );
}

export function fetchConversation(id: number): Promise<ConversationDetail> {
  return apiRequest<ConversationDetail>(`/api/chat/conversations/${String(id)}/detail/`);
}

/** The newest page of messages, or (with `after`) every message stored after that id. */
export function fetchMessages(id: number, after?: number): Promise<ChatMessageList> {
  const query = after ? `?after=${String(after)}&page_size=50` : '';
  return apiRequest<ChatMessageList>(`/api/chat/conversations/${String(id)}/messages/${query}`);
}

export function useConversations(page: number) {
  return useQuery({
    queryKey: chatKeys.conversations(page),
    queryFn: () => listConversations(page),
  });
}

export function useConversation(id: number) {
  return useQuery({ queryKey: chatKeys.detail(id), queryFn: () => fetchConversation(id) });
}

export interface ReportBody {
  enquiry: number;
  reason: string;
  message: string;
}

export function useIsReported(enquiryId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.reported(enquiryId ?? 0),
    queryFn: () =>
      apiRequest<{ is_reported: boolean }>(`/api/enquiry/${String(enquiryId)}/check-reported/`),
    enabled: enabled && enquiryId !== null,
    retry: false,
  });
}

export function useReportEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportBody) => apiRequest<unknown>('/api/enquiry/report/', { body }),
    onSuccess: (_data, body) => {
      queryClient.setQueryData(chatKeys.reported(body.enquiry), { is_reported: true });
    },
  });
}
