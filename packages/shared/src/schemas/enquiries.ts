import { z } from 'zod';

import { BOARDS } from '../catalogues/boards.ts';
import { CLASS_LEVELS, OTHER_CLASS_OPTION } from '../catalogues/classes.ts';
import { LANGUAGES } from '../catalogues/languages.ts';
import { REPORT_REASONS } from '../catalogues/report-reasons.ts';
import { SUBJECTS } from '../catalogues/subjects.ts';
import {
  ENQUIRY_NAME_MAX_LENGTH,
  ENQUIRY_NAME_MIN_LENGTH,
  PROFILE_LIST_MAX_ITEMS,
  REPORT_MESSAGE_MAX_LENGTH,
} from '../constants.ts';
import {
  CONTACT_PENDING,
  ENQUIRY_BUDGET_MAX,
  ENQUIRY_CUSTOM_MAX_LENGTH,
  ENQUIRY_MESSAGE_MAX_LENGTH,
  ENQUIRY_TYPES,
  FEED_RADIUS_KM_MAX,
  PRICE_QUOTE_MAX,
  PRICE_TYPES,
  STUDY_MODES,
  WHEN_TO_START,
} from '../enquiries.ts';
import { ENQUIRY_MESSAGES as M } from '../messages/enquiries.ts';

import { SuccessMessageSchema } from './account.ts';
import { pageParam, pageSizeParam } from './paging.ts';

const OTHER = 'Other';
const MAX_INT = 2_147_483_647;

const trimmed = (max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
    z.string({ error: message }).max(max, message),
  );

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_INT, message);

// ---------------------------------------------------------------------------
// Student: create

/** POST /api/enquiry/enquiries/ — the enquiry form of part 2 §3 and §5. */
export const CreateEnquiryBodySchema = z
  .object({
    name: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value),
      z
        .string({ error: M.nameLength })
        .min(ENQUIRY_NAME_MIN_LENGTH, M.nameLength)
        .max(ENQUIRY_NAME_MAX_LENGTH, M.nameLength),
    ),
    address: id(M.addressRequired),
    study_mode: z.enum(STUDY_MODES, { error: M.studyModeRequired }),
    board: z.preprocess(
      (value) => value ?? '',
      z.union([z.enum(BOARDS), z.literal('')], { error: M.boardInvalid }),
    ),
    class_level: z.enum(CLASS_LEVELS, { error: M.classRequired }),
    custom_class: trimmed(ENQUIRY_CUSTOM_MAX_LENGTH, M.customTooLong),
    subject: z.enum(SUBJECTS, { error: M.subjectRequired }),
    custom_subject: trimmed(ENQUIRY_CUSTOM_MAX_LENGTH, M.customTooLong),
    language: z.enum(LANGUAGES, { error: M.languageRequired }),
    custom_language: trimmed(ENQUIRY_CUSTOM_MAX_LENGTH, M.customTooLong),
    user_budget: z.coerce
      .number({ error: M.budgetInvalid })
      .int(M.budgetInvalid)
      .positive(M.budgetInvalid)
      .max(ENQUIRY_BUDGET_MAX, M.budgetInvalid),
    when_to_start: z.enum(WHEN_TO_START, { error: M.whenToStartRequired }),
    female_tutor_preferred: z.preprocess((value) => value ?? false, z.boolean()),
  })
  .superRefine((body, ctx) => {
    if (body.class_level === OTHER_CLASS_OPTION && !body.custom_class) {
      ctx.addIssue({ code: 'custom', path: ['custom_class'], message: M.customClassRequired });
    }
    if (body.subject === OTHER && !body.custom_subject) {
      ctx.addIssue({ code: 'custom', path: ['custom_subject'], message: M.customSubjectRequired });
    }
    if (body.language === OTHER && !body.custom_language) {
      ctx.addIssue({
        code: 'custom',
        path: ['custom_language'],
        message: M.customLanguageRequired,
      });
    }
  });
export type CreateEnquiryBody = z.infer<typeof CreateEnquiryBodySchema>;

// ---------------------------------------------------------------------------
// Answers

export const EnquiryAddressSchema = z.object({
  formatted_address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

/**
 * Ours: one tutor's response to the poster's enquiry, as the enquiry page lists
 * it. Of the tutor it carries only what their public profile shows.
 */
export const EnquiryResponseSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  price_quote: z.number().int(),
  price_type: z.enum(PRICE_TYPES),
  responded_at: z.string(),
  tutor: z.object({
    id: z.number().int(),
    full_name: z.string(),
    avatar: z.string().nullable(),
    is_doc_verified: z.boolean(),
    rating: z.number(),
    review_count: z.number().int(),
  }),
});
export type EnquiryResponse = z.infer<typeof EnquiryResponseSchema>;

