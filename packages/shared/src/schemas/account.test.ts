import { describe, expect, it } from 'vitest';

import { ACCOUNT_MESSAGES, formatCountdown, formatResendWait } from '../messages/account.ts';
import { MESSAGES } from '../messages.ts';

import {
  OtpSendBodySchema,
  findOtpProblem,
  findPhoneProblem,
  findResetPasswordProblem,
  normalizeCountryCode,
} from './account.ts';

describe('findPhoneProblem', () => {
  it.each([
    { phone: '', expected: 'Please enter a valid phone number' },
    { phone: '   ', expected: 'Please enter a valid phone number' },
    { phone: '98765', expected: 'Please enter a 10 digit valid phone number' },
    { phone: '987654321', expected: 'Please enter a 10 digit valid phone number' },
    { phone: '98765abcde', expected: 'Please enter a valid phone number' },
    { phone: '1234567890123456', expected: 'Please enter a valid phone number' },
    { phone: '9876543210', expected: null },
    { phone: '98765 43210', expected: null },
    { phone: '98765-43210', expected: null },
  ])('$phone → $expected', ({ phone, expected }) => {
    expect(findPhoneProblem(phone)).toBe(expected);
  });
});

describe('findOtpProblem', () => {
  it.each([
    { otp: '', expected: 'Please enter OTP' },
    { otp: '12345', expected: 'Invalid OTP' },
    { otp: '12a456', expected: 'Invalid OTP' },
    { otp: '1234567', expected: 'Invalid OTP' },
    { otp: '012345', expected: null },
  ])('$otp → $expected', ({ otp, expected }) => {
    expect(findOtpProblem(otp)).toBe(expected);
  });
});

describe('findResetPasswordProblem', () => {
  it.each([
    { password: 'Str0ng!Pass', confirm: 'Other!Pass1', expected: "Passwords don't match" },
    { password: 'Ab1!', confirm: 'Ab1!', expected: 'Password must be at least 8 characters long' },
    { password: '', confirm: undefined, expected: 'Password must be at least 8 characters long' },
    { password: 'alllowercase1!', confirm: undefined, expected: MESSAGES.passwordTooWeak },
    { password: 'Str0ng!Pass', confirm: 'Str0ng!Pass', expected: null },
    { password: 'Str0ng!Pass', confirm: null, expected: null },
  ])('$password / $confirm → $expected', ({ password, confirm, expected }) => {
    expect(findResetPasswordProblem(password, confirm)).toBe(expected);
  });
});

describe('OtpSendBodySchema', () => {
  it('defaults to WhatsApp and +91, and reads a number sent as a number', () => {
    expect(OtpSendBodySchema.parse({ phone_number: 9876543210 })).toEqual({
      otp_method: 'whatsapp',
      phone_number: '9876543210',
      country_code: '+91',
    });
  });

  it('accepts SMS in any case and refuses other channels with a clear message', () => {
    expect(OtpSendBodySchema.parse({ otp_method: 'SMS', phone_number: '' }).otp_method).toBe('sms');
    const result = OtpSendBodySchema.safeParse({ otp_method: 'pigeon', phone_number: '1' });
    expect(result.error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.invalidOtpMethod);
  });
});

describe('normalizeCountryCode', () => {
  it.each([
    { value: '+91', expected: '+91' },
    { value: '91', expected: '+91' },
    { value: ' +1 ', expected: '+1' },
    { value: '+0', expected: null },
    { value: '+91abc', expected: null },
    { value: '+12345', expected: null },
  ])('$value → $expected', ({ value, expected }) => {
    expect(normalizeCountryCode(value)).toBe(expected);
  });
});

describe('messages', () => {
  it.each([
    { seconds: 180, expected: '3:00' },
    { seconds: 119, expected: '1:59' },
    { seconds: 65, expected: '1:05' },
    { seconds: 0.2, expected: '0:01' },
    { seconds: -3, expected: '0:00' },
  ])('formatCountdown($seconds) → $expected', ({ seconds, expected }) => {
    expect(formatCountdown(seconds)).toBe(expected);
  });

  it('words the resend wait as the spec does', () => {
    expect(formatResendWait(180)).toBe('Please wait 3:00 before resending');
  });
});
