import { ErrorBodySchema } from '@gurumatch/shared/errors';
import {
  AdminArticleBodySchema,
  AdminArticleListSchema,
  AdminArticlePatchSchema,
  AdminArticleSchema,
  AdminBlogBodySchema,
  AdminBlogListSchema,
  AdminBlogPatchSchema,
  AdminBlogSchema,
  AdminContactRequestListSchema,
  AdminContactRequestSchema,
  AdminCouponBodySchema,
  AdminCouponListSchema,
  AdminCouponPatchSchema,
  AdminCouponSchema,
  AdminDocumentListSchema,
  AdminDocumentPatchSchema,
  AdminDocumentSchema,
  AdminDoneSchema,
  AdminFailedJobListSchema,
  AdminPageQuerySchema,
  AdminPaymentListSchema,
  AdminPaymentSchema,
  AdminPlanBodySchema,
  AdminPlanListSchema,
  AdminPlanPatchSchema,
  AdminPlanSchema,
  AdminReportListSchema,
  AdminUploadResultSchema,
  AdminUserListSchema,
  AdminUserSchema,
  AuditListSchema,
  AuditQuerySchema,
  ConfirmFakeBodySchema,
  ConfirmFakeResultSchema,
  ContactRequestPatchSchema,
  ContactRequestQuerySchema,
  JobIdParamsSchema,
  PremiumBodySchema,
  ReasonBodySchema,
  RefundBodySchema,
  ReportQuerySchema,
  UserQuerySchema,
  VerificationListSchema,
  VerificationQuerySchema,
} from '@gurumatch/shared/schemas/admin';
import { z } from 'zod';

const failures = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  503: ErrorBodySchema,
};

const security = [{ bearerAuth: [] }];
const tags = ['admin'];

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const UserIdParams = z.object({
  user_id: z.coerce.number().int().positive().max(2_147_483_647),
});

const list = <Q extends z.ZodType, R extends z.ZodType>(
  summary: string,
  querystring: Q,
  result: R,
) => ({ tags, security, summary, querystring, response: { 200: result, ...failures } });

const action = <P extends z.ZodType, R extends z.ZodType>(
  summary: string,
  params: P,
  result: R,
) => ({
  tags,
  security,
  summary,
  params,
  response: { 200: result, ...failures },
});

const actionWithBody = <P extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  summary: string,
  params: P,
  result: R,
  body: B,
) => ({ tags, security, summary, params, body, response: { 200: result, ...failures } });

const create = <B extends z.ZodType, R extends z.ZodType>(summary: string, body: B, result: R) => ({
  tags,
  security,
  summary,
  body,
  response: { 201: result, ...failures },
});

