import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import type { AdminFailedJob } from '@gurumatch/shared/schemas/admin';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render.tsx';

import { FailedJobsPage } from './failed-jobs-page.tsx';

const ADMIN = { role: 'admin', user_id: 1, full_name: 'GuruMatch Admin', coins: 0 } as const;

const JOB: AdminFailedJob = {
  id: '0b6c1a52-7f7e-4c35-9d0a-3f0b8d9c2e11',
  kind: 'notice.response-email',
  summary: 'E-mail meera@example.in that Rahul Sharma responded to "Maths for Class 10"',
  error: 'SMTP: connection refused',
  tries: 11,
  created_at: '2026-06-01T06:00:00Z',
  failed_at: '2026-06-01T10:00:00Z',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The failed jobs list for GETs; the retry's answer for POSTs, which are recorded. */
function stubJobsApi(results: AdminFailedJob[], retryAnswer: Response = json(200, {})): string[] {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'POST') {
        posts.push(path);
        return Promise.resolve(retryAnswer.clone());
      }
      return Promise.resolve(json(200, { count: results.length, results }));
    }),
  );
  return posts;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FailedJobsPage', () => {
  it('shows what each failed job was for, its error and tries', async () => {
    stubJobsApi([JOB]);
    renderWithProviders(<FailedJobsPage />, { session: ADMIN });
    const card = await screen.findByRole('article', { name: JOB.summary });
    expect(within(card).getByText('SMTP: connection refused')).toBeVisible();
    expect(within(card).getByText('notice.response-email')).toBeVisible();
    expect(within(card).getByText('11')).toBeVisible();
  });

  it('retries a job with its button and says so', async () => {
    const posts = stubJobsApi(
      [JOB],
      json(200, { success: true, message: ADMIN_MESSAGES.jobRetried }),
    );
    renderWithProviders(<FailedJobsPage />, { session: ADMIN });
    const card = await screen.findByRole('article', { name: JOB.summary });
    await userEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(ADMIN_MESSAGES.jobRetried)).toBeVisible();
    expect(posts).toEqual([`/api/admin/jobs/${JOB.id}/retry/`]);
  });

  it("shows the server's words when the job is no longer failed", async () => {
    stubJobsApi([JOB], json(404, { detail: ADMIN_MESSAGES.jobNotFound, code: 'not_found' }));
    renderWithProviders(<FailedJobsPage />, { session: ADMIN });
    const card = await screen.findByRole('article', { name: JOB.summary });
    await userEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(ADMIN_MESSAGES.jobNotFound)).toBeVisible();
  });

  it('says when nothing failed', async () => {
    stubJobsApi([]);
    renderWithProviders(<FailedJobsPage />, { session: ADMIN });
    expect(await screen.findByText(ADMIN_MESSAGES.noFailedJobs)).toBeVisible();
  });
});
