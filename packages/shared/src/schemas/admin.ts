import { z } from 'zod';

import { ROLES } from '../constants.ts';
import {
  CONTACT_REQUEST_STATUSES,
  REASON_MAX_LENGTH,
  REPORT_STATUSES,
  VERIFICATION_STATUSES,
} from '../messages/admin.ts';
import {
  ARTICLE_CATEGORIES,
  CONTENT_MESSAGES,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  YOUTUBE_VIDEO_ID_PATTERN,
} from '../messages/content.ts';

import { SiteDocumentSchema } from './content.ts';
import { pageParam, pageSizeParam, positiveIntegerParam } from './paging.ts';

/**
 * Wire shapes of the back office, `/api/admin/...` (administrators only).
 * Lists are paged `{count, next, previous, results}` with `page`/`page_size`.
 */

export function pagedListOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export const AdminPageQuerySchema = z.object({
  page: pageParam(CONTENT_MESSAGES.invalidPage).optional(),
  page_size: pageSizeParam(CONTENT_MESSAGES.invalidPageSize).optional(),
  search: z.string().trim().max(200).optional(),
});
export type AdminPageQuery = z.infer<typeof AdminPageQuerySchema>;

const reason = z
  .string({ error: 'Please give a reason.' })
  .trim()
  .min(1, 'Please give a reason.')
  .max(REASON_MAX_LENGTH, `At most ${String(REASON_MAX_LENGTH)} characters.`);

export const ReasonBodySchema = z.object({ reason });
export type ReasonBody = z.infer<typeof ReasonBodySchema>;

export const AdminDoneSchema = z.object({ success: z.literal(true), message: z.string() });
export type AdminDone = z.infer<typeof AdminDoneSchema>;

// ---- verification -------------------------------------------------------

export const VerificationQuerySchema = AdminPageQuerySchema.extend({
  status: z.enum([...VERIFICATION_STATUSES, 'all']).optional(),
});
export type VerificationQuery = z.infer<typeof VerificationQuerySchema>;

export const VerificationItemSchema = z.object({
  user_id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(VERIFICATION_STATUSES),
  is_doc_verified: z.boolean(),
  reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** Private: fetch with the administrator's bearer token. */
  id_proof: z.string().nullable(),
  qualification_proof: z.string().nullable(),
  submitted_at: z.string(),
});
export type VerificationItem = z.infer<typeof VerificationItemSchema>;
export const VerificationListSchema = pagedListOf(VerificationItemSchema);
export type VerificationList = z.infer<typeof VerificationListSchema>;

// ---- users --------------------------------------------------------------

export const UserQuerySchema = AdminPageQuerySchema.extend({
  role: z.enum(ROLES).optional(),
  status: z.enum(['active', 'suspended']).optional(),
});
export type UserQuery = z.infer<typeof UserQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  is_active: z.boolean(),
  is_premium: z.boolean(),
  is_email_verified: z.boolean(),
  is_phone_verified: z.boolean(),
  is_doc_verified: z.boolean(),
  suspended_at: z.string().nullable(),
  suspension_reason: z.string().nullable(),
  warning_count: z.number().int(),
  last_login: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserListSchema = pagedListOf(AdminUserSchema);
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

export const PremiumBodySchema = z.object({ is_premium: z.boolean().default(true) });
export type PremiumBody = z.infer<typeof PremiumBodySchema>;

// ---- reports ------------------------------------------------------------

