/**
 * The home page's reviews section. Until there are enough real reviews it says
 * how tutors are verified instead; it never shows made-up reviews.
 */
export const LANDING_MESSAGES = {
  reviewsHeading: 'Recent Reviews from Students',
  verificationHeading: 'How tutors are verified',
  verificationSteps: [
    'Every tutor confirms their e-mail address and mobile number before they can respond.',
    'Tutors upload an identity proof and a qualification certificate, which our team checks by hand.',
    'Only tutors whose documents are approved show the Verified Tutor badge and can contact you.',
  ],
  reviewsFailed: 'Reviews could not be loaded just now. Please refresh the page to try again.',
} as const;
