import type { AdminDocument } from '@gurumatch/shared/schemas/admin';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';

import { ContentPage } from './content-page.tsx';

const REFUND_POLICY: AdminDocument = {
  id: 3,
  slug: 'cancellation-and-refund-policy',
  kind: 'policy',
  title: 'Cancellation and Refund Policy',
  description: 'Refunds on GuruMatch.',
  content: '<p>Intro</p><h2>Coin plans</h2><table><tbody><tr><td>90 days</td></tr></tbody></table>',
  updated_at: '2025-08-09T18:30:00.000Z',
  guide: null,
  edited: false,
};

/** Answers the document list and the save (`save` decides its answer); records the saves. */
function stubDocumentsApi(save: (body: Record<string, string>) => Response) {
  const saves: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method === 'GET' && path.startsWith('/api/admin/documents/'))
        return Promise.resolve(
          jsonResponse(200, { count: 1, next: null, previous: null, results: [REFUND_POLICY] }),
        );
      if (method === 'PATCH' && path === '/api/admin/documents/3/') {
        const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as Record<
          string,
          string
        >;
        saves.push(body);
        return Promise.resolve(save(body));
      }
      return Promise.resolve(
        jsonResponse(200, { count: 0, next: null, previous: null, results: [] }),
      );
    }),
  );
  return saves;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the policies and area guides in the back office', { timeout: 30_000 }, () => {
  it('lists them, opens a text with a table as HTML, and saves the edit', async () => {
    const saves = stubDocumentsApi((body) =>
      jsonResponse(200, {
        ...REFUND_POLICY,
        ...body,
        edited: true,
        updated_at: '2026-01-05T10:00:00Z',
      }),
    );
    const { user } = renderWithProviders(<ContentPage />, { session: { role: 'admin' } });
    await user.click(screen.getByRole('radio', { name: 'Pages' }));
    const row = await screen.findByRole('article', { name: 'Cancellation and Refund Policy' });
    expect(within(row).getByText(/as written in the repository/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));

    const html = screen.getByRole('textbox', { name: 'Text (HTML)' });
    expect(html).toHaveValue(REFUND_POLICY.content);
    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Refund Policy');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Saved. The page shows it now, dated today.'),
    ).toBeInTheDocument();
    expect(saves).toEqual([
      {
        title: 'Refund Policy',
        description: REFUND_POLICY.description,
        content: REFUND_POLICY.content,
      },
    ]);
  });

  it("shows the server's reason when an edit is refused", async () => {
    stubDocumentsApi(() =>
      jsonResponse(400, {
        detail: 'An area guide needs an introduction.',
        code: 'validation_error',
        errors: { content: ['An area guide needs an introduction.'] },
      }),
    );
    const { user } = renderWithProviders(<ContentPage />, { session: { role: 'admin' } });
    await user.click(screen.getByRole('radio', { name: 'Pages' }));
    const row = await screen.findByRole('article', { name: 'Cancellation and Refund Policy' });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // beside the text box, and in the notice
    expect(await screen.findAllByText('An area guide needs an introduction.')).toHaveLength(2);
  });
});
