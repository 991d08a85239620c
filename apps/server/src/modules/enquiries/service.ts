import {
  coinsReducedFor,
  coinsRequiredFor,
  coinsToPay,
  daysLeft,
  ENQUIRY_ACTIVE_LIMIT,
  ENQUIRY_ACTIVE_LIMIT_PREMIUM,
  ENQUIRY_LIFETIME_DAYS,
  ENQUIRY_TOTAL_RESPONSES,
  FEED_RADIUS_KM_DEFAULT,
  LEAD_GUARANTEE_DAYS,
  STUDY_MODES,
  timeAgo,
  type ContactPending,
  type StudyMode,
} from '@gurumatch/shared/enquiries';
import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import { contactClosedDetail, ENQUIRY_MESSAGES as M } from '@gurumatch/shared/messages/enquiries';
import type { AccessClaims } from '@gurumatch/shared/schemas/auth';
import type {
  CheckContacted,
  ContactDetails,
  CreateEnquiryBody,
  EnquiryCard,
  EnquiryCardList,
  EnquiryResponse,
  FeedAddress,
  FeedQueryBody,
  FeedWithFilters,
  PageQuery,
  ReportBody,
  SendMessageBody,
  SendMessageResult,
  StarResult,
  StudentEnquiry,
  StudentEnquiryList,
  StudentEnquiryListItem,
  TotalEnquiries,
  TutorEnquiry,
} from '@gurumatch/shared/schemas/enquiries';

import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/races.ts';
import { AppError, isAppError } from '../../errors.ts';
import type { JobKind } from '../../jobs/queue.ts';
import { pageSizeLinks, readPageRequest, type PageRequest } from '../../lib/paging.ts';
import { perOwner } from '../../lib/per-owner.ts';
import { toPublicFileUrl } from '../../lib/public-url.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import { queueJobPerItem, sweepJob } from '../../lib/sweep-job.ts';
import { DAY_MS } from '../../lib/time.ts';
import { leadAlertsJobIn } from '../alerts/service.ts';
import { refundCoins, spendCoins } from '../payments/service.ts';

import {
  feedCacheOf,
  feedReaderOf,
  invalidateFeeds,
  liveEnquiriesOf,
  invalidateTutorFeed,
  type CachedFeedPage,
} from './feed-cache.ts';
import type { TutorMarks } from './feed-ranking.ts';
import { feedInputsOf, type FeedInputs } from './feed-readers.ts';
import { queueContactRefundNotice, queueResponseNotice } from './notifications.ts';
import { firstNameOf, localityPosition, maskPhone, roundedDistanceKm } from './poster-view.ts';
import {
  archiveEnquiry as archiveEnquiryRow,
  archiveEnquiryAsFake,
  closeOpenReports,
  countActiveEnquiries,
  findContact,
  findEnquiry,
  findStudentPremium,
  findTutorMarks,
  findTutorStanding,
  findFeedInputs,
  findReportForUpdate,
  findUserName,
  incrementResponded,
  insertContact,
  insertConversation,
  insertEnquiryWithinLimit,
  insertMessage,
  insertReport,
  listContactedEnquiries,
  findDueGuarantee,
  listDueGuarantees,
  listEnquiriesOfStudent,
  listResponsesOfEnquiry,
  listStarredEnquiries,
  lockContactIfUnrefunded,
  lockEnquiry,
  lockPoster,
  lockUnrefundedContacts,
  markContactRefunded,
  markGuaranteeSettled,
  recordView,
  selectFeed,
  setReportStatus,
  toggleStar as toggleStarRow,
  type CardRow,
  type ContactRow,
  type EnquiryRow,
  type FeedRow,
  type FeedCriteria,
  type ReportRow,
  type ResponseRow,
  type TutorProfileRow,
  type TutorStandingRow,
} from './queries.ts';

const ENQUIRY_PATH = '/api/enquiry';

// ---------------------------------------------------------------------------
// Shapes

function fullPhone(row: EnquiryRow): string {
  return row.poster_phone_number
    ? `${row.poster_phone_country_code ?? ''}${row.poster_phone_number}`
    : '';
}

function isLive(row: { archived: boolean; expires_at: Date }, now: Date): boolean {
  return !row.archived && row.expires_at.getTime() > now.getTime();
}

function displayOf(value: string, custom: string): string {
  return custom
    ? `${value === 'Other' || value === 'Other (Specify)' ? '' : `${value} `}${custom}`.trim()
    : value;
}

function toResponse(row: ResponseRow, publicUrl: string): EnquiryResponse {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    price_quote: row.price_quote,
    price_type: row.price_type,
    responded_at: row.created_at.toISOString(),
    tutor: {
      id: row.tutor_id,
      full_name: row.tutor_full_name,
      avatar: toPublicFileUrl(publicUrl, row.tutor_avatar_url),
      is_doc_verified: row.is_doc_verified,
      rating: row.rating,
      review_count: row.review_count,
    },
  };
}

