import { describe, expect, it } from 'vitest';

import { AREA_ZONES, AREAS, areaPath, findAreaBySlug } from './areas.ts';
import { BOARDS } from './boards.ts';
import { CLASS_GROUPS, CLASS_LEVELS, OTHER_CLASS_OPTION } from './classes.ts';
import { CONTACT_SUBJECT_VALUES, CONTACT_SUBJECTS } from './contact-subjects.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages.ts';
import { REPORT_REASONS } from './report-reasons.ts';
import { SUBJECTS } from './subjects.ts';
import { TUITION_CATEGORY_GROUPS } from './tuition-categories.ts';

function findDuplicates(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item) ? true : (seen.add(item), false)));
}

describe('string catalogues', () => {
  it.each([
    { name: 'SUBJECTS', items: SUBJECTS, min: 120, max: 140 },
    { name: 'LANGUAGES', items: LANGUAGES, min: 120, max: 140 },
    { name: 'BOARDS', items: BOARDS, min: 45, max: 55 },
    { name: 'CLASS_LEVELS', items: CLASS_LEVELS, min: 15, max: Infinity },
  ])('$name has $min to $max unique, trimmed, non-empty entries', ({ items, min, max }) => {
    expect(items.length).toBeGreaterThanOrEqual(min);
    expect(items.length).toBeLessThanOrEqual(max);
    expect(findDuplicates(items)).toEqual([]);
    for (const item of items) {
      expect(item).toBe(item.trim());
      expect(item).not.toBe('');
    }
  });

  it.each([
    ...['Other', 'General Studies', 'Test Preparation', 'SAT', 'IELTS', 'Mathematics'].map(
      (item) => ({ name: 'SUBJECTS', items: SUBJECTS, item }),
    ),
    ...['English', 'Hindi', 'Kannada', 'Hinglish', 'Other'].map((item) => ({
      name: 'LANGUAGES',
      items: LANGUAGES,
      item,
    })),
    ...['CBSE', 'ICSE', 'IGCSE', 'IB', 'NIOS', 'Karnataka State Board', 'Karnataka PUC'].map(
      (item) => ({ name: 'BOARDS', items: BOARDS, item }),
    ),
    ...[
      'Nursery',
      'LKG',
      'UKG',
      ...Array.from({ length: 12 }, (_, index) => `Class ${index + 1}`),
      'IELTS',
      'UPSC',
      'NEET',
      'JEE Main',
      'CA',
      'CFA',
    ].map((item) => ({ name: 'CLASS_LEVELS', items: CLASS_LEVELS, item })),
  ])('$name contains $item', ({ items, item }) => {
    expect(items).toContain(item);
  });

  it('subjects are Title Case (each word starts with a capital, a digit or is a short joiner)', () => {
    const joiners = new Set(['and', 'for', 'of', 'in']);
    for (const subject of SUBJECTS) {
      for (const word of subject.split(' ')) {
        expect(joiners.has(word) || /^[A-Z0-9]/.test(word), `${subject}: ${word}`).toBe(true);
      }
    }
  });

  it('languages start with English then Hindi, English is the default, Other is last', () => {
    expect(LANGUAGES[0]).toBe('English');
    expect(LANGUAGES[1]).toBe('Hindi');
    expect(DEFAULT_LANGUAGE).toBe(LANGUAGES[0]);
    expect(LANGUAGES.at(-1)).toBe('Other');
  });

  it('boards end with Other', () => {
    expect(BOARDS.at(-1)).toBe('Other');
  });
});

describe('classes', () => {
  it('starts with Nursery, LKG, UKG, Class 1..12 in order', () => {
    expect(CLASS_LEVELS.slice(0, 15)).toEqual([
      'Nursery',
      'LKG',
      'UKG',
      ...Array.from({ length: 12 }, (_, index) => `Class ${index + 1}`),
    ]);
  });

  it("ends with 'Other (Specify)'", () => {
    expect(OTHER_CLASS_OPTION).toBe('Other (Specify)');
    expect(CLASS_LEVELS.at(-1)).toBe(OTHER_CLASS_OPTION);
  });

  it('CLASS_GROUPS cover every class level exactly once, in the same order', () => {
    const grouped = CLASS_GROUPS.flatMap((group) => group.items);
    expect(findDuplicates(grouped)).toEqual([]);
    expect(grouped).toEqual([...CLASS_LEVELS]);
  });

  it('CLASS_GROUPS have unique labels and no empty group', () => {
    const labels = CLASS_GROUPS.map((group) => group.label);
    expect(findDuplicates(labels)).toEqual([]);
    for (const group of CLASS_GROUPS) {
      expect(group.items.length, group.label).toBeGreaterThan(0);
    }
  });
});

