/**
 * The dashboard's 'next steps' card (part 2 §2 lists the profile and address links of the
 * dashboards). Wording ours.
 */
export const NEXT_STEPS_MESSAGES = {
  heading: 'Next steps',
  profileTitle: 'Your profile',
  studentProfileText: 'Check your details and change your photo.',
  teacherProfileText: 'A complete profile with verified documents is what students look at first.',
  addressesTitle: 'Your addresses',
  addressesText: 'Keep up to two addresses; tuition is matched to the primary one.',
  howItWorksTitle: 'How GuruMatch works',
  studentHowItWorksText: 'How enquiries reach verified tutors near you.',
  teacherHowItWorksText: 'How enquiries, coins and contacts work for tutors.',
  faqsTitle: 'FAQs',
  faqsText: 'Answers to common questions.',
} as const;
