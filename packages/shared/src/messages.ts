/**
 * User-facing messages, worded exactly as the specification writes them
 * (including its spelling). Both sides import them from here.
 */
export const MESSAGES = {
  // Registration (checked in this order)
  fillAllFields: 'Please fill all fields',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password should be at least 8 characters long',
  passwordTooWeak:
    'Password should contain at least 1 uppercase, 1 lowercase, 1 number and 1 special character',
  invalidRole: 'Please select a valid role',
  agreeToTerms: 'Please agree to the terms and conditions',
  invalidEmail: 'Please enter a valid email',
  registrationSuccess: 'Account created. Verification Link Sent on mail.',
  registrationFailed: 'Registration failed. Please try again.',
  registrationListFallback: 'some error occurred',
  emailTaken: 'A user with this email already exists.',
  fieldTooLong: 'This value is too long.',

  // Login
  loginFailed: 'Login failed. Please try again.',
  loginOnboardingFallback: 'some error occured',
  invalidCredentials: 'No active account found with the given credentials',
  // Ours: people behind one shared address (mobile networks, offices) need to know what to do.
  tooManyRegistrations:
    'Too many sign-ups came from your network in the last hour. Please try again later, or sign up over another connection such as mobile data. If this keeps happening, write to support@gurumatch.in.',
  tooManyLoginAttempts:
    'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  loggedOut: 'You have been logged out.',

  // Tokens
  tokenNotValid: 'Given token not valid for any token type',
  tokenMissing: 'Authentication credentials were not provided.',
  refreshReused: 'Token is invalid or has been revoked. Please sign in again.',

  // Permissions
  tutorsOnly: 'You are not authorized to access this page. This page is for tutors only.',
  studentsOnly: 'You are not authorized to access this page. This page is for students only.',
  permissionDenied: 'You do not have permission to perform this action.',

  // API helper
  requestFailed: 'Request failed',
  networkError: 'Network error',
  genericError: 'Something went wrong, please try again later',
  notFound: 'Not found.',
  internalError: 'A server error occurred. Please try again later.',
  malformedBody: 'The request body is not valid.',
  bodyTooLarge: 'The request body is too large.',
  databaseUnavailable: 'The database is not answering.',
  redisUnavailable: 'Redis is not answering.',
  migrationsPending: 'The database is missing migrations this version needs.',
  instanceStopping: 'This instance is stopping.',
  rateLimited: 'Too many requests. Please slow down and try again shortly.',
  serverBusy: 'The server is busy. Please try again in a few seconds.',
  nulCharacter: 'Text may not contain the NUL character.',
  malformedMultipart: 'The upload was not a valid form. Please choose the file again and retry.',
  badUrl: 'The address of this request is not valid.',

  // Location and subject search (landing page, address screens)
  geolocationNotSupported: 'Geolocation not supported',
  fetchingLocation: 'Fetching...',
  noMatchingSubjects: 'No matching subjects found',
  locationNotFound: 'Location Not Found',
  // ours: the landing page's search carried through sign-in and registration
  signInToSee: (wanted: string) => `Sign in to see ${wanted}.`,
  registerToFindTutors: 'Register to find tutors',
  newHereItIsFree: 'New to GuruMatch? It is free.',
  registerThenPost: (wanted: string) => `Next, post your enquiry to ${wanted}.`,

  // Pages
  pageNotFound: 'Page Not Found',
  internalServerError: 'Internal Server Error',
  goToHome: 'Go to Home',
} as const;

export type MessageKey = keyof typeof MESSAGES;