/** GET /api/enquiry/enquiries/{id}/ for the poster. */
export const StudentEnquirySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  class_level: z.string(),
  custom_class: z.string(),
  subject: z.string(),
  custom_subject: z.string(),
  language: z.string(),
  custom_language: z.string(),
  board: z.string(),
  study_mode: z.enum(STUDY_MODES),
  user_budget: z.number().int(),
  when_to_start: z.enum(WHEN_TO_START),
  female_tutor_preferred: z.boolean(),
  coins_required: z.number().int(),
  responded_count: z.number().int(),
  total_responses: z.number().int(),
  days_left: z.number().int(),
  posted_at: z.string(),
  archived: z.boolean(),
  address: EnquiryAddressSchema,
  user: z.object({ phone_number: z.string(), email: z.string() }),
  /** Ours: the tutors who responded, first response first (active accounts only). */
  responses: z.array(EnquiryResponseSchema),
});
export type StudentEnquiry = z.infer<typeof StudentEnquirySchema>;

export const StudentEnquiryListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  subject: z.string(),
  class_level: z.string(),
  study_mode: z.enum(STUDY_MODES),
  responded_count: z.number().int(),
  total_responses: z.number().int(),
  days_left: z.number().int(),
  user_budget: z.number().int(),
  profile_image: z.string().nullable(),
  archived: z.boolean(),
  posted_at: z.string(),
});
export type StudentEnquiryListItem = z.infer<typeof StudentEnquiryListItemSchema>;

function pagedListOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export const StudentEnquiryListSchema = pagedListOf(StudentEnquiryListItemSchema);
export type StudentEnquiryList = z.infer<typeof StudentEnquiryListSchema>;

export const TotalEnquiriesSchema = z.object({
  total_enquiries: z.number().int(),
  can_create_more: z.boolean(),
});
export type TotalEnquiries = z.infer<typeof TotalEnquiriesSchema>;

/** A card of the feed, the contacted and the starred lists. */
export const EnquiryCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  class_level: z.string(),
  subject: z.string(),
  study_mode: z.enum(STUDY_MODES),
  coins_required: z.number().int(),
  coins_reduced: z.number().int(),
  days_left: z.number().int(),
  responded_count: z.number().int(),
  total_responses: z.number().int(),
  time_ago: z.string(),
  viewed: z.boolean(),
  is_starred: z.boolean(),
  /** Ours on the card (the spec has it on the enquiry): the poster asks for a female tutor. */
  female_tutor_preferred: z.boolean(),
  /** Ours: km from the selected address (offline and 'both' enquiries), else null. */
  distance_km: z.number().nullable(),
  address: z.object({ city: z.string(), state: z.string() }),
  user: z.object({ profile_avatar: z.string().nullable() }),
  image: z.string().nullable(),
});
export type EnquiryCard = z.infer<typeof EnquiryCardSchema>;

/**
 * GET /api/enquiry/enquiries/{id}/ for a tutor. Until the tutor has contacted,
 * the poster's keys stay but reveal almost nothing: the last 2 phone digits,
 * `email` "", `last_login` null, the first name, and the position of the
 * locality only.
 */
