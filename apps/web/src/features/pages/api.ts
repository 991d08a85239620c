import type { ContactRequestBody, ContactRequestCreated } from '@gurumatch/shared/schemas/contact';
import type { SiteDocument } from '@gurumatch/shared/schemas/content';
import type { Health } from '@gurumatch/shared/schemas/health';

import { apiRequest } from '../../lib/api.ts';

/**
 * `POST /api/base/contact-requests/`. Called as it is, without the query
 * library: `/contact-us` is a public page that loads nothing it does not use.
 */
export function createContactRequest(body: ContactRequestBody): Promise<ContactRequestCreated> {
  return apiRequest<ContactRequestCreated>('/api/base/contact-requests/', { body, auth: false });
}

/** `GET /api/health` */
export function fetchHealth(signal?: AbortSignal): Promise<Health> {
  return apiRequest<Health>('/api/health', { auth: false, signal });
}

/** `GET /api/blog/documents/{slug}/`: an area's guide is the document stored under its slug. */
export function fetchAreaDocument(slug: string, signal?: AbortSignal): Promise<SiteDocument> {
  return apiRequest<SiteDocument>(`/api/blog/documents/${encodeURIComponent(slug)}/`, {
    auth: false,
    signal,
  });
}