export const ReportQuerySchema = AdminPageQuerySchema.extend({
  status: z.enum([...REPORT_STATUSES, 'all']).optional(),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

export const ReportMessageSchema = z.object({
  sender_id: z.number().int(),
  content: z.string(),
  created_at: z.string(),
});

export const AdminReportSchema = z.object({
  id: z.number().int(),
  status: z.enum(REPORT_STATUSES),
  reason: z.string(),
  message: z.string(),
  created_at: z.string(),
  reporter: z.object({ id: z.number().int(), full_name: z.string(), email: z.string() }),
  enquiry: z.object({
    id: z.number().int(),
    name: z.string(),
    subject: z.string(),
    class_level: z.string(),
    study_mode: z.string(),
    formatted_address: z.string(),
    user_budget: z.number().int(),
    archived: z.boolean(),
    posted_at: z.string(),
    contacts: z.number().int(),
    reports: z.number().int(),
  }),
  poster: z.object({
    id: z.number().int(),
    full_name: z.string(),
    email: z.string(),
    is_active: z.boolean(),
    warning_count: z.number().int(),
  }),
  /** The reporter's conversation with the poster, oldest first (the last 50 messages). */
  conversation: z.array(ReportMessageSchema),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;
export const AdminReportListSchema = pagedListOf(AdminReportSchema);
export type AdminReportList = z.infer<typeof AdminReportListSchema>;

export const ConfirmFakeBodySchema = z.object({
  /** What happens to the poster: a warning e-mail, or suspension. */
  poster_action: z.enum(['warn', 'suspend']).default('warn'),
  reason: z.string().trim().max(REASON_MAX_LENGTH).optional(),
});
export type ConfirmFakeBody = z.infer<typeof ConfirmFakeBodySchema>;

export const ConfirmFakeResultSchema = AdminDoneSchema.extend({
  refunded_tutors: z.number().int(),
  refunded_coins: z.number().int(),
});
export type ConfirmFakeResult = z.infer<typeof ConfirmFakeResultSchema>;

// ---- payments -----------------------------------------------------------

export const AdminPaymentSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  user: z.object({ id: z.number().int(), full_name: z.string(), email: z.string() }),
  plan: z.string(),
  coins: z.number().int(),
  amount_paise: z.number().int(),
  provider: z.string(),
  provider_payment_id: z.string(),
  invoice_number: z.string(),
  created_at: z.string(),
  refund: z
    .object({
      kind: z.enum(['coins', 'original']),
      /** Coins given (as coins) or taken back (to the original method). */
      coins: z.number().int(),
      amount_paise: z.number().int(),
      reason: z.string(),
      created_at: z.string(),
      /** The provider's refund id (`rfnd_…`) and status; null for refunds as coins. */
      provider_refund_id: z.string().nullable(),
      /** `requested`: decided, not yet accepted by the provider (a job sends it). */
      provider_status: z.enum(['requested', 'pending', 'processed', 'failed']).nullable(),
      /** The provider's words when it refused the refund. */
      provider_error: z.string().nullable(),
    })
    .nullable(),
  /** Whether the refund policy's window is still open. */
  refundable: z.boolean(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;
export const AdminPaymentListSchema = pagedListOf(AdminPaymentSchema);
export type AdminPaymentList = z.infer<typeof AdminPaymentListSchema>;

export const RefundBodySchema = z.object({
  method: z.enum(['coins', 'original']),
  reason,
});
export type RefundBody = z.infer<typeof RefundBodySchema>;

// ---- failed jobs --------------------------------------------------------

/** Work after a request that ran out of tries (a notice, a refund's call, a guarantee…). */
export const AdminFailedJobSchema = z.object({
  id: z.string(),
  /** The kind of job, as the server names it (`notice.response-email`). */
  kind: z.string(),
  /** What it was for, in words. */
  summary: z.string(),
  /** The last try's error. */
  error: z.string(),
  tries: z.number().int(),
  created_at: z.string(),
  failed_at: z.string().nullable(),
});
export type AdminFailedJob = z.infer<typeof AdminFailedJobSchema>;
/** The newest failed jobs (at most ADMIN_FAILED_JOBS_SHOWN); `count` is all of them. */
export const AdminFailedJobListSchema = z.object({
  count: z.number().int(),
  results: z.array(AdminFailedJobSchema),
});
export type AdminFailedJobList = z.infer<typeof AdminFailedJobListSchema>;
export const ADMIN_FAILED_JOBS_SHOWN = 200;
export const JobIdParamsSchema = z.object({ id: z.uuid() });

// ---- content ------------------------------------------------------------

const slug = z
  .string()
  .trim()
  .max(SLUG_MAX_LENGTH)
  .regex(SLUG_PATTERN, 'Use lower-case letters, digits and hyphens.');

const title = z.string().trim().min(1, 'Please enter a title.').max(200);
const html = z.string().max(200_000, 'The text is too long.');
const imageUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/[^/]|https:\/\/)/, 'Use a site path or an https address.');

export const AdminBlogBodySchema = z.object({
  title,
  content: html.refine((value) => value.trim() !== '', 'Please write the post.'),
  featured_image: imageUrl.nullable().optional(),
  published: z.boolean(),
  slug: slug.optional(),
  tags: z.array(z.string().trim().min(1).max(40)).max(10).optional(),
});
export type AdminBlogBody = z.infer<typeof AdminBlogBodySchema>;
export const AdminBlogPatchSchema = AdminBlogBodySchema.partial();
export type AdminBlogPatch = z.infer<typeof AdminBlogPatchSchema>;

export const AdminBlogSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  excerpt: z.string(),
  featured_image: z.string().nullable(),
  tags: z.array(z.string()),
  published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminBlog = z.infer<typeof AdminBlogSchema>;
export const AdminBlogListSchema = pagedListOf(AdminBlogSchema);
export type AdminBlogList = z.infer<typeof AdminBlogListSchema>;

/** `PATCH /api/admin/documents/{id}/`: a policy's or area guide's title, description or text. */
export const AdminDocumentPatchSchema = z
  .object({
    title,
    description: z.string().trim().max(500),
    content: html.refine((value) => value.trim() !== '', 'Please write the text.'),
  })
  .partial();
export type AdminDocumentPatch = z.infer<typeof AdminDocumentPatchSchema>;

export const AdminDocumentSchema = SiteDocumentSchema.extend({
  id: z.number().int(),
  /** False while the stored text is still the repository's; true once edited here. */
  edited: z.boolean(),
});
export type AdminDocument = z.infer<typeof AdminDocumentSchema>;
export const AdminDocumentListSchema = pagedListOf(AdminDocumentSchema);
export type AdminDocumentList = z.infer<typeof AdminDocumentListSchema>;

export const AdminArticleBodySchema = z.object({
  title,
  content: html.refine((value) => value.trim() !== '', 'Please write the answer.'),
  featured_image: imageUrl.nullable().optional(),
  published: z.boolean(),
  slug: slug.optional(),
  category: z.enum(ARTICLE_CATEGORIES).default('student'),
  video_id: z
    .string()
    .regex(YOUTUBE_VIDEO_ID_PATTERN, 'Use an eleven-character YouTube video id.')
    .nullable()
    .optional(),
});
export type AdminArticleBody = z.infer<typeof AdminArticleBodySchema>;
// the category's default is for a new article only: a PATCH without it keeps the stored one
export const AdminArticlePatchSchema = AdminArticleBodySchema.extend({
  category: z.enum(ARTICLE_CATEGORIES),
}).partial();
export type AdminArticlePatch = z.infer<typeof AdminArticlePatchSchema>;

export const AdminArticleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  category: z.enum(ARTICLE_CATEGORIES),
  video_id: z.string().nullable(),
  published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminArticle = z.infer<typeof AdminArticleSchema>;
export const AdminArticleListSchema = pagedListOf(AdminArticleSchema);
export type AdminArticleList = z.infer<typeof AdminArticleListSchema>;

// ---- plans and coupons --------------------------------------------------

/** What an administrator may set on a plan; a PATCH changes only the fields it sends. */
const planFields = {
  name: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_-]{0,39}$/, 'Use lower-case letters, digits, - and _.'),
  display_name: z.string().trim().min(1).max(80),
  coins: z.number().int().positive().max(1_000_000),
  price_paise: z.number().int().min(0).max(100_000_000),
  validity_days: z.number().int().positive().max(3650),
  description: z.string().max(2000),
  recommended: z.boolean(),
  features: z.array(z.string().trim().min(1).max(120)).max(12),
  is_active: z.boolean(),
  sort_order: z.number().int().min(0).max(1000),
};

export const AdminPlanBodySchema = z.object({
  ...planFields,
  description: planFields.description.default(''),
  recommended: planFields.recommended.default(false),
  features: planFields.features.default([]),
  is_active: planFields.is_active.default(true),
  sort_order: planFields.sort_order.default(0),
});
export type AdminPlanBody = z.infer<typeof AdminPlanBodySchema>;
// no defaults here: a field left out keeps its stored value
export const AdminPlanPatchSchema = z.object(planFields).omit({ name: true }).partial();
export type AdminPlanPatch = z.infer<typeof AdminPlanPatchSchema>;

export const AdminPlanSchema = AdminPlanBodySchema.extend({
  id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPlan = z.infer<typeof AdminPlanSchema>;
export const AdminPlanListSchema = pagedListOf(AdminPlanSchema);
export type AdminPlanList = z.infer<typeof AdminPlanListSchema>;

const isoDate = z.iso.datetime({ offset: true }).nullable();

/** What an administrator may set on a coupon; a PATCH changes only the fields it sends. */
const couponFields = {
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{3,40}$/, 'Use 3 to 40 letters, digits, - and _.'),
  kind: z.enum(['percent', 'flat']),
  /** Basis points for `percent` (1000 = 10 %), paise for `flat`. */
  value: z.number().int().positive().max(100_000_000),
  valid_from: isoDate,
  valid_until: isoDate,
  max_redemptions: z.number().int().positive().nullable(),
  max_per_user: z.number().int().positive().max(1000),
  plan_ids: z.array(z.number().int().positive()).max(50),
  is_active: z.boolean(),
};

export const AdminCouponBodySchema = z
  .object({
    ...couponFields,
    valid_from: couponFields.valid_from.default(null),
    valid_until: couponFields.valid_until.default(null),
    max_redemptions: couponFields.max_redemptions.default(null),
    max_per_user: couponFields.max_per_user.default(1),
    plan_ids: couponFields.plan_ids.default([]),
    is_active: couponFields.is_active.default(true),
  })
  .refine((value) => value.kind !== 'percent' || value.value <= 10_000, {
    message: 'A percentage is at most 10000 basis points (100 %).',
    path: ['value'],
  });
export type AdminCouponBody = z.infer<typeof AdminCouponBodySchema>;
// no defaults here: a field left out keeps its stored value
export const AdminCouponPatchSchema = z
  .object(couponFields)
  .omit({ code: true, kind: true })
  .partial();
export type AdminCouponPatch = z.infer<typeof AdminCouponPatchSchema>;

export const AdminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['percent', 'flat']),
  value: z.number().int(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  max_redemptions: z.number().int().nullable(),
  max_per_user: z.number().int(),
  plan_ids: z.array(z.number().int()),
  is_active: z.boolean(),
  redemptions: z.number().int(),
  created_at: z.string(),
});
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;
export const AdminCouponListSchema = pagedListOf(AdminCouponSchema);
export type AdminCouponList = z.infer<typeof AdminCouponListSchema>;

