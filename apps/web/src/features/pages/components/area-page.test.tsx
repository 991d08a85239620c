import { AREAS } from '@gurumatch/shared/catalogues/areas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render.tsx';
import { hasAreaGuide, loadAreaGuide } from '../area-guides.ts';
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

describe('area guides', () => {
  it('has a guide for each of the 17 areas, each in its own words', async () => {
    expect(AREAS).toHaveLength(17);
    const intros = new Set<string>();
    const questions = new Set<string>();
    for (const area of AREAS) {
      expect(hasAreaGuide(area.slug)).toBe(true);
      const guide = await loadAreaGuide(area.slug);
      expect(guide.intro).toContain(area.name);
      expect(guide.intro.split(/(?<=\.)\s/).length).toBeGreaterThanOrEqual(2);
      expect(guide.faqs).toHaveLength(3);
      intros.add(guide.intro.replaceAll(area.name, ''));
      for (const faq of guide.faqs) questions.add(faq.question.replaceAll(area.name, 'X'));
      for (const nearby of guide.nearbyAreas) expect(nearby).not.toBe(area.slug);
    }
    expect(intros.size).toBe(17);
    expect(questions.size).toBe(17 * 3);
  });

  it('groups rupees the Indian way', () => {
    expect(formatRupees(2500)).toBe('2,500');
    expect(formatRupees(250000)).toBe('2,50,000');
    expect(formatRupees(950)).toBe('950');
  });
});
