/**
 * Enquiry rules both sides use (spec part 2 §3, §5, §9 and docs/matching.md).
 */
export const STUDY_MODES = ['online', 'offline', 'both'] as const;
export type StudyMode = (typeof STUDY_MODES)[number];
export const STUDY_MODE_LABELS: Record<StudyMode, string> = {
  online: 'Online',
  offline: 'Offline',
  both: 'Online & Offline',
};

export const WHEN_TO_START = ['immediately', 'one_week', 'fifteen_days', 'one_month'] as const;
export type WhenToStart = (typeof WHEN_TO_START)[number];
export const WHEN_TO_START_LABELS: Record<WhenToStart, string> = {
  immediately: 'Immediately',
  one_week: 'Within a week',
  fifteen_days: 'Within 15 days',
  one_month: 'Within a month',
};

export const PRICE_TYPES = ['Hourly', 'Monthly', 'Yearly'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

const PRICE_TYPE_UNITS: Record<PriceType, string> = {
  Hourly: 'per hour',
  Monthly: 'per month',
  Yearly: 'per year',
};

/** A tutor's quote as people read it: '₹5,000 per month'. */
export function formatQuote(priceQuote: number, priceType: PriceType): string {
  return `₹${priceQuote.toLocaleString('en-IN')} ${PRICE_TYPE_UNITS[priceType]}`;
}

export const ENQUIRY_TYPES = ['responded', 'viewed', 'reported'] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number];

/**
 * What keeps a tutor from contacting posters, in the order the tutor can fix
 * it: no documents on file, documents refused, documents awaiting approval,
 * and an e-mail not verified yet. An empty list means contacting is open.
 */
export const CONTACT_PENDING = [
  'documents_missing',
  'documents_rejected',
  'documents_pending',
  'email_unverified',
] as const;
export type ContactPending = (typeof CONTACT_PENDING)[number];

/** Active (not archived, not expired) enquiries a student may have at once. */
export const ENQUIRY_ACTIVE_LIMIT = 3;
export const ENQUIRY_ACTIVE_LIMIT_PREMIUM = 10;
/** Tutors who may contact one enquiry. */
export const ENQUIRY_TOTAL_RESPONSES = 5;
export const ENQUIRY_LIFETIME_DAYS = 30;
/** Enquiries older than this cost less to contact (`coins_reduced`). */
export const ENQUIRY_DISCOUNT_AFTER_DAYS = 7;
export const ENQUIRY_DISCOUNT_PERCENT = 40;
/** A poster who has not answered a tutor's chat within this many days: the tutor's coins come back. */
export const LEAD_GUARANTEE_DAYS = 7;
export const FEED_RADIUS_KM_DEFAULT = 10;
export const FEED_RADIUS_KM_MAX = 100;
export const ENQUIRY_CUSTOM_MAX_LENGTH = 100;
export const ENQUIRY_MESSAGE_MAX_LENGTH = 1000;
export const ENQUIRY_BUDGET_MAX = 100_000;
export const PRICE_QUOTE_MAX = 10_000_000;

const CLASS_COIN_BANDS: readonly { coins: number; classes: readonly string[] }[] = [
  {
    coins: 10,
    classes: [
      'Nursery',
      'LKG',
      'UKG',
      'Class 1',
      'Class 2',
      'Class 3',
      'Class 4',
      'Class 5',
      'Class 6',
      'Class 7',
      'Class 8',
    ],
  },
  { coins: 15, classes: ['Class 9', 'Class 10', 'Class 11', 'Class 12'] },
];
/** Everything beyond school (degrees, exams, languages, skills, Other). */
const DEFAULT_CLASS_COINS = 20;

/**
 * The coins a contact costs (docs/matching.md): a base by class level
 * (Nursery–Class 8: 10, Class 9–12: 15, anything else: 20) plus 5 when the
 * budget is at least ₹500/hour and 10 when at least ₹1000/hour.
 */
export function coinsRequiredFor(classLevel: string, budgetPerHour: number): number {
  const band = CLASS_COIN_BANDS.find((candidate) => candidate.classes.includes(classLevel));
  const base = band?.coins ?? DEFAULT_CLASS_COINS;
  const budgetExtra = budgetPerHour >= 1000 ? 10 : budgetPerHour >= 500 ? 5 : 0;
  return base + budgetExtra;
}

/**
 * `coins_reduced`: the discounted price of an enquiry posted more than
 * ENQUIRY_DISCOUNT_AFTER_DAYS ago, or 0 when no discount applies.
 */
export function coinsReducedFor(coinsRequired: number, postedAt: Date, now: Date): number {
  const ageDays = (now.getTime() - postedAt.getTime()) / 86_400_000;
  if (ageDays <= ENQUIRY_DISCOUNT_AFTER_DAYS) return 0;
  return Math.max(1, Math.round((coinsRequired * (100 - ENQUIRY_DISCOUNT_PERCENT)) / 100));
}

/** What a contact actually costs. */
export function coinsToPay(card: { coins_required: number; coins_reduced: number }): number {
  return card.coins_reduced > 0 ? card.coins_reduced : card.coins_required;
}

/** '3 hours ago', 'just now', '2 days ago'. */
export function timeAgo(from: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - from.getTime()) / 1000));
  const units: [number, string][] = [
    [365 * 86_400, 'year'],
    [30 * 86_400, 'month'],
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${String(count)} ${name}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/** Whole days left before expiry, never below 0. */
export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 86_400_000));
}