// ---- contact requests ---------------------------------------------------

export const ContactRequestQuerySchema = AdminPageQuerySchema.extend({
  status: z.enum([...CONTACT_REQUEST_STATUSES, 'all']).optional(),
});
export type ContactRequestQuery = z.infer<typeof ContactRequestQuerySchema>;

export const AdminContactRequestSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  contact_number: z.string(),
  subject: z.string(),
  message: z.string(),
  image: z.string().nullable(),
  status: z.enum(CONTACT_REQUEST_STATUSES),
  note: z.string(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type AdminContactRequest = z.infer<typeof AdminContactRequestSchema>;
export const AdminContactRequestListSchema = pagedListOf(AdminContactRequestSchema);
export type AdminContactRequestList = z.infer<typeof AdminContactRequestListSchema>;

export const ContactRequestPatchSchema = z.object({
  status: z.enum(CONTACT_REQUEST_STATUSES).optional(),
  note: z.string().max(2000).optional(),
});
export type ContactRequestPatch = z.infer<typeof ContactRequestPatchSchema>;

// ---- audit log ----------------------------------------------------------

export const AuditQuerySchema = AdminPageQuerySchema.extend({
  target_type: z.string().max(40).optional(),
  target_id: positiveIntegerParam('Invalid id.').optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = pagedListOf(AuditEntrySchema);
export type AuditList = z.infer<typeof AuditListSchema>;

// ---- uploads ------------------------------------------------------------

/** `POST /api/admin/uploads/` (multipart field `image`): a public image for blogs and FAQs. */
export const AdminUploadResultSchema = z.object({
  /** Root-relative, as stored in content (survives a change of domain): `/media/content/…`. */
  path: z.string(),
  /** The same, absolute (PUBLIC_URL + path). */
  url: z.string(),
  content_type: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  bytes: z.number().int(),
});
export type AdminUploadResult = z.infer<typeof AdminUploadResultSchema>;
