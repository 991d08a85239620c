import { z } from 'zod';

import { CONTACT_SUBJECT_VALUES } from '../catalogues/contact-subjects.ts';
import { EMAIL_MAX_LENGTH, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '../constants.ts';
import { CONTACT_MESSAGES } from '../messages/contact.ts';

import { isValidEmail } from './auth.ts';

/**
 * The contact form (`/contact-us`) and `POST /api/base/contact-requests/`, sent as
 * JSON or as multipart form data with an optional `image`.
 */

export const CONTACT_FULL_NAME_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MAX_LENGTH = 2_000;
/** Longest contact number as typed, with its `+`, spaces and dashes. */
export const CONTACT_NUMBER_MAX_LENGTH = 25;
/** Largest image attached to a contact request, in bytes (2 MB). */
export const CONTACT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const CONTACT_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
/** Longest side, in pixels, a contact form image may declare (a small file can declare a huge canvas). */
export const CONTACT_IMAGE_MAX_DIMENSION_PX = 8192;
export type ContactImageType = (typeof CONTACT_IMAGE_TYPES)[number];

const CONTACT_NUMBER_PATTERN = /^\+?[\d\s-]+$/;

/** 10 to 15 digits, optionally led by `+`, with spaces and dashes between them. */
export function isValidContactNumber(value: string): boolean {
  if (!CONTACT_NUMBER_PATTERN.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

const isAbsent = (input: unknown): boolean => input === undefined || input === null;

/** A required text field: missing or blank reads 'This field is required.' */
function requiredText(maxLength: number, tooLongMessage: string) {
  return z
    .string({
      error: (issue) =>
        isAbsent(issue.input) ? CONTACT_MESSAGES.fieldRequired : 'Not a valid string.',
    })
    .trim()
    .min(1, CONTACT_MESSAGES.fieldRequired)
    .max(maxLength, tooLongMessage);
}

export const ContactRequestBodySchema = z.object({
  full_name: requiredText(CONTACT_FULL_NAME_MAX_LENGTH, CONTACT_MESSAGES.fieldTooLong),
  email: requiredText(EMAIL_MAX_LENGTH, CONTACT_MESSAGES.invalidEmail).refine(isValidEmail, {
    message: CONTACT_MESSAGES.invalidEmail,
  }),
  contact_number: requiredText(
    CONTACT_NUMBER_MAX_LENGTH,
    CONTACT_MESSAGES.invalidContactNumber,
  ).refine(isValidContactNumber, { message: CONTACT_MESSAGES.invalidContactNumber }),
  subject: z.enum(CONTACT_SUBJECT_VALUES, {
    error: (issue) =>
      isAbsent(issue.input) || issue.input === ''
        ? CONTACT_MESSAGES.fieldRequired
        : CONTACT_MESSAGES.invalidSubject,
  }),
  message: requiredText(CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGES.messageTooLong),
});
export type ContactRequestBody = z.infer<typeof ContactRequestBodySchema>;

/** The answer of a stored contact request (201). */
export const ContactRequestCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
});
export type ContactRequestCreated = z.infer<typeof ContactRequestCreatedSchema>;
