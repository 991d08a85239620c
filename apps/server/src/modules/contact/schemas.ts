import { ErrorBodySchema } from '@gurumatch/shared/errors';
import { ContactRequestCreatedSchema } from '@gurumatch/shared/schemas/contact';

export const contactRequestSchema = {
  tags: ['contact'],
  summary: 'Send the contact form',
  description:
    'JSON or multipart/form-data with full_name, email, contact_number, subject ' +
    '(payment_issue, technical_support, general_inquiry, feedback, other), message, ' +
    'and in multipart an optional image (JPEG or PNG, at most 2 MB). Limited per address.',
  response: {
    201: ContactRequestCreatedSchema,
    400: ErrorBodySchema,
    413: ErrorBodySchema,
    415: ErrorBodySchema,
    429: ErrorBodySchema,
  },
};