function toStudentEnquiry(
  row: EnquiryRow,
  responses: EnquiryResponse[],
  now: Date,
): StudentEnquiry {
  return {
    id: row.id,
    name: row.name,
    class_level: row.class_level,
    custom_class: row.custom_class,
    subject: row.subject,
    custom_subject: row.custom_subject,
    language: row.language,
    custom_language: row.custom_language,
    board: row.board,
    study_mode: row.study_mode,
    user_budget: row.user_budget,
    when_to_start: row.when_to_start,
    female_tutor_preferred: row.female_tutor_preferred,
    coins_required: row.coins_required,
    responded_count: row.responded_count,
    total_responses: row.total_responses,
    days_left: row.archived ? 0 : daysLeft(row.expires_at, now),
    posted_at: row.posted_at.toISOString(),
    archived: row.archived,
    address: {
      formatted_address: row.formatted_address,
      city: row.city,
      state: row.state,
      country: row.country,
      latitude: row.latitude,
      longitude: row.longitude,
    },
    user: { phone_number: fullPhone(row), email: row.poster_email },
    responses,
  };
}

/** The poster's avatar as an absolute URL, as the token and profile give it (API contract). */
function withPublicAvatar<T extends { poster_avatar_url: string | null }>(
  row: T,
  publicUrl: string,
): T {
  return { ...row, poster_avatar_url: toPublicFileUrl(publicUrl, row.poster_avatar_url) };
}

function toStudentListItem(row: EnquiryRow, now: Date): StudentEnquiryListItem {
  return {
    id: row.id,
    name: row.name,
    title: `${displayOf(row.subject, row.custom_subject)} – ${displayOf(row.class_level, row.custom_class)}`,
    subject: row.subject,
    class_level: row.class_level,
    study_mode: row.study_mode,
    responded_count: row.responded_count,
    total_responses: row.total_responses,
    days_left: row.archived ? 0 : daysLeft(row.expires_at, now),
    user_budget: row.user_budget,
    profile_image: row.poster_avatar_url,
    archived: row.archived,
    posted_at: row.posted_at.toISOString(),
  };
}

function toCard(row: CardRow, now: Date): EnquiryCard {
  const live = row.expires_at.getTime() > now.getTime();
  return {
    id: row.id,
    name: row.name,
    class_level: row.class_level,
    subject: row.subject,
    study_mode: row.study_mode,
    coins_required: row.coins_required,
    coins_reduced: coinsReducedFor(row.coins_required, row.posted_at, now),
    days_left: live ? daysLeft(row.expires_at, now) : 0,
    responded_count: row.responded_count,
    total_responses: row.total_responses,
    time_ago: timeAgo(row.posted_at, now),
    viewed: row.viewed,
    is_starred: row.is_starred,
    female_tutor_preferred: row.female_tutor_preferred,
    distance_km: roundedDistanceKm(row.distance_km),
    address: { city: row.city, state: row.state },
    user: { profile_avatar: row.poster_avatar_url },
    image: row.poster_avatar_url,
  };
}

/**
 * What still keeps the tutor from contacting posters (shared CONTACT_PENDING):
 * approved documents and a verified e-mail are both needed.
 */
export function contactPendingOf(standing: TutorStandingRow | null): ContactPending[] {
  const pending: ContactPending[] = [];
  if (!standing?.is_doc_verified) {
    const status = standing?.verification_status ?? 'none';
    pending.push(
      status === 'pending'
        ? 'documents_pending'
        : status === 'rejected'
          ? 'documents_rejected'
          : 'documents_missing',
    );
  }
  if (!standing?.is_email_verified) pending.push('email_unverified');
  return pending;
}

/**
 * The tutor's view. Before the tutor's contact the poster's keys stay but
 * reveal almost nothing (poster-view.ts); after it, what the spec reveals.
 */
function toTutorEnquiry(
  row: EnquiryRow,
  marks: { is_starred: boolean; viewed: boolean },
  contacted: boolean,
  pending: readonly ContactPending[],
  now: Date,
): TutorEnquiry {
  const position = contacted
    ? { latitude: row.latitude, longitude: row.longitude }
    : localityPosition(row);
  return {
    ...toCard(
      {
        ...row,
        poster_avatar_url: row.poster_avatar_url,
        is_starred: marks.is_starred,
        viewed: marks.viewed,
        distance_km: null,
      },
      now,
    ),
    board: row.board,
    user_budget: row.user_budget,
    custom_class: row.custom_class,
    custom_subject: row.custom_subject,
    language: row.language,
    custom_language: row.custom_language,
    when_to_start: row.when_to_start,
    female_tutor_preferred: row.female_tutor_preferred,
    posted_at: row.posted_at.toISOString(),
    is_contacted: contacted,
    can_contact: pending.length === 0,
    contact_pending: [...pending],
    address: {
      city: row.city,
      state: row.state,
      country: row.country,
      latitude: position.latitude,
      longitude: position.longitude,
    },
    user: contacted
      ? {
          phone_number: fullPhone(row),
          full_name: row.poster_full_name,
          email: row.poster_email,
          profile_avatar: row.poster_avatar_url,
          last_login: row.poster_last_login ? row.poster_last_login.toISOString() : null,
        }
      : {
          phone_number: maskPhone(row.poster_phone_number),
          full_name: firstNameOf(row.poster_full_name),
          email: '',
          profile_avatar: row.poster_avatar_url,
          last_login: null,
        },
  };
}