export const TutorEnquirySchema = EnquiryCardSchema.extend({
  board: z.string(),
  user_budget: z.number().int(),
  custom_class: z.string(),
  custom_subject: z.string(),
  language: z.string(),
  custom_language: z.string(),
  when_to_start: z.enum(WHEN_TO_START),
  female_tutor_preferred: z.boolean(),
  posted_at: z.string(),
  is_contacted: z.boolean(),
  /** Ours: whether this tutor may contact posters now (approved documents, verified e-mail). */
  can_contact: z.boolean(),
  /** Ours: what is still pending before contacting opens (empty when it is open). */
  contact_pending: z.array(z.enum(CONTACT_PENDING)),
  address: z.object({
    city: z.string(),
    state: z.string(),
    country: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
  user: z.object({
    phone_number: z.string(),
    full_name: z.string(),
    email: z.string(),
    profile_avatar: z.string().nullable(),
    last_login: z.string().nullable(),
  }),
});
export type TutorEnquiry = z.infer<typeof TutorEnquirySchema>;

export const EnquiryDetailSchema = z.union([StudentEnquirySchema, TutorEnquirySchema]);

export const EnquiryCardListSchema = pagedListOf(EnquiryCardSchema);
export type EnquiryCardList = z.infer<typeof EnquiryCardListSchema>;

export const FeedAddressSchema = z.object({
  id: z.number().int(),
  formatted_address: z.string(),
  is_primary: z.boolean(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
});
export type FeedAddress = z.infer<typeof FeedAddressSchema>;

export const FeedFiltersSchema = z.object({
  classes: z.array(z.string()),
  subjects: z.array(z.string()),
  requirements: z.array(z.string()),
  addresses: z.array(FeedAddressSchema),
});
export type FeedFilters = z.infer<typeof FeedFiltersSchema>;

/** GET /api/enquiry/teacher/enquiry-filters/ */
export const FeedWithFiltersSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.object({ filters: FeedFiltersSchema, enquiries: z.array(EnquiryCardSchema) }),
});
export type FeedWithFilters = z.infer<typeof FeedWithFiltersSchema>;

const listOf = (max: number) =>
  z.preprocess(
    (value) => value ?? [],
    z
      .array(z.string().trim().min(1).max(ENQUIRY_CUSTOM_MAX_LENGTH), { error: M.filtersInvalid })
      .max(max, M.filtersInvalid),
  );

/** POST /api/enquiry/teacher/enquiry-filters/ */
export const FeedQueryBodySchema = z.object({
  filters: z.preprocess(
    (value) => value ?? {},
    z.object({
      classes: listOf(PROFILE_LIST_MAX_ITEMS),
      subjects: listOf(PROFILE_LIST_MAX_ITEMS),
      requirements: z.preprocess(
        (value) => value ?? [],
        z.array(z.enum(STUDY_MODES, { error: M.filtersInvalid })).max(3),
      ),
      /** Ignored (the tutor's own addresses come from the server). */
      addresses: z.unknown().optional(),
      selected_address_id: z.preprocess(
        (value) => (value === '' ? null : value),
        id(M.selectedAddressInvalid).nullable().optional(),
      ),
      enquiry_types: z.preprocess(
        (value) => value ?? [],
        z.array(z.enum(ENQUIRY_TYPES, { error: M.filtersInvalid })).max(3),
      ),
      /** Ours: the radius around the selected address, km (default 10). */
      radius_km: z.coerce.number().positive().max(FEED_RADIUS_KM_MAX).optional(),
    }),
  ),
});
export type FeedQueryBody = z.infer<typeof FeedQueryBodySchema>;

/** `?page=&page_size=` of every enquiry list. */
export const PageQuerySchema = z.object({
  page: pageParam(M.invalidPage).optional(),
  page_size: pageSizeParam(M.invalidPage).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const StarResultSchema = z.object({ status: z.enum(['starred', 'unstarred']) });
export type StarResult = z.infer<typeof StarResultSchema>;

export const ContactDetailsSchema = z.object({
  id: z.number().int(),
  contact_number: z.string(),
  conversation_id: z.number().int(),
  when_to_start: z.enum(WHEN_TO_START),
  price_quote: z.number().int(),
  price_type: z.enum(PRICE_TYPES),
});
export type ContactDetails = z.infer<typeof ContactDetailsSchema>;

/** The send-message answer: the contact details, with what the contact cost and the balance left (ours). */
export const SendMessageResultSchema = ContactDetailsSchema.extend({
  coins_spent: z.number().int(),
  coins_left: z.number().int(),
});
export type SendMessageResult = z.infer<typeof SendMessageResultSchema>;

export const CheckContactedSchema = z.object({
  exists: z.boolean(),
  contact_details: ContactDetailsSchema.nullable(),
});
export type CheckContacted = z.infer<typeof CheckContactedSchema>;

/** POST /api/enquiry/{id}/send-message/ */
export const SendMessageBodySchema = z.object({
  price_quote: z.coerce
    .number({ error: M.priceQuoteInvalid })
    .int(M.priceQuoteInvalid)
    .positive(M.priceQuoteInvalid)
    .max(PRICE_QUOTE_MAX, M.priceQuoteInvalid),
  price_type: z.enum(PRICE_TYPES, { error: M.priceTypeRequired }),
  message: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: M.messageRequired })
      .min(1, M.messageRequired)
      .max(ENQUIRY_MESSAGE_MAX_LENGTH, M.messageTooLong),
  ),
});
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;

export const CheckReportedSchema = z.object({ is_reported: z.boolean() });

/** POST /api/enquiry/report/ */
export const ReportBodySchema = z.object({
  enquiry: id(M.notFound),
  reason: z.enum(REPORT_REASONS, { error: M.reasonRequired }),
  message: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
    z.string().max(REPORT_MESSAGE_MAX_LENGTH, M.reportMessageTooLong),
  ),
});
export type ReportBody = z.infer<typeof ReportBodySchema>;

export const ReportResultSchema = SuccessMessageSchema.extend({ id: z.number().int() });

export const ArchiveResultSchema = SuccessMessageSchema;
