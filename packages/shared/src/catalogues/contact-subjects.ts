/**
 * Subject options of the contact form (part 1 §6 and §7): the wire value and its label.
 */
export const CONTACT_SUBJECT_VALUES = [
  'payment_issue',
  'technical_support',
  'general_inquiry',
  'feedback',
  'other',
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECT_VALUES)[number];

export const CONTACT_SUBJECTS = [
  { value: 'payment_issue', label: 'Payment Issue' },
  { value: 'technical_support', label: 'Technical Support' },
  { value: 'general_inquiry', label: 'General Inquiry' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly { value: ContactSubject; label: string }[];