function toContactDetails(contact: ContactRow, enquiry: EnquiryRow): ContactDetails {
  return {
    id: contact.id,
    contact_number: fullPhone(enquiry),
    conversation_id: contact.conversation_id,
    when_to_start: enquiry.when_to_start,
    price_quote: contact.price_quote,
    price_type: contact.price_type,
  };
}

function notFound(): AppError {
  return new AppError(404, 'not_found', M.notFound);
}

function notLive(): AppError {
  return new AppError(404, 'not_found', M.notExistsOrArchived);
}

// ---------------------------------------------------------------------------
// Students

export function activeLimitFor(isPremium: boolean): number {
  return isPremium ? ENQUIRY_ACTIVE_LIMIT_PREMIUM : ENQUIRY_ACTIVE_LIMIT;
}

/** Posts an enquiry at one of the student's own addresses, within the active limit. */
export async function createEnquiry(
  ctx: AppContext,
  studentId: number,
  body: CreateEnquiryBody,
): Promise<StudentEnquiry> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const poster = await lockPoster(tx, studentId, body.address);
    if (!poster)
      throw new AppError(401, 'token_not_valid', 'Given token not valid for any token type');
    const { address } = poster;
    if (!address) {
      throw new AppError(400, 'validation_error', M.addressInvalid, {
        address: [M.addressInvalid],
      });
    }
    const created = await insertEnquiryWithinLimit(
      tx,
      {
        studentId,
        address,
        name: body.name,
        studyMode: body.study_mode,
        board: body.board,
        classLevel: body.class_level,
        customClass: body.custom_class,
        subject: body.subject,
        customSubject: body.custom_subject,
        language: body.language,
        customLanguage: body.custom_language,
        userBudget: body.user_budget,
        whenToStart: body.when_to_start,
        femaleTutorPreferred: body.female_tutor_preferred,
        coinsRequired: coinsRequiredFor(body.class_level, body.user_budget),
        totalResponses: ENQUIRY_TOTAL_RESPONSES,
        postedAt: now,
        expiresAt: new Date(now.getTime() + ENQUIRY_LIFETIME_DAYS * DAY_MS),
      },
      activeLimitFor(poster.is_premium),
      // the matching tutors are told by a job the insert stores, never from this request
      (from, firstParam) => leadAlertsJobIn(ctx, from, firstParam),
    );
    if (!created) throw new AppError(400, 'enquiry_limit', M.activeLimitReached);
    return created;
  });
  await invalidateFeeds(ctx, { enquiryId: row.id });
  return toStudentEnquiry(row, [], now);
}

export async function listOwnEnquiries(
  ctx: AppContext,
  studentId: number,
  query: PageQuery,
): Promise<StudentEnquiryList> {
  const now = ctx.now();
  const request = readPageRequest(query);
  const cache = feedCacheOf(ctx);
  const key = `own\u0000${String(request.pageSize)}\u0000${String(request.offset)}`;
  let page = cache?.get<EnquiryRow>(studentId, key) ?? null;
  if (!page) {
    const stamp = cache?.stamp(studentId);
    page = await listEnquiriesOfStudent(ctx.db, studentId, request.pageSize, request.offset);
    if (cache && stamp) cache.set(studentId, key, stamp, page);
  }
  const { rows, count } = page;
  return {
    count,
    ...pageSizeLinks(ctx.config.publicUrl, `${ENQUIRY_PATH}/enquiries/`, request, count),
    results: rows.map((row) => toStudentListItem(withPublicAvatar(row, ctx.config.publicUrl), now)),
  };
}

export async function totalEnquiries(ctx: AppContext, studentId: number): Promise<TotalEnquiries> {
  const now = ctx.now();
  const [active, isPremium] = await Promise.all([
    countActiveEnquiries(ctx.db, studentId, now),
    findStudentPremium(ctx.db, studentId),
  ]);
  return { total_enquiries: active, can_create_more: active < activeLimitFor(isPremium) };
}

