import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import type { VerificationItem } from '@gurumatch/shared/schemas/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, stubListApi } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';

import { ReportsPage } from './reports-page.tsx';
import { VerificationsPage } from './verifications-page.tsx';

const ADMIN = { role: 'admin', user_id: 1, full_name: 'GuruMatch Admin', coins: 0 } as const;

function tutor(overrides: Partial<VerificationItem>): VerificationItem {
  return {
    user_id: 7,
    full_name: 'Priya Nair',
    email: 'priya@example.com',
    phone: '+919800000003',
    status: 'pending',
    is_doc_verified: false,
    reason: null,
    decided_at: null,
    id_proof: 'http://localhost/api/admin/files/proofs/7/id.pdf',
    qualification_proof: 'http://localhost/api/admin/files/proofs/7/q.pdf',
    submitted_at: '2026-06-01T06:00:00Z',
    ...overrides,
  };
}

/** Answers one list for every GET and `{message}` for every POST; records the POSTs. */
function stubAdminApi(results: unknown[]): string[] {
  return stubListApi(results, jsonResponse(200, { message: 'Done.' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VerificationsPage', () => {
  it('shows the phone number in the format used everywhere', async () => {
    stubAdminApi([tutor({})]);
    renderWithProviders(<VerificationsPage />, { session: ADMIN });
    const card = await screen.findByRole('article', { name: 'Priya Nair' });
    expect(within(card).getByText('+91 98000 00003')).toBeVisible();
  });

  it('asks before approving, and approves only once confirmed', async () => {
    const posts = stubAdminApi([tutor({})]);
    renderWithProviders(<VerificationsPage />, { session: ADMIN });
    const card = await screen.findByRole('article', { name: 'Priya Nair' });

    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(within(card).getByText(ADMIN_MESSAGES.confirmApprove('Priya Nair'))).toBeVisible();
    expect(posts).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByText(ADMIN_MESSAGES.confirmApprove('Priya Nair'))).toBeNull();
    expect(posts).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Yes, approve' }));
    await waitFor(() => {
      expect(posts).toEqual(['/api/admin/verifications/7/approve/']);
    });
  });

  it('shows Approve and Reject only on tutors still waiting, not on decided ones under All', async () => {
    stubAdminApi([
      tutor({ user_id: 7, full_name: 'Priya Nair', status: 'pending' }),
      tutor({ user_id: 8, full_name: 'Rahul Sharma', status: 'approved', is_doc_verified: true }),
      tutor({ user_id: 9, full_name: 'Kiran Rao', status: 'rejected', reason: 'Blurred' }),
    ]);
    renderWithProviders(<VerificationsPage />, { session: ADMIN });
    const waiting = await screen.findByRole('article', { name: 'Priya Nair' });
    expect(within(waiting).getByRole('button', { name: 'Approve' })).toBeVisible();
    expect(within(waiting).getByRole('button', { name: 'Reject' })).toBeVisible();
    for (const name of ['Rahul Sharma', 'Kiran Rao']) {
      const decided = screen.getByRole('article', { name });
      expect(within(decided).queryByRole('button', { name: 'Approve' })).toBeNull();
      expect(within(decided).queryByRole('button', { name: 'Reject' })).toBeNull();
      expect(within(decided).getByRole('button', { name: 'View ID proof' })).toBeVisible();
    }
  });

  it('asks for the rejection reason in a box several lines tall', async () => {
    const posts = stubAdminApi([tutor({})]);
    renderWithProviders(<VerificationsPage />, { session: ADMIN });
    const card = await screen.findByRole('article', { name: 'Priya Nair' });
    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    const reason = within(card).getByRole('textbox', { name: 'Why are the documents rejected?' });
    expect(reason.tagName).toBe('TEXTAREA');
    expect(reason).toHaveAttribute('rows', '3');
    const user = userEvent.setup();
    await user.type(reason, 'The ID proof is blurred.');
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    await waitFor(() => {
      expect(posts).toEqual(['/api/admin/verifications/7/reject/']);
    });
  });
});

describe('ReportsPage', () => {
  it('asks before dismissing a report', async () => {
    const posts = stubAdminApi([
      {
        id: 3,
        status: 'open',
        reason: 'Fake enquiry',
        message: '',
        created_at: '2026-06-01T06:00:00Z',
        enquiry: {
          id: 5,
          name: 'Maths tuition',
          subject: 'Mathematics',
          class_level: 'Class 10',
          formatted_address: 'Jayanagar, Bengaluru',
          user_budget: 400,
          contacts: 1,
          reports: 1,
          archived: false,
        },
        poster: {
          id: 2,
          full_name: 'Asha',
          email: 'a@example.com',
          is_active: true,
          warning_count: 0,
        },
        reporter: { id: 4, full_name: 'Ravi', email: 'r@example.com' },
        conversation: [],
      },
    ]);
    renderWithProviders(<ReportsPage />, { session: ADMIN });
    const card = await screen.findByRole('article', { name: 'Report 3' });
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    expect(within(card).getByText(ADMIN_MESSAGES.confirmDismiss)).toBeVisible();
    expect(posts).toEqual([]);
    fireEvent.click(within(card).getByRole('button', { name: 'Yes, dismiss' }));
    await waitFor(() => {
      expect(posts).toEqual(['/api/admin/reports/3/dismiss/']);
    });
  });
});
