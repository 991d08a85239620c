/** Stand-ins for the server in screen tests that stub `fetch` directly. */
import { vi } from 'vitest';

/** A JSON answer with a status, as the API sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Answers one page of `results` for every GET and `postAnswer` for every POST;
 * returns the paths of the POSTs as they are made.
 */
export function stubListApi(
  results: readonly unknown[],
  postAnswer: Response = jsonResponse(200, {}),
): string[] {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'POST') {
        posts.push(path);
        return Promise.resolve(postAnswer.clone());
      }
      return Promise.resolve(
        jsonResponse(200, { count: results.length, next: null, previous: null, results }),
      );
    }),
  );
  return posts;
}