export async function archiveEnquiry(
  ctx: AppContext,
  studentId: number,
  enquiryId: number,
): Promise<{ success: true; message: string }> {
  const row = await findEnquiry(ctx.db, enquiryId);
  if (row?.student_id !== studentId) throw notFound();
  if (!(await archiveEnquiryRow(ctx.db, enquiryId, studentId, ctx.now()))) {
    throw new AppError(400, 'already_archived', M.alreadyArchived);
  }
  await invalidateFeeds(ctx, { enquiryId });
  return { success: true, message: M.archived };
}

/**
 * The poster sees their own enquiry in full, with the tutors who responded; a
 * tutor sees the card fields with the contact masked until they have contacted
 * it (and the view is recorded). Another student: 404.
 */
export async function getEnquiry(
  ctx: AppContext,
  actor: AccessClaims,
  enquiryId: number,
): Promise<StudentEnquiry | TutorEnquiry> {
  const now = ctx.now();
  const row = await findEnquiry(ctx.db, enquiryId);
  if (actor.role === 'student') {
    if (row?.student_id !== actor.user_id) throw notFound();
    const responses = await listResponsesOfEnquiry(ctx.db, enquiryId);
    return toStudentEnquiry(
      row,
      responses.map((response) => toResponse(response, ctx.config.publicUrl)),
      now,
    );
  }
  if (!row) throw notFound();
  const contact = await findContact(ctx.db, enquiryId, actor.user_id);
  if (!contact && (!isLive(row, now) || !row.poster_is_active)) throw notLive();
  await recordView(ctx.db, enquiryId, actor.user_id, now);
  await invalidateTutorFeed(ctx, actor.user_id);
  const [marks, standing] = await Promise.all([
    findTutorMarks(ctx.db, enquiryId, actor.user_id),
    findTutorStanding(ctx.db, actor.user_id),
  ]);
  return toTutorEnquiry(
    withPublicAvatar(row, ctx.config.publicUrl),
    marks,
    contact !== null,
    contactPendingOf(standing),
    now,
  );
}

// ---------------------------------------------------------------------------
// Tutors: the feed

function modesFor(requirements: readonly string[]): StudyMode[] {
  if (requirements.length === 0) return [...STUDY_MODES];
  const modes = new Set<StudyMode>();
  for (const requirement of requirements) {
    if (requirement === 'online' || requirement === 'both') modes.add('online');
    if (requirement === 'offline' || requirement === 'both') modes.add('offline');
    modes.add('both');
  }
  return [...modes];
}

function profileOf(profile: TutorProfileRow | null): FeedCriteria['profile'] {
  return {
    subjects: profile?.subjects ?? [],
    classes: profile?.interested_classes ?? [],
    boards: profile?.boards ?? [],
    languages: profile?.languages_known ?? [],
  };
}

function toFeedAddress(row: {
  id: number;
  formatted_address: string;
  is_primary: boolean;
  city: string;
  state: string;
  country: string;
}): FeedAddress {
  return {
    id: row.id,
    formatted_address: row.formatted_address,
    is_primary: row.is_primary,
    city: row.city,
    state: row.state,
    country: row.country,
  };
}

async function runFeed(
  ctx: AppContext,
  tutorId: number,
  filters: {
    classes: string[];
    subjects: string[];
    requirements: string[];
    selectedAddressId: number | null;
    types: FeedCriteria['types'];
    radiusKm: number;
  },
  { profile, addresses, marks }: FeedInputs,
  query: PageQuery,
): Promise<EnquiryCardList> {
  const now = ctx.now();
  const request = readPageRequest(query);
  let origin = addresses.find((address) => address.is_primary) ?? addresses[0] ?? null;
  if (filters.selectedAddressId !== null) {
    origin = addresses.find((address) => address.id === filters.selectedAddressId) ?? null;
    if (!origin) {
      throw new AppError(400, 'validation_error', M.selectedAddressInvalid, {
        selected_address_id: [M.selectedAddressInvalid],
      });
    }
  }
  const criteria: Omit<FeedCriteria, 'limit' | 'offset'> = {
    tutorId,
    now,
    classes: filters.classes,
    subjects: filters.subjects,
    modes: modesFor(filters.requirements),
    origin: origin ? { latitude: origin.latitude, longitude: origin.longitude } : null,
    radiusKm: filters.radiusKm,
    types: filters.types,
    profile: profileOf(profile),
  };
  const { rows, count } = await rankedFeedPage(ctx, criteria, marks, request);
  return {
    count,
    ...pageSizeLinks(
      ctx.config.publicUrl,
      `${ENQUIRY_PATH}/teacher/enquiry-filters/`,
      request,
      count,
    ),
    results: rows.map((row) => toCard(withPublicAvatar(row, ctx.config.publicUrl), now)),
  };
}

