/**
 * Messages of the enquiry, feed, contact and report screens (spec part 2 §2,
 * §5, §8), worded exactly as the specification writes them (including its
 * spelling). Sentences the specification leaves to us are marked as ours.
 */
export const ENQUIRY_MESSAGES = {
  // Student screens (part 2 §2)
  yourEnquiry: 'Your Enquiry',
  deleteConfirmationTitle: 'Delete Confirmation',
  deleteConfirmationText: 'Are you sure you want to archive this enquiry?',
  no: 'No',
  yes: 'Yes',
  archive: 'Archive',
  back: 'Back',
  createNewEnquiry: 'Create New Enquiry',
  enquiryLimitExceeded: 'Enquiry Limit Exceeded',
  viewEnquiries: 'View Enquiries',

  // Toasts (part 2 §8)
  loadFailed: 'Failed to load enquiry data',
  createFailed: 'Error creating enquiry',
  archiveFailed: 'Failed to archive enquiry',
  archived: 'Enquiry archived successfully!',
  notExistsOrArchived: 'Enquiry not exists or archived.',
  notFound: 'Enquiry not found',
  insufficientCoinsNotice: 'Please recharge, as your coin is less to contact this enquiry',
  sendFailed: 'Error sending message',
  reportFailed: 'Failed to report enquiry',
  reported: 'Enquiry reported successfully! Our team will review it shortly.',
  alreadyReported: 'You have already reported this enquiry.',
  reviewShortly: 'Our team will review your report shortly.',
  youHaveReported: 'You have reported this enquiry',
  reportTitle: 'Report Enquiry',
  submitting: 'Submitting...',

  // Message and report checks (part 2 §5)
  priceQuoteInvalid: 'Please enter correct price quote',
  messageRequired: 'Please enter your message',
  reportMessageTooLong: 'Message must be less than 500 characters',

  // Ours
  created: 'Enquiry created successfully!',
  nameLength: 'Name must be 3 to 50 characters',
  addressRequired: 'Please select an address',
  addressInvalid: 'Please select one of your addresses',
  studyModeRequired: 'Please select a study mode',
  classRequired: 'Please select a class',
  customClassRequired: 'Please specify the class or course',
  subjectRequired: 'Please select a subject',
  customSubjectRequired: 'Please specify the subject',
  languageRequired: 'Please select a language',
  customLanguageRequired: 'Please specify the language',
  boardInvalid: 'Please select a board from the list',
  customTooLong: 'This value must be at most 100 characters',
  budgetInvalid: 'Budget must be greater than 0',
  whenToStartRequired: 'Please select when to start',
  priceTypeRequired: 'Please select a price type',
  messageTooLong: 'Message must be at most 1000 characters',
  reasonRequired: 'Please select a reason',
  activeLimitReached:
    'You have reached the maximum number of active enquiries. Archive one to post a new enquiry.',
  alreadyArchived: 'This enquiry is already archived.',
  alreadyContacted: 'You have already contacted this enquiry.',
  responsesFull:
    'This enquiry has already received the maximum number of responses. No coins were taken.',
  alreadyReportedError: 'You have already reported this enquiry.',
  selectedAddressInvalid: 'Please select one of your addresses',
  filtersInvalid: 'The filters are not valid.',
  invalidPage: 'Page must be a positive whole number',
  noEnquiries: 'No enquiries found',
  contactedTitle: 'Contacted Enquiries',
  starredTitle: 'Starred Enquiries',
  feedTitle: 'Enquiries',
  sendMessage: 'Send Message',
  contactNumber: 'Contact Number',
  chat: 'Chat',
  whatsapp: 'WhatsApp',
  call: 'Call',
  filters: 'Filters',
  applyFilters: 'Apply Filters',
  closeFilters: 'Close filters',
  femaleTutorPreferred: 'Female tutor preferred',
  femaleTutorPreferredNotice: 'This enquiry asks for a female tutor.',
  femaleTutorPreferredHint: 'Consider this before you spend coins on it.',
  clearFilters: 'Clear',
  star: 'Star',
  unstar: 'Unstar',
  report: 'Report',
  responsesTitle: 'Tutors who responded',
  noResponsesYet:
    'No tutor has responded yet. We will e-mail you and message you on WhatsApp when one does.',
  noReviewsYet: 'No reviews yet',
  chatWith: (name: string) => `Chat with ${name}`,
  responseEmailSubject: 'A tutor responded to your enquiry',
  refundEmailSubject: 'Your coins for an enquiry were refunded',
  contactCosts: 'Contacting this enquiry costs',
  yourBalance: (coins: number) => `You have ${String(coins)} coins.`,
  coinsComeBack: 'If the student does not reply within 7 days, your coins come back.',
  shortOfCoins: (short: number) =>
    `You need ${String(short)} more coins. What you type here is kept while you buy coins.`,
  seeCoinPlans: 'See coin plans',
  contactCharged: (spent: number, left: number) =>
    `${String(spent)} coins spent · ${String(left)} left`,

  // Ours: contacting before the tutor's profile and e-mail are verified
  contactClosedTitle: 'Contacting opens once your profile is verified',
  contactClosedDetail:
    'You can read enquiries now; contacting a poster needs approved documents and a verified e-mail.',
  contactNoCoinsTaken: 'No coins were taken.',
  contactPendingDocumentsMissing: 'Upload your ID proof and qualification proof on your profile.',
  contactPendingDocumentsRejected:
    'Your documents were not approved: upload them again on your profile.',
  contactPendingDocumentsPending:
    'Your documents are awaiting approval. Please allow up to 24 hours.',
  goToProfile: 'Go to your profile',
  contactPendingEmailUnverified:
    'Your e-mail is not verified yet: open the link we sent you, or resend it from your profile.',
} as const;

/** What each pending item tells the tutor (see CONTACT_PENDING). */
export const CONTACT_PENDING_MESSAGES = {
  documents_missing: ENQUIRY_MESSAGES.contactPendingDocumentsMissing,
  documents_rejected: ENQUIRY_MESSAGES.contactPendingDocumentsRejected,
  documents_pending: ENQUIRY_MESSAGES.contactPendingDocumentsPending,
  email_unverified: ENQUIRY_MESSAGES.contactPendingEmailUnverified,
} as const;

/** The `detail` of the refusal: why contacting is closed and what is pending. */
export function contactClosedDetail(
  pending: readonly (keyof typeof CONTACT_PENDING_MESSAGES)[],
): string {
  return [
    ENQUIRY_MESSAGES.contactClosedDetail,
    ...pending.map((item) => CONTACT_PENDING_MESSAGES[item]),
    ENQUIRY_MESSAGES.contactNoCoinsTaken,
  ].join(' ');
}
