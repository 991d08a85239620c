import { describe, expect, it } from 'vitest';

import { CONTACT_MESSAGES } from '../messages/contact.ts';

import { ContactRequestBodySchema, isValidContactNumber } from './contact.ts';

const valid = {
  full_name: 'Priya Nair',
  email: 'priya@example.in',
  contact_number: '+91 98450-12345',
  subject: 'payment_issue',
  message: 'My coins did not show up after paying.',
};

function firstMessage(input: unknown, field: string): string | undefined {
  const result = ContactRequestBodySchema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('ContactRequestBodySchema', () => {
  it('accepts a complete form and trims the text', () => {
    const result = ContactRequestBodySchema.parse({ ...valid, full_name: '  Priya Nair ' });
    expect(result.full_name).toBe('Priya Nair');
    expect(result.subject).toBe('payment_issue');
  });

  it.each(['full_name', 'email', 'contact_number', 'subject', 'message'] as const)(
    'requires %s (missing or blank)',
    (field) => {
      const { [field]: _dropped, ...missing } = valid;
      expect(firstMessage(missing, field)).toBe(CONTACT_MESSAGES.fieldRequired);
      expect(firstMessage({ ...valid, [field]: '  ' }, field)).toBe(
        field === 'subject' ? CONTACT_MESSAGES.invalidSubject : CONTACT_MESSAGES.fieldRequired,
      );
    },
  );

  it.each([
    { field: 'email', value: 'priya.example.in', message: CONTACT_MESSAGES.invalidEmail },
    { field: 'email', value: 'priya@example', message: CONTACT_MESSAGES.invalidEmail },
    { field: 'contact_number', value: '98450', message: CONTACT_MESSAGES.invalidContactNumber },
    {
      field: 'contact_number',
      value: '98450 1234x',
      message: CONTACT_MESSAGES.invalidContactNumber,
    },
    { field: 'subject', value: 'refund', message: CONTACT_MESSAGES.invalidSubject },
    { field: 'subject', value: '', message: CONTACT_MESSAGES.fieldRequired },
    { field: 'message', value: 'x'.repeat(2001), message: CONTACT_MESSAGES.messageTooLong },
  ])('refuses $field = $value with "$message"', ({ field, value, message }) => {
    expect(firstMessage({ ...valid, [field]: value }, field)).toBe(message);
  });

  it('accepts a message of exactly 2000 characters', () => {
    expect(
      ContactRequestBodySchema.safeParse({ ...valid, message: 'x'.repeat(2000) }).success,
    ).toBe(true);
  });
});

describe('isValidContactNumber', () => {
  it.each([
    ['9845012345', true],
    ['+91 98450 12345', true],
    ['080-2345-6789', true],
    ['+44 20 7946 0958 12', true],
    ['984501234', false],
    ['1234567890123456', false],
    ['98450+12345', false],
    ['(080) 23456789', false],
  ])('%s → %s', (value, expected) => {
    expect(isValidContactNumber(value)).toBe(expected);
  });
});