/** Profile and address reads in flight per database: one tutor's burst of requests shares one. */
const feedInputReadsOf = perOwner<SingleFlight<number, FeedInputs>>(() => new SingleFlight());

/** The tutor's feed inputs: as this instance keeps them, else from the database. */
function tutorFeedInputs(ctx: AppContext, tutorId: number): FeedInputs | Promise<FeedInputs> {
  const kept = feedReaderOf(ctx, tutorId);
  if (kept) return kept.inputs;
  return feedInputReadsOf(ctx.db).run(tutorId, async () =>
    feedInputsOf(await findFeedInputs(ctx.db, tutorId)),
  );
}

/**
 * One ranked page and the total. Ranked in memory from the live enquiries,
 * which costs less than keeping the page would; ranked by the database until
 * they are loaded, and then from the feed cache when it holds the page.
 */
async function rankedFeedPage(
  ctx: AppContext,
  criteria: Omit<FeedCriteria, 'limit' | 'offset'>,
  marks: TutorMarks,
  request: PageRequest,
): Promise<CachedFeedPage> {
  const live = liveEnquiriesOf(ctx);
  if (live) {
    return pageOf(request, (limit, offset) => live.rank({ ...criteria, limit, offset }, marks));
  }
  const cache = feedCacheOf(ctx);
  const { tutorId, now: _now, ...rest } = criteria;
  const key = JSON.stringify([rest, request.pageSize, request.offset]);
  const cached = cache?.get<FeedRow>(tutorId, key);
  if (cached) return cached;
  const stamp = cache?.stamp(tutorId);
  const page = await pageOf(request, (limit, offset) =>
    selectFeed(ctx.db, { ...criteria, limit, offset }),
  );
  if (cache && stamp) cache.set(tutorId, key, stamp, page);
  return page;
}

/** The requested page of a ranking, and the total. */
async function pageOf(
  request: PageRequest,
  select: (limit: number, offset: number) => FeedRow[] | Promise<FeedRow[]>,
): Promise<CachedFeedPage> {
  const rows = await select(request.pageSize, request.offset);
  // past the last page there are no rows to carry the total: count it on page 1's terms
  const count =
    rows[0]?.total_count ?? (request.page > 1 ? ((await select(1, 0))[0]?.total_count ?? 0) : 0);
  return { rows, count };
}

/** GET: the feed on the tutor's own profile choices, with those choices and addresses. */
export async function feedWithFilters(
  ctx: AppContext,
  tutorId: number,
  query: PageQuery,
): Promise<FeedWithFilters> {
  const inputs = await tutorFeedInputs(ctx, tutorId);
  const { profile, addresses } = inputs;
  const filters = {
    classes: profile?.interested_classes ?? [],
    subjects: profile?.subjects ?? [],
    requirements: profile?.requirement ? [profile.requirement] : [],
  };
  const page = await runFeed(
    ctx,
    tutorId,
    {
      ...filters,
      selectedAddressId: null,
      types: [],
      radiusKm: FEED_RADIUS_KM_DEFAULT,
    },
    inputs,
    query,
  );
  return {
    count: page.count,
    next: page.next,
    previous: page.previous,
    results: {
      filters: { ...filters, addresses: addresses.map(toFeedAddress) },
      enquiries: page.results,
    },
  };
}

/** POST: the feed on the filters the tutor chose in the filter modal. */
export async function filterFeed(
  ctx: AppContext,
  tutorId: number,
  body: FeedQueryBody,
  query: PageQuery,
): Promise<EnquiryCardList> {
  const { filters } = body;
  const inputs = await tutorFeedInputs(ctx, tutorId);
  return runFeed(
    ctx,
    tutorId,
    {
      classes: filters.classes,
      subjects: filters.subjects,
      requirements: filters.requirements,
      selectedAddressId: filters.selected_address_id ?? null,
      types: filters.enquiry_types,
      radiusKm: filters.radius_km ?? FEED_RADIUS_KM_DEFAULT,
    },
    inputs,
    query,
  );
}

export async function listContacted(
  ctx: AppContext,
  tutorId: number,
  query: PageQuery,
): Promise<EnquiryCardList> {
  const now = ctx.now();
  const request = readPageRequest(query);
  const { rows, count } = await listContactedEnquiries(
    ctx.db,
    tutorId,
    request.pageSize,
    request.offset,
  );
  return {
    count,
    ...pageSizeLinks(ctx.config.publicUrl, `${ENQUIRY_PATH}/contacted/`, request, count),
    results: rows.map((row) => toCard(withPublicAvatar(row, ctx.config.publicUrl), now)),
  };
}