describe('areas', () => {
  const expectedSlugs = [
    'jayanagar-bangalore',
    'basavanagudi-bangalore',
    'rajajinagar-bangalore',
    'rt-nagar-bangalore',
    'banashankari-bangalore',
    'indiranagar-bangalore',
    'whitefield-bangalore',
    'marathahalli-bangalore',
    'bellandur-bangalore',
    'kalyan-nagar-bangalore',
    'koramangala-bangalore',
    'hsr-layout-bangalore',
    'jp-nagar-bangalore',
    'btm-layout-bangalore',
    'electronic-city-bangalore',
    'yelahanka-bangalore',
    'hebbal-bangalore',
  ];

  it('has exactly the 17 slugs of the spec, in order', () => {
    expect(AREAS.map((area) => area.slug)).toEqual(expectedSlugs);
  });

  it.each(AREAS.map((area) => ({ ...area })))(
    '$slug is well formed and inside Bangalore',
    ({ slug, name, zone, latitude, longitude, pincode }) => {
      expect(slug).toMatch(/^[a-z]+(-[a-z]+)*-bangalore$/);
      expect(name).not.toBe('');
      expect(name.toLowerCase().replace(/ /g, '-')).toBe(slug.replace(/-bangalore$/, ''));
      expect(AREA_ZONES).toContain(zone);
      expect(latitude).toBeGreaterThan(12.7);
      expect(latitude).toBeLessThan(13.2);
      expect(longitude).toBeGreaterThan(77.4);
      expect(longitude).toBeLessThan(77.9);
      expect(pincode).toMatch(/^560\d{3}$/);
    },
  );

  it('has the five footer zones in order, none empty', () => {
    expect(AREA_ZONES).toEqual(['Central', 'East', 'South', 'North', 'More Areas']);
    for (const zone of AREA_ZONES) {
      expect(AREAS.filter((area) => area.zone === zone).length, zone).toBeGreaterThan(0);
    }
  });

  it.each([
    { slug: 'jayanagar-bangalore', name: 'Jayanagar' },
    { slug: 'hsr-layout-bangalore', name: 'HSR Layout' },
    { slug: 'hebbal-bangalore', name: 'Hebbal' },
  ])('findAreaBySlug($slug) finds $name', ({ slug, name }) => {
    expect(findAreaBySlug(slug)?.name).toBe(name);
  });

  it.each(['mumbai', 'jayanagar', '', 'Jayanagar-Bangalore', 'hsr-layout-bangalore/'])(
    'findAreaBySlug(%j) is undefined',
    (slug) => {
      expect(findAreaBySlug(slug)).toBeUndefined();
    },
  );

  it('areaPath builds the landing page path', () => {
    expect(areaPath('jp-nagar-bangalore')).toBe('/home-tutors-in/jp-nagar-bangalore');
  });
});

describe('contact subjects', () => {
  it('has the exact wire values', () => {
    expect(CONTACT_SUBJECT_VALUES).toEqual([
      'payment_issue',
      'technical_support',
      'general_inquiry',
      'feedback',
      'other',
    ]);
  });

  it('options match the values in order, with the exact labels', () => {
    expect(CONTACT_SUBJECTS).toEqual([
      { value: 'payment_issue', label: 'Payment Issue' },
      { value: 'technical_support', label: 'Technical Support' },
      { value: 'general_inquiry', label: 'General Inquiry' },
      { value: 'feedback', label: 'Feedback' },
      { value: 'other', label: 'Other' },
    ]);
    expect(CONTACT_SUBJECTS.map((option) => option.value)).toEqual([...CONTACT_SUBJECT_VALUES]);
  });
});

describe('report reasons', () => {
  it('are exactly the five reasons of the spec', () => {
    expect(REPORT_REASONS).toEqual([
      'Spam or misleading',
      'Inappropriate content',
      'Fake information',
      'Already resolved',
      'Other',
    ]);
  });
});

describe('tuition categories', () => {
  it('has exactly the five groups of the spec, in order', () => {
    expect(TUITION_CATEGORY_GROUPS.map((group) => group.title)).toEqual([
      'School Tuitions',
      'Junior School',
      'College Tuitions',
      'Subjects',
      'More Options',
    ]);
  });

  it.each([
    { title: 'School Tuitions', items: ['Class 8', 'Class 9', 'Class 10', 'Class 11', 'Class 12'] },
    { title: 'Junior School', items: ['Class 6', 'Class 7', 'Class 1-5', 'Nursery-KG'] },
    {
      title: 'College Tuitions',
      items: ['BTech', 'BCom', 'Engineering Diploma', 'BBA', 'BSc'],
    },
    { title: 'Subjects', items: ['Mathematics', 'English', 'Science', 'Physics', 'Hindi'] },
    {
      title: 'More Options',
      items: ['All Tuitions', 'Online Tuitions', 'NCERT Solutions', 'CBSE Syllabus'],
    },
  ])('$title links name its items in order', ({ title, items }) => {
    const group = TUITION_CATEGORY_GROUPS.find((candidate) => candidate.title === title);
    const labels: readonly string[] = group?.links.map((link) => link.label) ?? [];
    expect(labels).toHaveLength(items.length);
    labels.forEach((label, index) => {
      expect(label.startsWith(items[index] ?? '\u0000'), `${label} / ${items[index]}`).toBe(true);
    });
  });

  it("links go to /student-register except 'All Tuitions' which goes to /blogs", () => {
    for (const link of TUITION_CATEGORY_GROUPS.flatMap((group) => group.links)) {
      expect(link.href, link.label).toBe(
        link.label === 'All Tuitions' ? '/blogs' : '/student-register',
      );
    }
  });
});
