/**
 * The policies and area guides kept in the repository, read as files: what
 * they promise matches the product's constants, and each guide is written in
 * its own words.
 */
import { AREAS } from '@gurumatch/shared/catalogues/areas';
import {
  BREACH_NOTIFICATION_HOURS,
  DATA_RETENTION_MONTHS,
  DISPUTE_MEDIATION_DAYS,
  MINIMUM_AGE_YEARS,
  PLAN_VALIDITY_DAYS,
  REFUND_ACKNOWLEDGE_BUSINESS_DAYS,
  REFUND_DECISION_BUSINESS_DAYS,
  REFUND_PROCESSING_BUSINESS_DAYS,
  REFUND_REQUEST_WINDOW_DAYS,
  SESSION_CANCELLATION_NOTICE_HOURS,
} from '@gurumatch/shared/constants';
import { describe, expect, it } from 'vitest';

import { readDocumentFiles } from '../../seed/content/seed-documents.ts';

import { readAreaGuide } from './service.ts';

describe('the files kept in the repository', () => {
  const files = readDocumentFiles();
  const textOf = (slug: string): string =>
    (files.find((file) => file.slug === slug)?.html ?? '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, ' ');

  it('privacy policy: retention, breach notice, age, rights, grievance officer', () => {
    const text = textOf('privacy-policy');
    expect(text).toContain(`up to ${String(DATA_RETENTION_MONTHS)} months`);
    expect(text).toContain(`within ${String(BREACH_NOTIFICATION_HOURS)} hours`);
    expect(text).toContain(`${String(MINIMUM_AGE_YEARS)} or older`);
    for (const right of ['Access:', 'Correction and completion:', 'Erasure:', 'Nomination:'])
      expect(text).toContain(right);
    expect(text).toContain('Grievance Officer');
    expect(text).toContain("Children's data");
  });

  it('terms of use: coin validity, notice, age, liability cap, disputes in Bengaluru', () => {
    const text = textOf('terms-of-use');
    for (const days of Object.values(PLAN_VALIDITY_DAYS))
      expect(text).toContain(`${String(days)} days`);
    expect(text).toContain(`${String(SESSION_CANCELLATION_NOTICE_HOURS)} hours’ notice`);
    expect(text).toContain(`at least ${String(MINIMUM_AGE_YEARS)} years old`);
    expect(text).toContain(`mediation for ${String(DISPUTE_MEDIATION_DAYS)} days`);
    expect(text).toContain('Bengaluru, Karnataka');
  });

  it('refund policy: the refund window and business days the product works with', () => {
    const text = textOf('cancellation-and-refund-policy');
    expect(text).toContain(`within ${String(REFUND_REQUEST_WINDOW_DAYS)} days`);
    expect(text).toContain(`within ${String(REFUND_ACKNOWLEDGE_BUSINESS_DAYS)} business days`);
    expect(text).toContain(`within ${String(REFUND_DECISION_BUSINESS_DAYS)} business days`);
    expect(text).toContain(`within ${String(REFUND_PROCESSING_BUSINESS_DAYS)} business days`);
    expect(text).toContain('to the original payment method, or as Coins');
  });

  it('has a guide for each of the 17 areas, each in its own words', () => {
    expect(AREAS).toHaveLength(17);
    const intros = new Set<string>();
    const questions = new Set<string>();
    for (const area of AREAS) {
      const file = files.find((candidate) => candidate.slug === area.slug);
      expect(file?.kind).toBe('area_guide');
      const guide = readAreaGuide(file?.html ?? '', file!.lists);
      expect(guide.intro).toContain(area.name);
      expect(guide.faqs).toHaveLength(3);
      intros.add(guide.intro.replaceAll(area.name, ''));
      for (const faq of guide.faqs) questions.add(faq.question.replaceAll(area.name, 'X'));
      for (const nearby of guide.nearby_areas) {
        expect(nearby).not.toBe(area.slug);
        expect(AREAS.some((other) => other.slug === nearby)).toBe(true);
      }
    }
    expect(intros.size).toBe(17);
    expect(questions.size).toBe(17 * 3);
  });
});