export async function listStarred(
  ctx: AppContext,
  tutorId: number,
  query: PageQuery,
): Promise<EnquiryCardList> {
  const now = ctx.now();
  const request = readPageRequest(query);
  const { rows, count } = await listStarredEnquiries(
    ctx.db,
    tutorId,
    now,
    request.pageSize,
    request.offset,
  );
  return {
    count,
    ...pageSizeLinks(ctx.config.publicUrl, `${ENQUIRY_PATH}/starred/`, request, count),
    results: rows.map((row) => toCard(withPublicAvatar(row, ctx.config.publicUrl), now)),
  };
}

/** Stars or unstars a live enquiry. */
export async function toggleStar(
  ctx: AppContext,
  tutorId: number,
  enquiryId: number,
): Promise<StarResult> {
  const now = ctx.now();
  const row = await findEnquiry(ctx.db, enquiryId);
  if (!row) throw notFound();
  const starred = await ctx.db.transaction(async (tx) => {
    // a star may always be removed; a new one only on a live enquiry
    const result = await toggleStarRow(tx, enquiryId, tutorId, now);
    if (result && !isLive(row, now)) throw notLive();
    return result;
  });
  await invalidateTutorFeed(ctx, tutorId);
  return { status: starred ? 'starred' : 'unstarred' };
}

// ---------------------------------------------------------------------------
// Tutors: contacting

export async function checkContacted(
  ctx: AppContext,
  tutorId: number,
  enquiryId: number,
): Promise<CheckContacted> {
  const row = await findEnquiry(ctx.db, enquiryId);
  if (!row) throw notFound();
  const contact = await findContact(ctx.db, enquiryId, tutorId);
  return contact
    ? { exists: true, contact_details: toContactDetails(contact, row) }
    : { exists: false, contact_details: null };
}

function firstMessageOf(body: SendMessageBody): string {
  const quote = `Price quote: ₹${body.price_quote.toLocaleString('en-IN')} (${body.price_type})`;
  return `${body.message}\n\n${quote}`;
}

/**
 * Contacts the poster: in one transaction, with the enquiry row locked, takes
 * the coins through the ledger, records the contact, opens the conversation
 * with the tutor's message and quote as its first message, and counts the
 * response. A second contact by the same tutor and a contact beyond
 * `total_responses` are refused (409) before any coin is taken, and so is any
 * contact by a tutor whose documents are not approved or whose e-mail is not
 * verified (403 `contact_not_allowed`, saying what is pending).
 */
export async function sendMessage(
  ctx: AppContext,
  tutorId: number,
  enquiryId: number,
  body: SendMessageBody,
): Promise<SendMessageResult> {
  const now = ctx.now();
  let result: { contact: ContactRow; enquiry: EnquiryRow; coinsLeft: number };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const pending = contactPendingOf(await findTutorStanding(tx, tutorId));
      if (pending.length > 0) {
        throw new AppError(403, 'contact_not_allowed', contactClosedDetail(pending));
      }
      const enquiry = await lockEnquiry(tx, enquiryId);
      if (!enquiry) throw notFound();
      if (!isLive(enquiry, now) || !enquiry.poster_is_active) throw notLive();
      if (await findContact(tx, enquiryId, tutorId)) {
        throw new AppError(409, 'already_contacted', M.alreadyContacted);
      }
      if (enquiry.responded_count >= enquiry.total_responses) {
        throw new AppError(409, 'responses_full', M.responsesFull);
      }
      const coins = coinsToPay({
        coins_required: enquiry.coins_required,
        coins_reduced: coinsReducedFor(enquiry.coins_required, enquiry.posted_at, now),
      });
      const spend = await spendCoins(tx, {
        userId: tutorId,
        coins,
        reason: `Contacted enquiry #${String(enquiryId)}`,
        enquiryId,
        now,
      });
      const conversationId = await insertConversation(tx, {
        enquiryId,
        tutorId,
        studentId: enquiry.student_id,
        now,
      });
      await insertMessage(tx, {
        conversationId,
        senderId: tutorId,
        content: firstMessageOf(body),
        now,
      });
      const contact = await insertContact(tx, {
        enquiryId,
        tutorId,
        conversationId,
        spendEntryId: spend.entryId,
        coinsSpent: coins,
        priceQuote: body.price_quote,
        priceType: body.price_type,
        now,
      });
      await incrementResponded(tx, enquiryId);
      await recordView(tx, enquiryId, tutorId, now);
      await queueResponseNotice(ctx, tx, {
        studentName: enquiry.poster_full_name,
        studentEmail: enquiry.poster_email,
        studentPhone: fullPhone(enquiry) || null,
        tutorName: await findUserName(tx, tutorId),
        enquiryName: enquiry.name,
        priceQuote: contact.price_quote,
        priceType: contact.price_type,
        conversationId: contact.conversation_id,
      });
      return { contact, enquiry, coinsLeft: spend.balanceAfter };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'already_contacted', M.alreadyContacted);
    throw error;
  }
  const { contact, enquiry, coinsLeft } = result;
  // the responded count changed for everyone, and this tutor's marks
  await invalidateFeeds(ctx, { enquiryId });
  await invalidateTutorFeed(ctx, tutorId);
  return {
    ...toContactDetails(contact, enquiry),
    coins_spent: contact.coins_spent,
    coins_left: coinsLeft,
  };
}

