import type { EnquiryCard, FeedWithFilters } from '@gurumatch/shared/schemas/enquiries';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { receiveLeadAlert, resetLeadAlerts } from '../../../lib/lead-alerts.ts';
import { renderWithProviders, type TestSession } from '../../../testing/render.tsx';

import { FeedPage } from './feed-page.tsx';

const TUTOR: TestSession = { role: 'teacher', user_id: 7, full_name: 'Asha Rao' };

function makeCard(overrides: Partial<EnquiryCard>): EnquiryCard {
  return {
    id: 1,
    name: 'Ravi',
    class_level: 'Class 10',
    subject: 'Mathematics',
    study_mode: 'offline',
    coins_required: 15,
    coins_reduced: 0,
    days_left: 20,
    responded_count: 0,
    total_responses: 5,
    time_ago: '2 hours ago',
    viewed: false,
    is_starred: false,
    female_tutor_preferred: false,
    distance_km: 2.5,
    address: { city: 'Bengaluru', state: 'Karnataka' },
    user: { profile_avatar: null },
    image: null,
    ...overrides,
  };
}

function stubFeed(cards: EnquiryCard[]) {
  const answer: FeedWithFilters = {
    count: cards.length,
    next: null,
    previous: null,
    results: {
      filters: { classes: [], subjects: [], requirements: [], addresses: [] },
      enquiries: cards,
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) =>
      Promise.resolve(
        path === '/api/enquiry/teacher/enquiry-filters/?page=1'
          ? new Response(JSON.stringify(answer), {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            })
          : new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 }),
      ),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetLeadAlerts();
});

function alertOf(id: number, area: string, distanceKm: number | null) {
  return {
    id,
    name: `Enquiry ${String(id)}`,
    subject: 'Mathematics',
    class_level: 'Class 10',
    study_mode: 'offline' as const,
    area,
    city: 'Bengaluru',
    distance_km: distanceKm,
    coins_required: 15,
    posted_at: '2026-11-25T10:00:00.000Z',
  };
}

describe('FeedPage', () => {
  it('marks the cards whose poster prefers a female tutor', async () => {
    stubFeed([
      makeCard({ id: 1, name: 'Meera', female_tutor_preferred: true }),
      makeCard({ id: 2, name: 'Arjun' }),
    ]);
    renderWithProviders(<FeedPage />, { initialEntries: ['/enquiry'], session: TUTOR });

    const cardOf = async (name: string): Promise<HTMLElement> => {
      const card = (await screen.findByText(new RegExp(`^${name} · `))).closest('li');
      if (!card) throw new Error(`no card for ${name}`);
      return card;
    };
    expect(within(await cardOf('Meera')).getByText('Female tutor preferred')).toBeVisible();
    expect(within(await cardOf('Arjun')).queryByText('Female tutor preferred')).toBeNull();
  });

  it('closes the filters with the × button and gives focus back to the Filters button', async () => {
    stubFeed([makeCard({})]);
    const { user } = renderWithProviders(<FeedPage />, {
      initialEntries: ['/enquiry'],
      session: TUTOR,
    });

    const open = await screen.findByRole('button', { name: 'Filters' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    const close = within(dialog).getByRole('button', { name: 'Close filters' });
    expect(close).toHaveFocus();
    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('announces a new enquiry, counts it, and inserts it at the top only on tap', async () => {
    stubFeed([makeCard({ id: 1, name: 'Arjun' })]);
    const { user } = renderWithProviders(<FeedPage />, {
      initialEntries: ['/enquiry'],
      session: TUTOR,
    });
    await screen.findByText(/^Arjun · /);
    act(() => {
      receiveLeadAlert(alertOf(41, 'HSR Layout', 2));
      receiveLeadAlert(alertOf(42, 'Koramangala', 3));
      // heard twice (a reconnection): counted once
      receiveLeadAlert(alertOf(42, 'Koramangala', 3));
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'New enquiry near you: Mathematics, Class 10, Koramangala · 3 km',
    );
    // nothing is inserted under the finger: the cards stay as they were until the tap
    expect(screen.queryByRole('list', { name: 'New enquiries' })).toBeNull();
    const show = screen.getByRole('button', { name: /Show 2 new enquiries/ });
    await user.click(show);
    const fresh = screen.getByRole('list', { name: 'New enquiries' });
    const items = within(fresh).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Enquiry 42',
      'Enquiry 41',
    ]);
    expect(within(items[1] ?? fresh).getByText(/HSR Layout · 2 km/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Show .* new/ })).toBeNull();
  });
});
