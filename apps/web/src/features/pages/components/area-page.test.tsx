import type { AreaGuide, SiteDocument } from '@gurumatch/shared/schemas/content';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render.tsx';
import { pageRoutes } from '../routes.tsx';

import { formatRupees } from './area-page.tsx';

interface JsonLdNode {
  '@type': string;
  mainEntity?: { name: string; acceptedAnswer: { text: string } }[];
  areaServed?: { name: string; address: { postalCode: string } };
  offers?: { lowPrice: number; highPrice: number; priceCurrency: string };
}

function readJsonLd(): JsonLdNode[] {
  const script = document.querySelector('script[type="application/ld+json"]');
  expect(script).not.toBeNull();
  return JSON.parse(script!.textContent) as JsonLdNode[];
}

/** Two areas' guides as the API answers them (the stored documents' parts). */
const GUIDES: Record<string, AreaGuide> = {
  'koramangala-bangalore': {
    intro:
      'Koramangala is an education hub: St. John’s Medical College, Jyoti Nivas College and Christ University are close by.',
    travel: 'Tutors reach Koramangala quickly from HSR Layout and BTM Layout.',
    faqs: [
      {
        question: 'Are NEET Biology and Chemistry tutors available in Koramangala?',
        answer: 'Yes.',
      },
    ],
    landmarks: ['St. John’s Medical College', 'Jyoti Nivas College'],
    popular_subjects: ['Mathematics', 'Physics'],
    popular_boards: ['CBSE', 'ICSE'],
    nearby_areas: ['hsr-layout-bangalore'],
    nearby_localities: ['Ejipura'],
  },
  'hebbal-bangalore': {
    intro: 'Hebbal sits by the lake and Manyata Tech Park.',
    travel: 'Tutors come from RT Nagar and Yelahanka.',
    faqs: [
      { question: 'Can I find KCET or NEET tutors in Hebbal?', answer: 'Yes.' },
      { question: 'Do Hebbal tutors come to Sahakar Nagar?', answer: 'Yes.' },
      { question: 'Are evening tutors available?', answer: 'Yes.' },
    ],
    landmarks: ['Hebbal Lake'],
    popular_subjects: ['Mathematics'],
    popular_boards: ['CBSE'],
    nearby_areas: ['rt-nagar-bangalore'],
    nearby_localities: ['Kempapura'],
  },
};

function documentOf(slug: string, guide: AreaGuide): SiteDocument {
  return {
    slug,
    kind: 'area_guide',
    title: slug,
    description: '',
    content: '',
    updated_at: '2025-08-09T18:30:00.000Z',
    guide,
  };
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const slug = /\/api\/blog\/documents\/([^/]+)\//.exec(raw)?.[1] ?? '';
      const guide = GUIDES[slug];
      return Promise.resolve(
        guide
          ? new Response(JSON.stringify(documentOf(slug, guide)), {
              headers: { 'Content-Type': 'application/json' },
            })
          : new Response(JSON.stringify({ detail: 'Not found.', code: 'not_found' }), {
              status: 404,
              headers: { 'Content-Type': 'application/json' },
            }),
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/home-tutors-in/{place}', () => {
  it('shows the area page with its own text, boards, fee table, steps, FAQs and buttons', async () => {
    renderWithProviders(pageRoutes, { initialEntries: ['/home-tutors-in/koramangala-bangalore'] });

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Home Tutors in Koramangala, Bangalore',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/St\. John’s Medical College, Jyoti Nivas College/),
    ).toBeInTheDocument();
    expect(screen.getByText(/500\+ areas/)).toBeInTheDocument();

    const boards = screen.getByRole('region', { name: 'Boards and exams we cover' });
    for (const board of [
      'CBSE',
      'ICSE',
      'IGCSE',
      'IB',
      'NIOS',
      'Karnataka State Board PUC',
      'Engineering',
    ]) {
      expect(within(boards).getByText(board)).toBeInTheDocument();
    }

    const fees = screen.getByRole('table');
    const rows = within(fees).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Nursery to Class 5Rs 2,500 – Rs 3,500',
      'Classes 6-8Rs 3,500 – Rs 4,500',
      'Classes 9-10Rs 4,500 – Rs 6,000',
      'Classes 11-12Rs 6,000 – Rs 7,500',
      'IIT-JEE/NEETRs 7,000 – Rs 10,000',
    ]);

    const steps = screen.getByRole('region', { name: 'How it works' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);

    expect(
      screen.getByText('Are NEET Biology and Chemistry tutors available in Koramangala?'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home tutors in HSR Layout' })).toHaveAttribute(
      'href',
      '/home-tutors-in/hsr-layout-bangalore',
    );
    for (const link of screen.getAllByRole('link', { name: 'Find a Tutor' })) {
      expect(link).toHaveAttribute('href', '/student-register');
    }
    for (const link of screen.getAllByRole('link', { name: 'Become a Tutor' })) {
      expect(link).toHaveAttribute('href', '/teacher-register');
    }
    expect(screen.getByRole('link', { name: 'support@gurumatch.in' })).toBeInTheDocument();
    expect(document.title).toBe('Home Tutors in Koramangala, Bangalore | GuruMatch');
  });

  it('carries FAQPage and Service structured data for the area', async () => {
    renderWithProviders(pageRoutes, { initialEntries: ['/home-tutors-in/hebbal-bangalore'] });
    await screen.findByRole('heading', { level: 1, name: 'Home Tutors in Hebbal, Bangalore' });

    const [faqPage, service] = readJsonLd();
    expect(faqPage?.['@type']).toBe('FAQPage');
    expect(faqPage?.mainEntity).toHaveLength(5);
    expect(faqPage?.mainEntity?.[0]?.name).toBe('Can I find KCET or NEET tutors in Hebbal?');
    expect(service?.['@type']).toBe('Service');
    expect(service?.areaServed?.name).toBe('Hebbal, Bengaluru');
    expect(service?.areaServed?.address.postalCode).toBe('560024');
    expect(service?.offers).toMatchObject({
      priceCurrency: 'INR',
      lowPrice: 2500,
      highPrice: 10000,
    });
  });

  it("shows 'Location Not Found' with a link home for any other place", async () => {
    renderWithProviders(pageRoutes, { initialEntries: ['/home-tutors-in/mysore'] });

    expect(await screen.findByRole('heading', { name: 'Location Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
  });
});

describe('area pages', () => {
  it('groups rupees the Indian way', () => {
    expect(formatRupees(2500)).toBe('2,500');
    expect(formatRupees(250000)).toBe('2,50,000');
    expect(formatRupees(950)).toBe('950');
  });
});
