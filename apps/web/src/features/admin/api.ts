import { CONTENT_IMAGE_MAX_BYTES } from '@gurumatch/shared/constants';
import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import type { AdminUploadResult } from '@gurumatch/shared/schemas/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest, type RequestOptions } from '../../lib/api.ts';
import { getSession } from '../../lib/auth-session.ts';

/** A paged answer of `/api/admin/...`. */
export interface Paged<Item> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
}

export const adminKeys = {
  all: ['admin'] as const,
  list: (resource: string, params: string) => ['admin', resource, params] as const,
};

/** How often a list showing work still under way (a refund being sent) is asked again. */
const REFRESH_WHILE_BUSY_MS = 2000;

/**
 * `GET /api/admin/<resource>/?<params>`: one page of a list. With
 * `refreshWhile`, the page is asked again every 2 s while it says true of the
 * items (work the server finishes after its answer).
 */
export function useAdminList<Item>(
  resource: string,
  params: URLSearchParams,
  refreshWhile?: (items: Item[]) => boolean,
) {
  const query = params.toString();
  return useQuery({
    queryKey: adminKeys.list(resource, query),
    queryFn: ({ signal }) =>
      apiRequest<Paged<Item>>(`/api/admin/${resource}/${query ? `?${query}` : ''}`, { signal }),
    placeholderData: (previous) => previous,
    refetchInterval: (current) =>
      refreshWhile?.(current.state.data?.results ?? []) ? REFRESH_WHILE_BUSY_MS : false,
  });
}

interface AdminCall {
  path: string;
  method?: RequestOptions['method'];
  body?: unknown;
}

/** Any admin action; every admin list is refreshed once it settles. */
export function useAdminAction<Result = unknown>() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, method = 'POST', body }: AdminCall) =>
      apiRequest<Result>(`/api/admin/${path}`, { method, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** The image types the upload accepts (the server checks the bytes again). */
export const CONTENT_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * `POST /api/admin/uploads/`: a public image for blogs and FAQs. Answers its
 * root-relative path (what content stores). A file of the wrong type or over
 * the limit is refused here with the server's own words, before any upload.
 */
export async function uploadContentImage(file: File): Promise<AdminUploadResult> {
  if (!CONTENT_IMAGE_ACCEPT.split(',').includes(file.type)) {
    throw new Error(ADMIN_MESSAGES.imageWrongType);
  }
  if (file.size > CONTENT_IMAGE_MAX_BYTES) throw new Error(ADMIN_MESSAGES.imageTooLarge);
  const form = new FormData();
  form.append('image', file);
  return apiRequest<AdminUploadResult>('/api/admin/uploads/', { method: 'POST', form });
}

/** Opens a private file (a tutor's proof, a contact request's image) in a new tab. */
export async function openPrivateFile(url: string): Promise<void> {
  const token = getSession()?.tokens.access;
  const opened = window.open('', '_blank');
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    opened?.close();
    throw new Error('The file could not be opened.');
  }
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  if (opened) opened.location.href = objectUrl;
  else window.location.href = objectUrl;
}

export function formatRupees(paise: number): string {
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
}

export function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}
