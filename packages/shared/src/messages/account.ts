/**
 * Messages of phone verification, e-mail verification and password recovery
 * (spec part 1 §2, §5, §8 and part 2 §8), worded exactly as the specification
 * writes them. Sentences the specification leaves to us are marked as ours.
 */
export const ACCOUNT_MESSAGES = {
  // Phone verification screen (part 1 §2, §4)
  phoneVerificationTitle: 'Verify Your Phone Number',
  changePhoneNumber: 'Change Phone Number',

  // Phone and code checks (part 1 §5)
  phoneEmpty: 'Please enter a valid phone number',
  phoneTooShort: 'Please enter a 10 digit valid phone number',
  otpEmpty: 'Please enter OTP',

  // OTP answers (part 1 §8)
  otpSentWhatsapp: 'OTP sent successfully to WhatsApp!',
  otpSentSms: 'OTP sent successfully to SMS!',
  otpSendFallback: 'Something went wrong',
  otpSendFailed: 'Failed to send OTP',
  otpVerified: 'OTP verified.',
  otpInvalid: 'Invalid OTP',
  otpVerificationFailed: 'OTP verification failed',

  // OTP rules the server enforces (ours)
  otpExpired: 'This OTP has expired. Please request a new one.',
  otpTooManyAttempts: 'Too many wrong attempts. Please request a new OTP.',
  otpNotRequested: 'Please request an OTP first.',
  otpDailyLimit: 'You have reached the OTP limit for today. Please try again tomorrow.',
  phoneTaken: 'This phone number is already verified with another account.',
  invalidCountryCode: 'Please select a valid country code',
  invalidOtpMethod: 'Please choose WhatsApp or SMS',

  // E-mail verification (part 1 §2, §8; part 2 §2, §8)
  goToHomePage: 'Go to Home Page',
  verificationFailed: 'An error occurred during verification.',
  resendVerification: 'Resend Verification',
  resendVerificationFailed: 'Failed to resend verification',
  emailVerified: 'Your email has been verified successfully.',
  emailAlreadyVerified: 'Your email is already verified.',
  verificationLinkInvalid: 'This verification link is invalid or has expired.',
  verificationSent: 'Verification link sent on your email.',
  verificationResendTooSoon: 'A verification link was sent just now. Please check your email.',
  verificationEmailSubject: 'Verify your email address',

  // Forgot and reset password (part 1 §5; part 2 §5, §8)
  passwordsDontMatch: "Passwords don't match",
  resetPasswordTooShort: 'Password must be at least 8 characters long',
  forgotPasswordSent: 'If an account exists for this email, a password reset link has been sent.',
  resetPasswordSuccess: 'Your password has been reset. Please log in with your new password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  resetEmailSubject: 'Reset your password',
} as const;

export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

/** Seconds as the countdown shows them: m:ss (180 → '3:00', 65 → '1:05'). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, '0')}`;
}

/** 'Please wait {m:ss} before resending' (part 1 §5). */
export function formatResendWait(secondsLeft: number): string {
  return `Please wait ${formatCountdown(secondsLeft)} before resending`;
}

/** 'OTP sent successfully to WhatsApp!' or '... to SMS!' (part 1 §8). */
export function formatOtpSent(method: 'whatsapp' | 'sms'): string {
  return method === 'sms' ? ACCOUNT_MESSAGES.otpSentSms : ACCOUNT_MESSAGES.otpSentWhatsapp;
}