// ---------------------------------------------------------------------------
// Tutors: reports

export async function checkReported(
  ctx: AppContext,
  tutorId: number,
  enquiryId: number,
): Promise<{ is_reported: boolean }> {
  if (!(await findEnquiry(ctx.db, enquiryId))) throw notFound();
  const marks = await findTutorMarks(ctx.db, enquiryId, tutorId);
  return { is_reported: marks.is_reported };
}

export async function reportEnquiry(
  ctx: AppContext,
  tutorId: number,
  body: ReportBody,
): Promise<{ success: true; message: string; id: number }> {
  if (!(await findEnquiry(ctx.db, body.enquiry))) throw notFound();
  const id = await insertReport(ctx.db, {
    enquiryId: body.enquiry,
    tutorId,
    reason: body.reason,
    message: body.message,
    now: ctx.now(),
  });
  if (id === null) throw new AppError(409, 'already_reported', M.alreadyReportedError);
  await invalidateTutorFeed(ctx, tutorId);
  return { success: true, message: M.reported, id };
}

// ---------------------------------------------------------------------------
// Refunds

const GUARANTEE_REASON = `The poster did not answer your chat within ${String(LEAD_GUARANTEE_DAYS)} days of your contact (lead guarantee).`;

/** Contacts whose guarantee one sweep looks at (a job each). */
const GUARANTEE_SWEEP_LIMIT = 5000;
const GUARANTEE_RETRY_LIMIT = 5;
const GUARANTEE_RETRY_DELAY_SECONDS = 60;
export const LEAD_GUARANTEE_SWEEP_JOB = 'enquiries.lead-guarantee-sweep';
export const LEAD_GUARANTEE_JOB = 'enquiries.lead-guarantee';

/**
 * The 7-day lead guarantee, as a sweep: one job per contact older than
 * LEAD_GUARANTEE_DAYS whose guarantee is still open (a contact whose job waits
 * or failed is not asked for twice). Answers how many were due.
 */
export async function queueDueGuarantees(ctx: AppContext): Promise<number> {
  const guaranteeMs = LEAD_GUARANTEE_DAYS * DAY_MS;
  const cutoff = new Date(ctx.now().getTime() - guaranteeMs);
  const due = await listDueGuarantees(ctx.db, cutoff, guaranteeMs, GUARANTEE_SWEEP_LIMIT);
  await queueJobPerItem(ctx, LEAD_GUARANTEE_JOB, due, (contact) => ({
    key: contact.id,
    data: { contactId: contact.id },
  }));
  return due.length;
}

/** A contact whose coins can be given back, with what its tutor's e-mail names. */
interface RefundableContact {
  id: number;
  tutor_id: number;
  spend_entry_id: number;
  tutor_email: string;
  tutor_full_name: string;
  enquiry_name: string;
}

/**
 * Inside the caller's transaction: gives a contact's coins back, marks it
 * refunded and stores the tutor's e-mail. Answers the coins given back (0 when
 * they came back already through another path: only the contact is marked).
 */
async function refundContact(
  ctx: AppContext,
  tx: Queryable,
  contact: RefundableContact,
  reason: string,
  now: Date,
): Promise<number> {
  let coins = 0;
  try {
    const refund = await refundCoins(tx, {
      userId: contact.tutor_id,
      spendEntryId: contact.spend_entry_id,
      reason,
      now,
    });
    coins = refund.coins;
  } catch (error) {
    if (!(isAppError(error) && error.code === 'already_refunded')) throw error;
  }
  await markContactRefunded(tx, contact.id, reason, now);
  await queueContactRefundNotice(ctx, tx, {
    email: contact.tutor_email,
    name: contact.tutor_full_name,
    enquiryName: contact.enquiry_name,
    coins,
    reason,
  });
  return coins;
}

/**
 * One contact's guarantee: settled when the poster answered in time, else its
 * coins back and an e-mail (stored with the refund). Safe to run twice: the
 * contact's lock and its `refunded_at` let one run through.
 */
export async function settleLeadGuarantee(
  ctx: AppContext,
  contactId: number,
): Promise<'refunded' | 'settled' | 'closed'> {
  const now = ctx.now();
  const guaranteeMs = LEAD_GUARANTEE_DAYS * DAY_MS;
  const cutoff = new Date(now.getTime() - guaranteeMs);
  const contact = await findDueGuarantee(ctx.db, contactId, cutoff, guaranteeMs);
  if (!contact) return 'closed';
  if (contact.student_replied) {
    await markGuaranteeSettled(ctx.db, contact.id, now);
    return 'settled';
  }
  return ctx.db.transaction(async (tx) => {
    if (!(await lockContactIfUnrefunded(tx, contact.id))) return 'closed' as const;
    await refundContact(ctx, tx, contact, GUARANTEE_REASON, now);
    return 'refunded' as const;
  });
}

