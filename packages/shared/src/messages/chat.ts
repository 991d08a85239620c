/**
 * Messages of the chat, review and report screens (spec part 2 §2, §5, §8),
 * worded exactly as the specification writes them. Sentences the specification
 * leaves to us are marked as ours.
 */
export const CHAT_MESSAGES = {
  // Chat list (part 2 §2)
  title: 'Messages',
  back: 'Back',
  empty: 'No conversations yet',
  chatWith: 'Chat with',
  enquiryId: 'Enquiry ID',
  class: 'Class',
  unread: 'unread',

  // Chat detail (part 2 §2)
  online: 'Online',
  connecting: 'Connecting...',
  offline: 'Offline',
  viewEnquiry: 'View Enquiry',
  addReview: 'Add Review',
  report: 'Report',
  reportedNotice: 'You have reported this enquiry',
  placeholder: 'Type a message...', // ours
  send: 'Send',
  read: 'Read', // ours
  sent: 'Sent', // ours
  justNow: 'Just now',
  noMessages: 'No messages yet. Say hello!', // ours
  loadEarlier: 'Load earlier messages', // ours

  // Toasts (part 2 §8)
  loadFailed: 'Failed to load conversation',
  sendFailed: 'Failed to send message',
  sessionExpired: 'Session expired. Please login again!',

  // Server answers (ours)
  notFound: 'Conversation not found.',
  notParticipant: 'You are not a participant of this conversation.',
  messageBlank: 'Please enter a message.',
  messageTooLong: 'Message must be at most 2000 characters.',
  rateLimited: 'You are sending messages too fast. Please wait a few seconds.',
  invalidFrame: 'Invalid message format.',
  invalidPage: 'Please give a valid page number.',

  // Report modal (part 2 §2, §5, §8)
  reportTitle: 'Report Enquiry',
  reportReason: 'Reason',
  reportSelectReason: 'Select a reason', // ours
  reportDetails: 'Details (optional)', // ours
  reportSubmit: 'Submit Report', // ours
  reportSubmitting: 'Submitting...',
  reportCancel: 'Cancel', // ours
  reportAlready: 'You have already reported this enquiry.',
  reportReviewShortly: 'Our team will review your report shortly.',
  reportTooLong: 'Message must be less than 500 characters',
  reportFailed: 'Failed to report enquiry',
  reportSuccess: 'Enquiry reported successfully! Our team will review it shortly.',
} as const;

export const REVIEW_MESSAGES = {
  title: 'Add Review', // ours (screen not shown in the spec)
  rating: 'Rating', // ours
  ratingRequired: 'Please choose a rating from 1 to 5.', // ours
  text: 'Your review', // ours
  textTooLong: 'Review must be at most 1000 characters.', // ours
  submit: 'Submit Review', // ours
  update: 'Update Review', // ours
  submitting: 'Submitting...',
  saved: 'Thank you! Your review has been saved.', // ours
  failed: 'Failed to save review', // ours
  noConversation: 'You can review a tutor only after chatting with them.', // ours
  notTutor: 'Only tutors can be reviewed.', // ours
  studentsOnly: 'Only students can write reviews.', // ours
  checkFailed: 'Could not load this page. Please try again.', // ours
  invalidTutor: 'Please choose a tutor to review.', // ours
  recentReviews: 'Recent Reviews from Students',
  reviewsHeading: 'Reviews', // ours
  noReviews: 'No reviews yet', // ours
  stars: (rating: number) => `${String(rating)} out of 5 stars`, // ours
} as const;
