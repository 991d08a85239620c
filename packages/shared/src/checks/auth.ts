/**
 * The sign-up and sign-in checks of spec part 1 §5, without zod, so the browser
 * loads them on the forms alone; `schemas/auth.ts` re-exports them for the server.
 */
import {
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  SIGN_UP_ROLES,
  type SignUpRole,
} from '../constants.ts';
import { MESSAGES } from '../messages.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

const SPECIAL_CHARACTER_PATTERN = new RegExp(
  `[${PASSWORD_SPECIAL_CHARACTERS.replace(/[\\\]^-]/g, '\\$&')}]`,
);

export function isStrongPassword(value: string): boolean {
  return (
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value) &&
    SPECIAL_CHARACTER_PATTERN.test(value)
  );
}

/** A role one may sign up for (never `admin`). */
export function isRole(value: unknown): value is SignUpRole {
  return typeof value === 'string' && (SIGN_UP_ROLES as readonly string[]).includes(value);
}

/** What the registration form holds. `agree_to_terms` never leaves the browser. */
export interface RegistrationInput {
  full_name: string;
  email: string;
  password: string;
  confirm_password: string;
  role: string;
  agree_to_terms?: boolean;
}

export type RegistrationField = keyof RegistrationInput;

export interface RegistrationProblem {
  field: RegistrationField;
  message: string;
}

/**
 * The registration checks of spec part 1 §5, in the spec's order. The first
 * failing check is returned; the client shows it as a toast and the server
 * answers it as a 400. `checkTerms` is false on the server (terms are a form
 * checkbox that is not sent).
 */
export function findRegistrationProblem(
  input: RegistrationInput,
  { checkTerms }: { checkTerms: boolean },
): RegistrationProblem | null {
  const fields = ['full_name', 'email', 'password', 'confirm_password'] as const;
  const empty = fields.find((field) => input[field].trim() === '');
  if (empty) return { field: empty, message: MESSAGES.fillAllFields };
  if (input.password !== input.confirm_password)
    return { field: 'confirm_password', message: MESSAGES.passwordsDoNotMatch };
  if (input.password.length < PASSWORD_MIN_LENGTH)
    return { field: 'password', message: MESSAGES.passwordTooShort };
  if (!isStrongPassword(input.password))
    return { field: 'password', message: MESSAGES.passwordTooWeak };
  if (!isRole(input.role)) return { field: 'role', message: MESSAGES.invalidRole };
  if (checkTerms && input.agree_to_terms !== true)
    return { field: 'agree_to_terms', message: MESSAGES.agreeToTerms };
  if (!isValidEmail(input.email.trim())) return { field: 'email', message: MESSAGES.invalidEmail };
  if (input.full_name.trim().length > FULL_NAME_MAX_LENGTH)
    return { field: 'full_name', message: MESSAGES.fieldTooLong };
  if (input.password.length > PASSWORD_MAX_LENGTH)
    return { field: 'password', message: MESSAGES.fieldTooLong };
  return null;
}