/** The guarantee's sweep (every 15 minutes) and its one job per contact. */
export function leadGuaranteeJobs(ctx: AppContext): JobKind<never>[] {
  const sweep = sweepJob({
    name: LEAD_GUARANTEE_SWEEP_JOB,
    cron: '*/15 * * * *',
    describe: 'Look for lead guarantees that are due',
    run: () => queueDueGuarantees(ctx),
    retryLimit: 2,
  });
  const one: JobKind<{ contactId: number }> = {
    name: LEAD_GUARANTEE_JOB,
    retryLimit: GUARANTEE_RETRY_LIMIT,
    retryDelaySeconds: GUARANTEE_RETRY_DELAY_SECONDS,
    describe: (job) => `Lead guarantee of contact ${String(job.contactId)}`,
    run: async (job) => {
      await settleLeadGuarantee(ctx, job.contactId);
    },
  };
  return [sweep, one] as JobKind<never>[];
}

/**
 * Refunds every tutor who paid for the enquiry and was not refunded yet (an
 * administrator confirmed it fake). Answers how many contacts and coins.
 */
/** The tutors refunded by `refundContactsWithin`, to be told once the transaction commits. */
export interface RefundedContact {
  tutorEmail: string;
  tutorName: string;
  enquiryName: string;
  coins: number;
}

/**
 * Inside the caller's transaction: gives back the coins of every tutor who
 * contacted the enquiry and was not refunded yet, marks the contacts, and
 * stores each tutor's e-mail (sent once the transaction commits).
 */
export async function refundContactsWithin(
  ctx: AppContext,
  tx: Queryable,
  enquiryId: number,
  reason: string,
  now: Date,
): Promise<RefundedContact[]> {
  const contacts = await lockUnrefundedContacts(tx, enquiryId);
  const refunded: RefundedContact[] = [];
  for (const contact of contacts) {
    const coins = await refundContact(ctx, tx, contact, reason, now);
    refunded.push({
      tutorEmail: contact.tutor_email,
      tutorName: contact.tutor_full_name,
      enquiryName: contact.enquiry_name,
      coins,
    });
  }
  return refunded;
}

export async function refundContactsOfEnquiry(
  ctx: AppContext,
  enquiryId: number,
  reason: string,
): Promise<{ refunded: number; coins: number }> {
  const now = ctx.now();
  const refunded = await ctx.db.transaction((tx) =>
    refundContactsWithin(ctx, tx, enquiryId, reason, now),
  );
  return { refunded: refunded.length, coins: refunded.reduce((sum, item) => sum + item.coins, 0) };
}

/** For other modules whose writes change what tutors' feeds show. */
export { invalidateFeeds, invalidateTutorFeed } from './feed-cache.ts';
/** For the metrics. */
export { liveEnquiriesStats, type LiveEnquiriesStats } from './feed-cache.ts';

// ---- reports in the back office -----------------------------------------

/** For the back office's report queue. */
export { countReports, listReports, type ReportRow } from './queries.ts';

/** Locks an open report and its enquiry; 404 when there is none, 400 when it is closed. */
async function lockOpenReport(tx: Queryable, id: number): Promise<ReportRow> {
  const report = await findReportForUpdate(tx, id);
  if (!report) throw notFound();
  if (report.status !== 'open')
    throw new AppError(400, 'invalid_state', ADMIN_MESSAGES.reportClosed);
  return report;
}

/** Dismisses an open report within the caller's transaction (the back office audits it). */
export async function dismissReport(tx: Queryable, id: number): Promise<ReportRow> {
  const report = await lockOpenReport(tx, id);
  await setReportStatus(tx, id, 'dismissed');
  return report;
}

/**
 * Confirms an open report within the caller's transaction: the enquiry is
 * archived, every open report of it closed as fake and every paying tutor
 * refunded (each told by e-mail through the queue). The poster is the caller's
 * to deal with.
 */
export async function confirmReportFake(
  ctx: AppContext,
  tx: Queryable,
  id: number,
  reason: string,
  now: Date,
): Promise<{ report: ReportRow; closed: number[]; refundedContacts: RefundedContact[] }> {
  const report = await lockOpenReport(tx, id);
  await archiveEnquiryAsFake(tx, report.enquiry_id, now);
  const closed = await closeOpenReports(tx, report.enquiry_id, 'confirmed_fake');
  const refundedContacts = await refundContactsWithin(ctx, tx, report.enquiry_id, reason, now);
  return { report, closed, refundedContacts };
}
