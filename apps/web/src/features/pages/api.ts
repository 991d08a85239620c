import type { ContactRequestBody, ContactRequestCreated } from '@gurumatch/shared/schemas/contact';
import type { Health } from '@gurumatch/shared/schemas/health';
import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api.ts';

/** `POST /api/base/contact-requests/` */
export function createContactRequest(body: ContactRequestBody): Promise<ContactRequestCreated> {
  return apiRequest<ContactRequestCreated>('/api/base/contact-requests/', { body, auth: false });
}

export function useCreateContactRequest() {
  return useMutation({ mutationFn: createContactRequest });
}

/** `GET /api/health` */
export function fetchHealth(signal?: AbortSignal): Promise<Health> {
  return apiRequest<Health>('/api/health', { auth: false, signal });
}
