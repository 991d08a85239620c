import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import type { AdminUploadResult } from '@gurumatch/shared/schemas/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';

import { ContentPage } from './content-page.tsx';

const UPLOADED: AdminUploadResult = {
  path: '/media/content/0123456789abcdef0123456789abcdef.png',
  url: 'http://localhost:3000/media/content/0123456789abcdef0123456789abcdef.png',
  content_type: 'image/png',
  bytes: 1234,
};

interface Call {
  method: string;
  path: string;
  body: RequestInit['body'];
}

/** Answers the blog list (empty), the upload and the save; records every call. */
function stubAdminApi(upload: () => Response = () => jsonResponse(201, UPLOADED)): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: init.body });
      if (method === 'GET' && path.startsWith('/api/admin/blogs/')) {
        return Promise.resolve(
          jsonResponse(200, { count: 0, next: null, previous: null, results: [] }),
        );
      }
      if (method === 'POST' && path === '/api/admin/uploads/') return Promise.resolve(upload());
      if (method === 'POST' && path === '/api/admin/blogs/') {
        const sent = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as {
          title: string;
          content: string;
        };
        return Promise.resolve(
          jsonResponse(201, {
            id: 1,
            slug: 'with-a-picture',
            title: sent.title,
            content: sent.content,
            excerpt: '',
            featured_image: null,
            tags: [],
            published: false,
            created_at: '2026-06-01T06:00:00Z',
            updated_at: '2026-06-01T06:00:00Z',
          }),
        );
      }
      return Promise.resolve(jsonResponse(404, { detail: 'Not found.', code: 'not_found' }));
    }),
  );
  return calls;
}

function png(name = 'diagram.png', type = 'image/png'): File {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, {
    type,
  });
}

async function openNewBlogPost() {
  const view = renderWithProviders(<ContentPage />, { session: { role: 'admin' } });
  await view.user.click(await screen.findByRole('button', { name: 'New blog post' }));
  // the rich-text editor is its own chunk, fetched when an editor opens
  await screen.findByRole('textbox', { name: 'Text' }, { timeout: 15_000 });
  return view;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// jsdom lays nothing out; the editor (ProseMirror) measures the caret to scroll it into view
beforeAll(() => {
  Range.prototype.getClientRects = () => document.createElement('div').getClientRects();
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});

describe('the content editor', { timeout: 30_000 }, () => {
  it('uploads an image and inserts it into the text, which is then saved with it', async () => {
    const calls = stubAdminApi();
    const { user } = await openNewBlogPost();
    const editor = screen.getByRole('textbox', { name: 'Text' });

    await user.upload(screen.getByLabelText('Upload an image into the text'), png());

    await waitFor(() => {
      expect(within(editor).getByRole('img', { name: 'diagram' })).toHaveAttribute(
        'src',
        UPLOADED.path,
      );
    });
    const sent = calls.find((call) => call.path === '/api/admin/uploads/');
    expect(sent?.body).toBeInstanceOf(FormData);
    expect((sent?.body as FormData).get('image')).toBeInstanceOf(File);
    expect(await screen.findByText(ADMIN_MESSAGES.imageUploaded)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Title'), 'With a picture');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => {
      expect(
        calls.some((call) => call.method === 'POST' && call.path === '/api/admin/blogs/'),
      ).toBe(true);
    });
    const saved = calls.find((call) => call.method === 'POST' && call.path === '/api/admin/blogs/');
    const body = JSON.parse(typeof saved?.body === 'string' ? saved.body : '{}') as {
      content: string;
    };
    expect(body.content).toContain(`<img src="${UPLOADED.path}" alt="diagram">`);
  });

  it('keeps paragraphs typed with Enter, in Preview and in what is saved', async () => {
    const calls = stubAdminApi();
    const { user } = await openNewBlogPost();
    await user.type(screen.getByLabelText('Title'), 'Revision');
    await user.click(screen.getByRole('textbox', { name: 'Text' }));
    await user.keyboard('Start early for exams.{Enter}Revise every weekend.');

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('heading', { name: 'Revision' }).closest('article');
    const paragraphs = [...(preview?.querySelectorAll('p') ?? [])].map((p) => p.textContent);
    expect(paragraphs).toEqual(['Start early for exams.', 'Revise every weekend.']);

    await user.click(screen.getByRole('button', { name: 'Back to editing' }));
    expect(await screen.findByText('Revise every weekend.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => {
      expect(
        calls.some((call) => call.method === 'POST' && call.path === '/api/admin/blogs/'),
      ).toBe(true);
    });
    const saved = calls.find((call) => call.method === 'POST' && call.path === '/api/admin/blogs/');
    const body = JSON.parse(typeof saved?.body === 'string' ? saved.body : '{}') as {
      content: string;
    };
    expect(body.content).toBe('<p>Start early for exams.</p><p>Revise every weekend.</p>');
  });

  it('sets the featured image from an upload and shows it', async () => {
    stubAdminApi();
    const { user } = await openNewBlogPost();
    const picker = screen.getByLabelText('Upload featured image');
    await user.upload(picker, png('cover.png'));
    await waitFor(() => {
      expect(screen.getByLabelText('Featured image address')).toHaveValue(UPLOADED.path);
    });
    expect(screen.getByRole('img', { name: 'Featured image preview' })).toHaveAttribute(
      'src',
      UPLOADED.path,
    );
  });

  it('inserts nothing when the server refuses the file, and says why', async () => {
    stubAdminApi(() =>
      jsonResponse(400, { detail: ADMIN_MESSAGES.imageWrongType, code: 'unsupported_file' }),
    );
    const { user } = await openNewBlogPost();
    const editor = screen.getByRole('textbox', { name: 'Text' });
    await user.upload(screen.getByLabelText('Upload an image into the text'), png('fake.png'));
    expect(await screen.findByText(ADMIN_MESSAGES.imageWrongType)).toBeInTheDocument();
    expect(within(editor).queryByRole('img')).toBeNull();
  });

  it('refuses a file of another type before uploading it', async () => {
    const calls = stubAdminApi();
    await openNewBlogPost();
    const picker = screen.getByLabelText('Upload an image into the text');
    // the picker's accept list is only a hint: a file chosen anyway is checked here too
    fireEvent.change(picker, { target: { files: [png('notes.gif', 'image/gif')] } });
    expect(await screen.findByText(ADMIN_MESSAGES.imageWrongType)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/admin/uploads/')).toBe(false);
  });
});
