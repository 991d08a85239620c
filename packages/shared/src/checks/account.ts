/**
 * The phone, code and password checks of spec part 1 §5 and part 2 §5, without
 * zod, so the browser loads them on the forms alone; `schemas/account.ts`
 * re-exports them for the server.
 */
import {
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
} from '../constants.ts';
import { ACCOUNT_MESSAGES } from '../messages/account.ts';
import { MESSAGES } from '../messages.ts';

import { isStrongPassword } from './auth.ts';

/** Spaces, dashes, dots and brackets people type inside a number are dropped. */
export function normalizePhoneNumber(value: string): string {
  return value.replace(/[\s\-().]/g, '');
}

/**
 * The phone checks of part 1 §5 on the national number (without dial code):
 * empty or not a number → 'Please enter a valid phone number'; fewer than 10
 * digits → 'Please enter a 10 digit valid phone number'; more than 15 digits
 * → 'Please enter a valid phone number'.
 */
export function findPhoneProblem(phoneNumber: string): string | null {
  const digits = normalizePhoneNumber(phoneNumber);
  if (digits === '' || !/^\d+$/.test(digits)) return ACCOUNT_MESSAGES.phoneEmpty;
  if (digits.length < PHONE_MIN_DIGITS) return ACCOUNT_MESSAGES.phoneTooShort;
  if (digits.length > PHONE_MAX_DIGITS) return ACCOUNT_MESSAGES.phoneEmpty;
  return null;
}

const COUNTRY_CODE_PATTERN = /^\+[1-9]\d{0,3}$/;

/** '+91', also accepted as '91'; answers the '+'-prefixed form or null when not a dial code. */
export function normalizeCountryCode(value: string): string | null {
  const trimmed = value.trim();
  const withPlus = /^\d/.test(trimmed) ? `+${trimmed}` : trimmed;
  return COUNTRY_CODE_PATTERN.test(withPlus) ? withPlus : null;
}

/** Empty → 'Please enter OTP'; anything but 6 digits → 'Invalid OTP'. */
export function findOtpProblem(otp: string): string | null {
  const trimmed = otp.trim();
  if (trimmed === '') return ACCOUNT_MESSAGES.otpEmpty;
  if (!new RegExp(`^\\d{${String(OTP_LENGTH)}}$`).test(trimmed)) return ACCOUNT_MESSAGES.otpInvalid;
  return null;
}

/**
 * The reset checks in order: "Passwords don't match" (only when a confirmation
 * is given), 'Password must be at least 8 characters long', then the
 * registration strength rule and the maximum length.
 */
export function findResetPasswordProblem(password: string, confirm?: string | null): string | null {
  if (confirm !== undefined && confirm !== null && password !== confirm)
    return ACCOUNT_MESSAGES.passwordsDontMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.resetPasswordTooShort;
  if (!isStrongPassword(password)) return MESSAGES.passwordTooWeak;
  if (password.length > PASSWORD_MAX_LENGTH) return MESSAGES.fieldTooLong;
  return null;
}