export const S = {
  verifications: list(
    "Tutors' documents to verify (default: pending, oldest first)",
    VerificationQuerySchema,
    VerificationListSchema,
  ),
  approve: action(
    "Approve a tutor's documents (Verified Tutor; the tutor is e-mailed)",
    UserIdParams,
    AdminDoneSchema,
  ),
  reject: actionWithBody(
    "Reject a tutor's documents with a reason (the tutor is e-mailed)",
    UserIdParams,
    AdminDoneSchema,
    ReasonBodySchema,
  ),
  reports: list(
    'Reports of enquiries with the enquiry, reporter and conversation (default: open)',
    ReportQuerySchema,
    AdminReportListSchema,
  ),
  dismiss: action('Dismiss a report', IdParams, AdminDoneSchema),
  confirmFake: actionWithBody(
    'Confirm a report: archive the enquiry, refund every paying tutor, warn or suspend the poster',
    IdParams,
    ConfirmFakeResultSchema,
    ConfirmFakeBodySchema.nullish(),
  ),
  users: list('Users, searched by name, e-mail or phone', UserQuerySchema, AdminUserListSchema),
  user: action('One user', IdParams, AdminUserSchema),
  suspend: actionWithBody(
    'Suspend a user: sign-in refused and every session ended at once',
    IdParams,
    AdminUserSchema,
    ReasonBodySchema,
  ),
  reinstate: action('Reinstate a suspended user', IdParams, AdminUserSchema),
  premium: actionWithBody(
    'Mark a student premium (or not, with is_premium false)',
    IdParams,
    AdminUserSchema,
    PremiumBodySchema.nullish(),
  ),
  payments: list('Captured payments, newest first', AdminPageQuerySchema, AdminPaymentListSchema),
  refund: {
    ...actionWithBody(
      "Refund a payment within the refund policy's window, once: as coins, or to the original method through the payment provider (taking back the purchase's coins; 409 if some were spent, 502 if the provider refuses)",
      IdParams,
      AdminPaymentSchema,
      RefundBodySchema,
    ),
    response: { 200: AdminPaymentSchema, ...failures, 409: ErrorBodySchema, 502: ErrorBodySchema },
  },
  retryRefund: {
    ...action(
      'Ask the payment provider again for a refund to the original method that failed or whose sending ran out of tries (the coins given back are taken back again; 409 if some were spent)',
      IdParams,
      AdminPaymentSchema,
    ),
    response: { 200: AdminPaymentSchema, ...failures, 409: ErrorBodySchema },
  },
  failedJobs: {
    tags,
    security,
    summary: 'Work after a request that ran out of tries, newest first',
    response: { 200: AdminFailedJobListSchema, ...failures },
  },
  retryJob: action('Give a failed job another try', JobIdParamsSchema, AdminDoneSchema),
  uploadImage: {
    tags,
    security,
    summary:
      'Upload a public image for blogs and FAQs (multipart field image: JPEG, PNG or WebP, checked by content, up to 5 MB); answers its path and URL',
    consumes: ['multipart/form-data'],
    response: { 201: AdminUploadResultSchema, ...failures, 413: ErrorBodySchema },
  },
  blogs: list('Blog posts, drafts included', AdminPageQuerySchema, AdminBlogListSchema),
  createBlog: create(
    'Write a blog post (HTML sanitized on store)',
    AdminBlogBodySchema,
    AdminBlogSchema,
  ),
  updateBlog: actionWithBody(
    'Edit, publish or unpublish a blog post',
    IdParams,
    AdminBlogSchema,
    AdminBlogPatchSchema,
  ),
  deleteBlog: action('Delete a blog post', IdParams, AdminDoneSchema),
  articles: list('FAQ articles, drafts included', AdminPageQuerySchema, AdminArticleListSchema),
  createArticle: create(
    'Write an FAQ article (HTML sanitized on store)',
    AdminArticleBodySchema,
    AdminArticleSchema,
  ),
  updateArticle: actionWithBody(
    'Edit, publish or unpublish an FAQ article',
    IdParams,
    AdminArticleSchema,
    AdminArticlePatchSchema,
  ),
  deleteArticle: action('Delete an FAQ article', IdParams, AdminDoneSchema),
  documents: list(
    'Policies and area guides (search by title or slug)',
    AdminPageQuerySchema,
    AdminDocumentListSchema,
  ),
  updateDocument: actionWithBody(
    "Edit a policy's or area guide's title, description or text (HTML sanitized on store; its last-updated date becomes now)",
    IdParams,
    AdminDocumentSchema,
    AdminDocumentPatchSchema,
  ),
  plans: list('Coin plans, retired ones included', AdminPageQuerySchema, AdminPlanListSchema),
  createPlan: create('Create a coin plan', AdminPlanBodySchema, AdminPlanSchema),
  updatePlan: actionWithBody(
    'Edit or retire (is_active false) a coin plan',
    IdParams,
    AdminPlanSchema,
    AdminPlanPatchSchema,
  ),
  coupons: list('Coupons', AdminPageQuerySchema, AdminCouponListSchema),
  createCoupon: create('Create a coupon', AdminCouponBodySchema, AdminCouponSchema),
  updateCoupon: actionWithBody(
    'Edit or retire (is_active false) a coupon',
    IdParams,
    AdminCouponSchema,
    AdminCouponPatchSchema,
  ),
  contactRequests: list(
    'Contact requests, newest first (filter by status)',
    ContactRequestQuerySchema,
    AdminContactRequestListSchema,
  ),
  updateContactRequest: actionWithBody(
    "Set a contact request's status (new, answered, closed) and note",
    IdParams,
    AdminContactRequestSchema,
    ContactRequestPatchSchema,
  ),
  contactRequestImage: {
    tags,
    security,
    summary: 'The image a contact request came with',
    params: IdParams,
    // the file itself on success; errors are the usual JSON
  },
  auditLog: list('What administrators did, newest first', AuditQuerySchema, AuditListSchema),
};
