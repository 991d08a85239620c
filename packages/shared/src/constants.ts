/**
 * Business constants from the product specification (part 1 §9 and part 2 §9).
 * Both the web client and the server import them from here; never copy a value.
 */

// Auth and session
export const ACCESS_TOKEN_LIFETIME_SECONDS = 5 * 60;
export const REFRESH_TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
export const TOKEN_REFRESH_AFTER_MS = 210_000;
export const TOKEN_REFRESH_CHECK_INTERVAL_MS = 240_000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';
export const FULL_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const AUTH_BROADCAST_CHANNEL = 'auth';

// Sign-in throttling (documented in docs/security.md)
export const LOGIN_FAILURES_PER_EMAIL_LIMIT = 5;
export const LOGIN_FAILURES_PER_EMAIL_WINDOW_SECONDS = 15 * 60;
export const LOGIN_FAILURES_PER_IP_LIMIT = 20;
export const LOGIN_FAILURES_PER_IP_WINDOW_SECONDS = 15 * 60;
export const LOGIN_SLOWDOWN_AFTER_FAILURES = 3;
export const LOGIN_SLOWDOWN_STEP_MS = 500;
/** Failures one trusted device may make for its account per window (its own bucket). */
export const LOGIN_FAILURES_PER_DEVICE_LIMIT = 5;
/** A device token lives this long after the sign-in that issued it (each sign-in renews it). */
export const DEVICE_TOKEN_LIFETIME_SECONDS = 365 * 24 * 60 * 60;
/** Device tokens one browser keeps (one per account signed in on it), newest first. */
export const DEVICE_TOKENS_PER_BROWSER = 5;
// One-time sign-in codes mailed for a new device (decision 044)
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_TTL_SECONDS = 10 * 60;
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;
export const SIGN_IN_CODE_REQUESTS_PER_EMAIL_LIMIT = 5;
export const SIGN_IN_CODE_REQUESTS_PER_IP_LIMIT = 20;
export const SIGN_IN_CODE_REQUESTS_WINDOW_SECONDS = 15 * 60;
/** Generous: many families share one mobile-network or office address. */
export const REGISTRATIONS_PER_IP_LIMIT = 50;
export const REGISTRATIONS_PER_IP_WINDOW_SECONDS = 60 * 60;

// UI timings
export const TOAST_AUTO_HIDE_MS = 5_000;
export const ADDRESS_INPUT_DEBOUNCE_MS = 500;
export const CONTENT_SEARCH_DEBOUNCE_MS = 300;
export const REDIRECT_DELAY_FORGOT_RESET_MS = 2_000;
export const REDIRECT_DELAY_FAILED_VERIFICATION_MS = 3_000;
export const UNREAD_BADGE_REFRESH_MS = 30_000;

// OTP and phone
export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 180;
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
export const DEFAULT_COUNTRY_CODE = '+91';
export const DEFAULT_OTP_METHOD = 'whatsapp';

// Lists and paging
export const SUBJECT_SUGGESTIONS_MAX = 6;
export const AUTOCOMPLETE_MAX_RESULTS = 6;
export const PAGE_SIZE = 10;
export const PAGE_SIZE_MAX = 50;
export const PAGINATION_WINDOW = 2;
export const BLOG_EXCERPT_LENGTH = 100;
export const SUMMARY_VISIBLE_ITEMS = 3;

// Profiles, enquiries, addresses
export const BIO_MAX_LENGTH = 900;
export const REPORT_MESSAGE_MAX_LENGTH = 500;
export const ENQUIRY_NAME_MIN_LENGTH = 3;
export const ENQUIRY_NAME_MAX_LENGTH = 50;
export const MAX_ADDRESSES = 2;
export const DOCUMENT_VERIFICATION_WAIT_HOURS = 24;

// Coins and payments
export const COIN_BALANCE_DEFAULT = 0;
export const GST_PERCENT = 18;
export const CURRENCY = 'INR';
export const PLAN_VALIDITY_DAYS = { three_months: 90, six_months: 180, one_year: 365 } as const;

// Chat socket
export const CHAT_RECONNECT_DELAY_MS = 3_000;
export const CHAT_RECONNECT_MAX_ATTEMPTS = 5;
export const CHAT_READ_RECEIPT_DELAY_MS = 300;
export const CHAT_VISIBILITY_THRESHOLD = 0.5;
export const CHAT_AUTOSCROLL_THRESHOLD_PX = 100;
export const CHAT_SOCKET_CLOSE_UNAUTHORIZED = 4001;
export const CHAT_SOCKET_CLOSE_FORBIDDEN = 4003;
/**
 * Ours: the user has more chat sockets open on one server than it keeps for one
 * user ({@link CHAT_SOCKETS_PER_USER_MAX}); the oldest is closed with this code
 * and its client does not reconnect on its own (it would close the next one).
 */
