/**
 * Messages of the contact form (`/contact-us`) and of `POST /api/base/contact-requests/`.
 * `success` and `failure` are the spec's own words (part 1 §8).
 */
export const CONTACT_MESSAGES = {
  success: 'Form submitted successfully. We will resolve your query soon.',
  failure: 'Failed to submit the form. Please try again.',
  fieldRequired: 'This field is required.',
  invalidEmail: 'Enter a valid email address.',
  invalidContactNumber: 'Enter a valid phone number of 10 to 15 digits.',
  invalidSubject: 'Please choose a subject from the list.',
  messageTooLong: 'Ensure this field has no more than 2000 characters.',
  fieldTooLong: 'Ensure this field is not longer than allowed.',
  imageNotAllowed: 'Upload a JPEG or PNG image.',
  imageTooLarge: 'The image must be 2 MB or smaller.',
  imageTooManyPixels: 'The image is too large. Please use one of at most 8192 × 8192 pixels.',
  invalidForm: 'Please correct the highlighted fields.',
  tooManyRequests:
    'You have sent several messages in a short time. Please wait a few minutes and try again.',
} as const;

export type ContactMessageKey = keyof typeof CONTACT_MESSAGES;
