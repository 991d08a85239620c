import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import type { AdminFailedJob } from '@gurumatch/shared/schemas/admin';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, stubListApi } from '../../../testing/fetch-stub.ts';
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

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FailedJobsPage', () => {
  it('shows what each failed job was for, its error and tries', async () => {
    stubListApi([JOB]);
    renderWithProviders(<FailedJobsPage />, { session: ADMIN });
    const card = await screen.findByRole('article', { name: JOB.summary });
    expect(within(card).getByText('SMTP: connection refused')).toBeVisible();
    expect(within(card).getByText('notice.response-email')).toBeVisible();
    expect(within(card).getByText('11')).toBeVisible();
  });

  it('retries a job with its button and says so', async () => {
    const posts = stubListApi(
      [JOB],
      jsonResponse(200, { success: true, message: ADMIN_MESSAGES.jobRetried }),
    );
    renderWithProviders(<FailedJobsPage />, { session: ADMIN });
    const card = await screen.findByRole('article', { name: JOB.summary });
    await userEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(ADMIN_MESSAGES.jobRetried)).toBeVisible();
    expect(posts).toEqual([`/api/admin/jobs/${JOB.id}/retry/`]);
  });

  it("shows the server's words when the job is no longer failed", async () => {
    stubListApi(
      [JOB],
      jsonResponse(404, { detail: ADMIN_MESSAGES.jobNotFound, code: 'not_found' }),
    );
    renderWithProviders(<FailedJobsPage />, { session: ADMIN });
    const card = await screen.findByRole('article', { name: JOB.summary });
    await userEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(ADMIN_MESSAGES.jobNotFound)).toBeVisible();
  });

  it('says when nothing failed', async () => {
    stubListApi([]);
    renderWithProviders(<FailedJobsPage />, { session: ADMIN });
    expect(await screen.findByText(ADMIN_MESSAGES.noFailedJobs)).toBeVisible();
  });
});