export const CHAT_SOCKET_CLOSE_TOO_MANY = 4008;
/** Ours: chat sockets one user may hold open on one server; a further one closes the oldest. */
export const CHAT_SOCKETS_PER_USER_MAX = 20;
export const CHAT_MESSAGE_MAX_LENGTH = 2_000;
export const CHAT_RATE_LIMIT_MESSAGES = 20;
export const CHAT_RATE_LIMIT_WINDOW_SECONDS = 10;
export const CHAT_MESSAGES_PAGE_SIZE = 50;
export const CHAT_READ_RECEIPT_MAX_IDS = 200;

// Reviews
export const REVIEW_TEXT_MAX_LENGTH = 1_000;
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** The landing page shows real reviews once there are this many. */
export const LANDING_REVIEWS_MIN = 3;

// Policies (stated in the policy documents, whose text a test checks against these)
export const REFUND_REQUEST_WINDOW_DAYS = 7;
export const REFUND_ACKNOWLEDGE_BUSINESS_DAYS = 2;
export const REFUND_DECISION_BUSINESS_DAYS = 10;
export const REFUND_PROCESSING_BUSINESS_DAYS = 7;
export const SESSION_CANCELLATION_NOTICE_HOURS = 24;
export const MINIMUM_AGE_YEARS = 18;
export const DATA_RETENTION_MONTHS = 24;
export const BREACH_NOTIFICATION_HOURS = 72;
export const DISPUTE_MEDIATION_DAYS = 60;
export const TUTOR_AREAS_CLAIM = '500+';
export const PROFILE_COMPLETION_CLAIM = 'only 5 minutes';

/** Marketing fee ranges per month shown on area pages (rupees). */
export const AREA_FEE_TABLE = [
  { level: 'Nursery to Class 5', min: 2_500, max: 3_500 },
  { level: 'Classes 6-8', min: 3_500, max: 4_500 },
  { level: 'Classes 9-10', min: 4_500, max: 6_000 },
  { level: 'Classes 11-12', min: 6_000, max: 7_500 },
  { level: 'IIT-JEE/NEET', min: 7_000, max: 10_000 },
] as const;

export const ROLES = ['teacher', 'student', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles anyone may sign up for; administrators are made by `npm run admin:create`. */
export const SIGN_UP_ROLES = ['teacher', 'student'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

export const ONBOARDING_STEPS = [
  'phone-verification',
  'add-address',
  'complete-profile',
  'dashboard',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

// Onboarding, account recovery, profiles and addresses
export const OTP_METHODS = ['whatsapp', 'sms'] as const;
export type OtpMethod = (typeof OTP_METHODS)[number];
export const OTP_DAILY_LIMIT_PER_NUMBER = 10;
export const OTP_DAILY_WINDOW_SECONDS = 24 * 60 * 60;
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
export const EMAIL_VERIFICATION_RESEND_SECONDS = 60;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
export const FORGOT_PASSWORD_PER_EMAIL_LIMIT = 3;
export const FORGOT_PASSWORD_PER_EMAIL_WINDOW_SECONDS = 60 * 60;
export const FORGOT_PASSWORD_PER_IP_LIMIT = 20;
export const FORGOT_PASSWORD_PER_IP_WINDOW_SECONDS = 60 * 60;
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { male: 'Male', female: 'Female' };
export const TEACHING_MODES = ['offline', 'online'] as const;
export type TeachingMode = (typeof TEACHING_MODES)[number];
export const TEACHING_MODE_LABELS: Record<TeachingMode, string> = {
  offline: 'Offline Only',
  online: 'Online Only',
};
export const CUSTOM_CLASS_MAX_LENGTH = 100;
export const PROFILE_LIST_MAX_ITEMS = 200;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MAX_DIMENSION_PX = 512;
/** Larger images are refused from their header, before any pixel is decoded. */
export const AVATAR_MAX_INPUT_DIMENSION_PX = 4096;
export const AVATAR_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
/** The largest image an administrator may upload for blogs and FAQs (JPEG, PNG or WebP). */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_CONTENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
] as const;
export const PROOF_KINDS = ['id_proof', 'qualification_proof'] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];

/**
 * Sign-in attempts for one e-mail within its window beyond which even addresses
 * with no failures of their own are refused (a many-address guessing campaign).
 */
export const LOGIN_ATTEMPTS_PER_EMAIL_HARD_LIMIT = 50;
/** Password hashes computed at once; further ones wait their turn. */
export const PASSWORD_HASH_CONCURRENCY = 2;
/** Password hashes waiting for a turn beyond which a request is answered 503 at once. */
export const PASSWORD_HASH_QUEUE_LIMIT = 200;
/** The window of the per-user upload limit (`UPLOADS_PER_USER_PER_HOUR`). */
export const UPLOADS_WINDOW_SECONDS = 60 * 60;
/** Bytes a request body must bring per slow-body window (`SLOW_BODY_WINDOW_MS`), about 3 kbit/s. */
export const SLOW_BODY_MIN_BYTES = 4096;

// Coins, plans and payments (spec part 2 §9; issue 7)
/** A coupon reserved by `apply` is released when no payment consumes it within this time. */
export const COUPON_RESERVATION_MINUTES = 30;
/** Orders neither verified nor delivered by webhook this long are asked about by reconciliation. */
export const ORDER_RECONCILE_AFTER_MINUTES = 15;
export const FREE_PLAN_NAME = 'free';
