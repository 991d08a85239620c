import type { Profile } from '@gurumatch/shared/schemas/profile';
import { vi } from 'vitest';

/** One request the screen made, with its JSON or multipart body. */
export interface RecordedCall {
  method: string;
  path: string;
  json: unknown;
  form: FormData | null;
}

export type Answer = (call: RecordedCall) => Response;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Stubs fetch for one test: `METHOD path` answers from the table (a list answers in
 * turn, the last one repeating); anything else is a 404. Returns the calls in order.
 */
export function stubApi(table: Record<string, Answer | Answer[]>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const served = new Map<string, number>();
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const call: RecordedCall = {
        method,
        path,
        json: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
        form: init.body instanceof FormData ? init.body : null,
      };
      calls.push(call);
      const key = `${method} ${path}`;
      const entry = table[key];
      if (!entry) return Promise.resolve(json(404, { detail: 'Not found.' }));
      const list = Array.isArray(entry) ? entry : [entry];
      const index = served.get(key) ?? 0;
      served.set(key, index + 1);
      const answer = list[Math.min(index, list.length - 1)];
      return Promise.resolve(answer ? answer(call) : json(404, { detail: 'Not found.' }));
    }),
  );
  return calls;
}

/** `METHOD path` of each call, for checking the order of requests. */
export function listCalls(calls: readonly RecordedCall[]): string[] {
  return calls.map((call) => `${call.method} ${call.path}`);
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    user_id: 7,
    role: 'teacher',
    full_name: 'Asha Rao',
    email: 'asha@example.com',
    is_email_verified: true,
    phone_number: '9876543210',
    full_phone: '+919876543210',
    is_phone_verified: true,
    avatar: null,
    bio: '',
    gender: null,
    requirement: null,
    interested_classes: [],
    custom_class: '',
    subjects: [],
    boards: [],
    languages_known: [],
    id_proof: null,
    qualification_proof: null,
    is_doc_verified: false,
    rating: 0,
    review_count: 0,
    is_active: true,
    is_profile_complete: false,
    created_at: '2025-08-10T09:00:00Z',
    last_updated: '2025-08-10T09:00:00Z',
    ...overrides,
  };
}

/** A file of the given type; `size` fakes a large file without allocating it. */
export function makeFile(name: string, type: string, size?: number): File {
  const file = new File(['file-bytes'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}
