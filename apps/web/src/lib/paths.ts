/** Every route of the product, and builders for the ones with parameters. The only place paths are written. */
export const paths = {
  home: '/',
  about: '/about',
  contactUs: '/contact-us',
  contact: '/contact',
  privacyPolicy: '/privacy-policy',
  termsOfUse: '/terms-of-use',
  refundPolicy: '/cancellation-and-refund-policy',
  blogs: '/blogs',
  blog: (slug: string) => `/blogs/${encodeURIComponent(slug)}`,
  faqs: '/faqs',
  faq: (slug: string) => `/faqs/${encodeURIComponent(slug)}`,
  area: (place: string) => `/home-tutors-in/${encodeURIComponent(place)}`,
  test: '/test',
  verifyEmail: (uid: string, token: string) => `/verify-email/${uid}/${token}`,
  serverError: '/500',

  login: '/login',
  teacherRegister: '/teacher-register',
  studentRegister: '/student-register',
  forgotPassword: '/forgot-password',
  resetPassword: (uidb64: string, token: string) => `/reset-password/${uidb64}/${token}`,

  phoneVerification: '/phone-verification',
  addAddress: '/add-address',
  completeProfile: '/complete-profile',

  dashboard: '/dashboard',
  profile: '/profile',
  profileUpdate: '/profile/update',
  addressManagement: '/address-management',
  chat: '/chat',
  chatThread: (id: number | string) => `/chat/${String(id)}`,

  upgradePlan: '/teacher/upgrade-plan',
  billing: '/teacher/billing',
  invoice: (id: number | string) => `/teacher/billing/invoices/${String(id)}`,
  enquiries: '/enquiry',
  enquiry: (id: number | string) => `/enquiry/${String(id)}`,
  starredEnquiries: '/starred-enquiries',
  contactedEnquiries: '/contacted-enquiries',

  studentEnquiryAdd: '/student/enquiries/add',
  studentEnquiries: '/student/enquiries',
  studentEnquiry: (id: number | string) => `/student/enquiries/${String(id)}`,

  review: (otherUserId: number | string) => `/review/${String(otherUserId)}`,

  admin: '/admin',
  adminReports: '/admin/reports',
  adminUsers: '/admin/users',
  adminPayments: '/admin/payments',
  adminContent: '/admin/content',
  adminPlans: '/admin/plans',
  adminContactRequests: '/admin/contact-requests',
  adminJobs: '/admin/jobs',
  adminAuditLog: '/admin/audit-log',
} as const;

/** The onboarding step a status answer names, as a path. */
export function stepPath(step: string): string {
  return `/${step}`;
}
