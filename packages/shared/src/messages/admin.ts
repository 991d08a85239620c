/**
 * Messages of the back office (`/admin` and `/api/admin/`) and of the e-mails
 * it sends. The specification shows no admin screens; these sentences are ours.
 */
export const ADMIN_MESSAGES = {
  // verification
  approved: 'The documents are approved; the profile now shows Verified Tutor.',
  rejected: 'The documents are rejected and the tutor has been told why.',
  noDocuments: 'This tutor has not uploaded both documents.',
  notATutor: 'Only tutors have documents to verify.',
  reasonRequired: 'Please give a reason.',
  // users
  suspended: 'The user is suspended and signed out everywhere.',
  reinstated: 'The user is reinstated.',
  premiumSet: 'The premium mark is saved.',
  cannotSuspendAdmin: 'Administrators cannot be suspended here.',
  alreadySuspended: 'This user is already suspended.',
  notSuspended: 'This user is not suspended.',
  premiumStudentsOnly: 'Only students can be premium.',
  // reports
  reportDismissed: 'The report is dismissed.',
  reportConfirmed: 'The enquiry is archived and every paying tutor has been refunded.',
  reportClosed: 'This report has already been decided.',
  // payments
  refundedAsCoins: 'The coins are given back to the tutor.',
  refundedToMethod: 'The refund to the original payment method has been started.',
  alreadyRefunded: 'This payment has already been refunded.',
  couponPercentTooHigh: 'A percentage is at most 10000 basis points.',
  couponEndsBeforeStart: 'The end must come after the start.',
  couponUnknownPlan: 'Unknown plan.',
  refundWindowClosed: 'This payment is outside the refund window.',
  refundProviderFailed: (reason: string) =>
    `The payment provider did not accept the refund, and nothing was changed: ${reason}`,
  refundProviderMismatch:
    'This payment was taken through another payment provider than the one configured now; refund it there, or as coins.',
  refundNotRetryable:
    'Only a refund that failed or is still waiting for the provider can be tried again.',
  refundRetried: 'The refund is being sent to the payment provider again.',
  noRefundToRetry: 'This payment has no refund to the original method.',
  // failed jobs
  jobNotFound: 'There is no failed job with this id.',
  jobRetried: 'The job will be tried again.',
  failedJobsIntro:
    'Work after a request (notices, refunds sent to the provider, lead guarantees, reconciliation) that ran out of tries. Retry gives a job one more try once its cause is fixed.',
  noFailedJobs: 'No failed jobs.',
  // image uploads for content
  imageMissing: 'Please choose an image to upload (multipart field "image").',
  imageWrongType: 'Please upload a JPEG, PNG or WebP image.',
  imageTooLarge: 'The image must be 5 MB or smaller.',
  imageUploaded: 'Image uploaded.',
  imageUploadFailed: 'The image could not be uploaded.',
  // content, plans, coupons, contact requests
  saved: 'Saved.',
  deleted: 'Deleted.',
  slugTaken: 'Another page already uses this address (slug).',
  nameTaken: 'Another plan already uses this name.',
  codeTaken: 'Another coupon already uses this code.',
  // confirmations asked before an action that mails a user or moves money
  confirmApprove: (name: string) =>
    `Approve ${name}'s documents? The profile will show Verified Tutor and ${name} gets an e-mail.`,
  confirmDismiss: 'Dismiss this report? The enquiry stays up and nobody is refunded.',
  confirmFake:
    'Archive this enquiry as fake and refund every tutor who paid for it? This cannot be undone.',
  confirmYes: (action: string) => `Yes, ${action.toLowerCase()}`,
  // screens
  title: 'Administration',
  noItems: 'Nothing here.',
  verifiedTutor: 'Verified Tutor',
} as const;

/** E-mails to users about an administrator's decision. */
export const ADMIN_MAIL = {
  approvedSubject: 'Your documents are verified',
  approvedText: (name: string) =>
    `Hello ${name},\n\nYour ID and qualification documents are verified. Your GuruMatch profile now shows the Verified Tutor badge.\n\nThe GuruMatch team`,
  rejectedSubject: 'Your documents could not be verified',
  rejectedText: (name: string, reason: string) =>
    `Hello ${name},\n\nWe could not verify the documents you uploaded:\n\n${reason}\n\nPlease upload clear copies again from your profile.\n\nThe GuruMatch team`,
  warningSubject: 'A warning about your enquiry',
  warningText: (name: string) =>
    `Hello ${name},\n\nAn enquiry you posted was reported by tutors and found to be fake. It has been removed and the tutors were refunded. Posting fake enquiries again will lead to the suspension of your account.\n\nThe GuruMatch team`,
  suspendedSubject: 'Your GuruMatch account is suspended',
  suspendedText: (name: string, reason: string) =>
    `Hello ${name},\n\nYour GuruMatch account has been suspended:\n\n${reason}\n\nIf you think this is a mistake, please reply through the contact page.\n\nThe GuruMatch team`,
} as const;

export const AUDIT_TARGET_TYPES = [
  'user',
  'profile',
  'report',
  'payment',
  'blog_post',
  'article',
  'plan',
  'coupon',
  'contact_request',
  'content_image',
  'job',
  'document',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const VERIFICATION_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const CONTACT_REQUEST_STATUSES = ['new', 'answered', 'closed'] as const;
export type ContactRequestStatus = (typeof CONTACT_REQUEST_STATUSES)[number];

export const REPORT_STATUSES = ['open', 'confirmed_fake', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Days after a payment within which it may be refunded (the refund policy). */
export const REFUND_WINDOW_DAYS = 7;
export const REASON_MAX_LENGTH = 500;
