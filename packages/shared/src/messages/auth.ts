/**
 * Messages of signing in from a new device with a one-time code mailed to the
 * account's verified email (decision 044). The specification has no wording
 * for them; they are ours.
 */
export const AUTH_MESSAGES = {
  // the answer when this device may not try passwords for the account for now
  signInCodeOffered:
    'Too many failed sign-in attempts for this account. Please wait a few minutes, or sign in now with a one-time code sent to your email.',
  requestSignInCode: 'Email me a sign-in code',
  signInCodeSent:
    'If this email belongs to an account with a verified email, a sign-in code is on its way. It works once, within 10 minutes.',
  signInCodeLabel: 'Sign-in code',
  signInWithCode: 'Sign in with code',
  signInCodeInvalid: 'This sign-in code is wrong or has expired. Please ask for a new code.',
  signInCodeFormat: 'Please enter the 6-digit code from the email',
  signInCodeEmailSubject: 'Your GuruMatch sign-in code',
} as const;

export type AuthMessageKey = keyof typeof AUTH_MESSAGES;
