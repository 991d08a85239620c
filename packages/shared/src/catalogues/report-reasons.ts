/**
 * Reasons a tutor can pick when reporting an enquiry (part 2 §7).
 */
export const REPORT_REASONS = [
  'Spam or misleading',
  'Inappropriate content',
  'Fake information',
  'Already resolved',
  'Other',
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number];
