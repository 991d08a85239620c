import type { Queryable } from '../../db/connection.ts';
import { countOf, firstRow, returnedRow } from '../../db/rows.ts';
import { rowChecker, rowCounter, rowFinder, rowLister } from '../../db/statements.ts';
import type { StatementPart } from '../../jobs/in-statement.ts';

/** An enquiry with what its answers show of the poster. */
export interface EnquiryRow {
  id: number;
  student_id: number;
  address_id: number | null;
  name: string;
  study_mode: 'online' | 'offline' | 'both';
  board: string;
  class_level: string;
  custom_class: string;
  subject: string;
  custom_subject: string;
  language: string;
  custom_language: string;
  user_budget: number;
  when_to_start: 'immediately' | 'one_week' | 'fifteen_days' | 'one_month';
  female_tutor_preferred: boolean;
  formatted_address: string;
  city: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
  coins_required: number;
  responded_count: number;
  total_responses: number;
  archived: boolean;
  posted_at: Date;
  expires_at: Date;
  poster_email: string;
  poster_full_name: string;
  poster_phone_country_code: string | null;
  poster_phone_number: string | null;
  poster_avatar_url: string | null;
  poster_last_login: Date | null;
  poster_is_active: boolean;
}

const ENQUIRY_COLUMNS = `
  e.id, e.student_id, e.address_id, e.name, e.study_mode, e.board, e.class_level, e.custom_class,
  e.subject, e.custom_subject, e.language, e.custom_language, e.user_budget, e.when_to_start,
  e.female_tutor_preferred, e.formatted_address, e.city, e.state, e.country, e.latitude,
  e.longitude, e.coins_required, e.responded_count, e.total_responses, e.archived, e.posted_at,
  e.expires_at, u.email AS poster_email, u.full_name AS poster_full_name,
  u.phone_country_code AS poster_phone_country_code, u.phone_number AS poster_phone_number,
  u.avatar_url AS poster_avatar_url, u.last_login AS poster_last_login,
  u.is_active AS poster_is_active`;

export interface PosterAddressRow {
  id: number;
  formatted_address: string;
  city: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
  is_primary: boolean;
}

/** The poster and the address they chose, if it is theirs: `address` null when it is not. */
export interface LockedPoster {
  is_premium: boolean;
  address: PosterAddressRow | null;
}

/**
 * Locks an active poster's row, so one student's creations happen one at a
 * time (the active limit), and reads the address they chose in the same
 * statement. Null when the poster is not active.
 */
export const lockPoster = rowFinder<LockedPoster, [userId: number, addressId: number]>(
  `SELECT u.is_premium,
          CASE WHEN a.id IS NOT NULL THEN json_build_object(
            'id', a.id, 'formatted_address', a.formatted_address, 'city', a.city,
            'state', a.state, 'country', a.country, 'latitude', a.latitude,
            'longitude', a.longitude, 'is_primary', a.is_primary) END AS address
     FROM users u LEFT JOIN user_addresses a ON a.id = $2 AND a.user_id = u.id
    WHERE u.id = $1 AND u.is_active
      FOR UPDATE OF u`,
  { prepared: true },
);

export async function findStudentPremium(db: Queryable, userId: number): Promise<boolean> {
  const row = await firstRow<{ is_premium: boolean }>(
    db,
    'SELECT is_premium FROM users WHERE id = $1',
    [userId],
  );
  return row?.is_premium ?? false;
}

export const countActiveEnquiries = rowCounter<[studentId: number, now: Date]>(
  `SELECT count(*)::int AS count FROM enquiries
    WHERE student_id = $1 AND NOT archived AND expires_at > $2`,
);

export interface NewEnquiry {
  studentId: number;
  address: PosterAddressRow;
  name: string;
  studyMode: string;
  board: string;
  classLevel: string;
  customClass: string;
  subject: string;
  customSubject: string;
  language: string;
  customLanguage: string;
  userBudget: number;
  whenToStart: string;
  femaleTutorPreferred: boolean;
  coinsRequired: number;
  totalResponses: number;
  postedAt: Date;
  expiresAt: Date;
}

/**
 * Stores the enquiry unless the student already has `activeLimit` active
 * ones, counted by the same statement, and answers it as `findEnquiry` would;
 * null at the limit. Call it with the poster locked (`lockPoster`): the count
 * then sees every creation committed before the lock was granted. `alsoStore`
 * adds what the same statement stores for the new row (its alerts job), given
 * the name of the inserted row's CTE and the first parameter free; nothing at
 * the limit.
 */
export function insertEnquiryWithinLimit(
  db: Queryable,
  enquiry: NewEnquiry,
  activeLimit: number,
  alsoStore: (from: string, firstParam: number) => StatementPart | null,
): Promise<EnquiryRow | null> {
  const params = [
    enquiry.studentId,
    enquiry.address.id,
    enquiry.name,
    enquiry.studyMode,
    enquiry.board,
    enquiry.classLevel,
    enquiry.customClass,
    enquiry.subject,
    enquiry.customSubject,
    enquiry.language,
    enquiry.customLanguage,
    enquiry.userBudget,
    enquiry.whenToStart,
    enquiry.femaleTutorPreferred,
    enquiry.address.formatted_address,
    enquiry.address.city,
    enquiry.address.state,
    enquiry.address.country,
    enquiry.address.latitude,
    enquiry.address.longitude,
    enquiry.coinsRequired,
    enquiry.totalResponses,
    enquiry.postedAt,
    enquiry.expiresAt,
    activeLimit,
  ];
  const also = alsoStore('e', params.length + 1);
  return firstRow<EnquiryRow>(
    db,
    `WITH active AS (
       SELECT count(*) AS count FROM enquiries
        WHERE student_id = $1 AND NOT archived AND expires_at > $23
     ), e AS (
       INSERT INTO enquiries (student_id, address_id, name, study_mode, board, class_level,
                              custom_class, subject, custom_subject, language, custom_language,
                              user_budget, when_to_start, female_tutor_preferred, formatted_address,
                              city, state, country, latitude, longitude, coins_required,
                              total_responses, posted_at, expires_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
              $20, $21, $22, $23, $24
         FROM active WHERE active.count < $25
       RETURNING *
     )${also ? `, also_stored AS (${also.text})` : ''}
     SELECT ${ENQUIRY_COLUMNS} FROM e JOIN users u ON u.id = e.student_id`,
    [...params, ...(also?.params ?? [])],
    { prepared: true },
  );
}

const ENQUIRY_BY_ID = `SELECT ${ENQUIRY_COLUMNS} FROM enquiries e JOIN users u ON u.id = e.student_id
    WHERE e.id = $1`;

export const findEnquiry = rowFinder<EnquiryRow, [id: number]>(ENQUIRY_BY_ID);

/** The enquiry row locked for a contact: contacts of one enquiry happen one at a time. */
export const lockEnquiry = rowFinder<EnquiryRow, [id: number]>(`${ENQUIRY_BY_ID} FOR UPDATE OF e`);

export async function listEnquiriesOfStudent(
  db: Queryable,
  studentId: number,
  limit: number,
  offset: number,
): Promise<{ rows: EnquiryRow[]; count: number }> {
  const [rows, count] = await Promise.all([
    db.query<EnquiryRow>(
      `SELECT ${ENQUIRY_COLUMNS} FROM enquiries e JOIN users u ON u.id = e.student_id
        WHERE e.student_id = $1
        ORDER BY e.posted_at DESC, e.id DESC LIMIT $2 OFFSET $3`,
      [studentId, limit, offset],
    ),
    countOf(db, 'SELECT count(*)::int AS count FROM enquiries WHERE student_id = $1', [studentId]),
  ]);
  return { rows, count };
}

/** Archives the student's own live enquiry; false when there is none to archive. */
export const archiveEnquiry = rowChecker<[id: number, studentId: number, now: Date]>(
  `UPDATE enquiries SET archived = true, archived_at = $3
    WHERE id = $1 AND student_id = $2 AND NOT archived RETURNING id`,
);

// ---------------------------------------------------------------------------
// Tutors' marks

export interface TutorMarksRow {
  is_starred: boolean;
  viewed: boolean;
  is_reported: boolean;
}

export async function findTutorMarks(
  db: Queryable,
  enquiryId: number,
  tutorId: number,
): Promise<TutorMarksRow> {
  const marks = await firstRow<TutorMarksRow>(
    db,
    `SELECT EXISTS (SELECT 1 FROM enquiry_stars WHERE enquiry_id = $1 AND tutor_id = $2) AS is_starred,
            EXISTS (SELECT 1 FROM enquiry_views WHERE enquiry_id = $1 AND tutor_id = $2) AS viewed,
            EXISTS (SELECT 1 FROM enquiry_reports WHERE enquiry_id = $1 AND tutor_id = $2) AS is_reported`,
    [enquiryId, tutorId],
  );
  return marks ?? { is_starred: false, viewed: false, is_reported: false };
}

export async function recordView(
  db: Queryable,
  enquiryId: number,
  tutorId: number,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO enquiry_views (enquiry_id, tutor_id, first_viewed_at) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING`,
    [enquiryId, tutorId, now],
  );
}

/** Removes the star if there is one; otherwise stars. Answers the new state. */
export async function toggleStar(
  db: Queryable,
  enquiryId: number,
  tutorId: number,
  now: Date,
): Promise<boolean> {
  const removed = await db.query<{ enquiry_id: number }>(
    'DELETE FROM enquiry_stars WHERE enquiry_id = $1 AND tutor_id = $2 RETURNING enquiry_id',
    [enquiryId, tutorId],
  );
  if (removed.length > 0) return false;
  await db.query(
    `INSERT INTO enquiry_stars (enquiry_id, tutor_id, created_at) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING`,
    [enquiryId, tutorId, now],
  );
  return true;
}

// ---------------------------------------------------------------------------
// Contacts

export interface ContactRow {
  id: number;
  enquiry_id: number;
  tutor_id: number;
  conversation_id: number;
  spend_entry_id: number;
  coins_spent: number;
  price_quote: number;
  price_type: 'Hourly' | 'Monthly' | 'Yearly';
  created_at: Date;
  refunded_at: Date | null;
}

const CONTACT_COLUMNS = `id, enquiry_id, tutor_id, conversation_id, spend_entry_id::int AS spend_entry_id,
  coins_spent, price_quote, price_type, created_at, refunded_at`;

export const findContact = rowFinder<ContactRow, [enquiryId: number, tutorId: number]>(
  `SELECT ${CONTACT_COLUMNS} FROM enquiry_contacts WHERE enquiry_id = $1 AND tutor_id = $2`,
);

export async function insertConversation(
  db: Queryable,
  input: { enquiryId: number; tutorId: number; studentId: number; now: Date },
): Promise<number> {
  const row = await returnedRow<{ id: number }>(
    db,
    `INSERT INTO conversations (enquiry_id, tutor_id, student_id, created_at, last_message_at)
     VALUES ($1, $2, $3, $4, $4) RETURNING id`,
    [input.enquiryId, input.tutorId, input.studentId, input.now],
    'insertConversation',
  );
  return row.id;
}

export async function insertMessage(
  db: Queryable,
  input: { conversationId: number; senderId: number; content: string; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO messages (conversation_id, sender_id, content, created_at) VALUES ($1, $2, $3, $4)`,
    [input.conversationId, input.senderId, input.content, input.now],
  );
}

export interface NewContact {
  enquiryId: number;
  tutorId: number;
  conversationId: number;
  spendEntryId: number;
  coinsSpent: number;
  priceQuote: number;
  priceType: string;
  now: Date;
}

export function insertContact(db: Queryable, contact: NewContact): Promise<ContactRow> {
  return returnedRow<ContactRow>(
    db,
    `INSERT INTO enquiry_contacts (enquiry_id, tutor_id, conversation_id, spend_entry_id,
                                   coins_spent, price_quote, price_type, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${CONTACT_COLUMNS}`,
    [
      contact.enquiryId,
      contact.tutorId,
      contact.conversationId,
      contact.spendEntryId,
      contact.coinsSpent,
      contact.priceQuote,
      contact.priceType,
      contact.now,
    ],
    'insertContact',
  );
}

export async function incrementResponded(db: Queryable, enquiryId: number): Promise<void> {
  await db.query('UPDATE enquiries SET responded_count = responded_count + 1 WHERE id = $1', [
    enquiryId,
  ]);
}

/** What decides whether a tutor may contact posters (documents and e-mail). */
export interface TutorStandingRow {
  is_email_verified: boolean;
  is_doc_verified: boolean;
  verification_status: 'none' | 'pending' | 'approved' | 'rejected';
}

export const findTutorStanding = rowFinder<TutorStandingRow, [tutorId: number]>(
  `SELECT u.is_email_verified, coalesce(p.is_doc_verified, false) AS is_doc_verified,
          coalesce(p.verification_status, 'none') AS verification_status
     FROM users u LEFT JOIN profiles p ON p.user_id = u.id
    WHERE u.id = $1`,
);

/** A contact on an enquiry with what the tutor's public profile shows. */
export interface ResponseRow {
  id: number;
  conversation_id: number;
  price_quote: number;
  price_type: 'Hourly' | 'Monthly' | 'Yearly';
  created_at: Date;
  tutor_id: number;
  tutor_full_name: string;
  tutor_avatar_url: string | null;
  is_doc_verified: boolean;
  rating: number;
  review_count: number;
}

/** The contacts on an enquiry by tutors whose account and profile are active, oldest first. */
export const listResponsesOfEnquiry = rowLister<ResponseRow, [enquiryId: number]>(
  `SELECT c.id, c.conversation_id, c.price_quote, c.price_type, c.created_at,
          t.id AS tutor_id, t.full_name AS tutor_full_name, t.avatar_url AS tutor_avatar_url,
          COALESCE(p.is_doc_verified, false) AS is_doc_verified,
          COALESCE(p.rating, 0)::float8 AS rating, COALESCE(p.review_count, 0) AS review_count
     FROM enquiry_contacts c
     JOIN users t ON t.id = c.tutor_id
     LEFT JOIN profiles p ON p.user_id = t.id
    WHERE c.enquiry_id = $1 AND t.is_active AND COALESCE(p.is_active, true)
    ORDER BY c.created_at, c.id`,
);

export interface TutorNameRow {
  full_name: string;
}

export async function findUserName(db: Queryable, userId: number): Promise<string> {
  const row = await firstRow<TutorNameRow>(db, 'SELECT full_name FROM users WHERE id = $1', [
    userId,
  ]);
  return row?.full_name ?? '';
}

// ---------------------------------------------------------------------------
// Reports

export async function insertReport(
  db: Queryable,
  input: { enquiryId: number; tutorId: number; reason: string; message: string; now: Date },
): Promise<number | null> {
  const row = await firstRow<{ id: number }>(
    db,
    `INSERT INTO enquiry_reports (enquiry_id, tutor_id, reason, message, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
    [input.enquiryId, input.tutorId, input.reason, input.message, input.now],
  );
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------
// Refunds (lead guarantee, enquiries confirmed fake)

export interface DueContactRow extends ContactRow {
  student_replied: boolean;
  tutor_email: string;
  tutor_full_name: string;
  enquiry_name: string;
}

const DUE_CONTACT_SELECT = `SELECT c.id, c.enquiry_id, c.tutor_id, c.conversation_id, c.spend_entry_id::int AS spend_entry_id,
            c.coins_spent, c.price_quote, c.price_type, c.created_at, c.refunded_at,
            EXISTS (SELECT 1 FROM messages m
                     WHERE m.conversation_id = c.conversation_id AND m.sender_id = cv.student_id
                       AND m.created_at <= c.created_at + $2 * interval '1 millisecond')
              AS student_replied,
            t.email AS tutor_email, t.full_name AS tutor_full_name, e.name AS enquiry_name
       FROM enquiry_contacts c
       JOIN conversations cv ON cv.id = c.conversation_id
       JOIN users t ON t.id = c.tutor_id
       JOIN enquiries e ON e.id = c.enquiry_id`;

/** An open guarantee of a contact made at or before `$1`; `$2` is the guarantee's length. */
const DUE_GUARANTEE_WHERE = `c.refunded_at IS NULL AND c.guarantee_settled_at IS NULL AND c.created_at <= $1`;

/** Open guarantees of contacts made at or before `cutoff`, oldest first. */
export const listDueGuarantees = rowLister<
  DueContactRow,
  [cutoff: Date, guaranteeMs: number, limit: number]
>(
  `${DUE_CONTACT_SELECT}
    WHERE ${DUE_GUARANTEE_WHERE}
    ORDER BY c.created_at, c.id
    LIMIT $3`,
);

/** One contact's guarantee while still open and due at `cutoff`, else null. */
export function findDueGuarantee(
  db: Queryable,
  contactId: number,
  cutoff: Date,
  guaranteeMs: number,
): Promise<DueContactRow | null> {
  return firstRow<DueContactRow>(
    db,
    `${DUE_CONTACT_SELECT} WHERE ${DUE_GUARANTEE_WHERE} AND c.id = $3`,
    [cutoff, guaranteeMs, contactId],
  );
}

/** Marks the contact refunded; false when another run got there first. */
export const markContactRefunded = rowChecker<[contactId: number, reason: string, now: Date]>(
  `UPDATE enquiry_contacts SET refunded_at = $3, refund_reason = $2
    WHERE id = $1 AND refunded_at IS NULL RETURNING id`,
);

export async function markGuaranteeSettled(
  db: Queryable,
  contactId: number,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE enquiry_contacts SET guarantee_settled_at = $2
      WHERE id = $1 AND guarantee_settled_at IS NULL`,
    [contactId, now],
  );
}

export interface RefundableContactRow extends ContactRow {
  tutor_email: string;
  tutor_full_name: string;
  enquiry_name: string;
}

/** The enquiry's contacts not yet refunded, locked. */
export const lockUnrefundedContacts = rowLister<RefundableContactRow, [enquiryId: number]>(
  `SELECT c.id, c.enquiry_id, c.tutor_id, c.conversation_id, c.spend_entry_id::int AS spend_entry_id,
          c.coins_spent, c.price_quote, c.price_type, c.created_at, c.refunded_at,
          t.email AS tutor_email, t.full_name AS tutor_full_name, e.name AS enquiry_name
     FROM enquiry_contacts c
     JOIN users t ON t.id = c.tutor_id
     JOIN enquiries e ON e.id = c.enquiry_id
    WHERE c.enquiry_id = $1 AND c.refunded_at IS NULL
    ORDER BY c.id
    FOR UPDATE OF c`,
);

/** Locks one contact and tells whether it is still unrefunded. */
export const lockContactIfUnrefunded = rowChecker<[contactId: number]>(
  'SELECT id FROM enquiry_contacts WHERE id = $1 AND refunded_at IS NULL FOR UPDATE',
);

// ---------------------------------------------------------------------------
// The tutor feed (docs/matching.md, decision 020)

/** Mean earth radius, km (IUGG). */
export const EARTH_RADIUS_KM = 6371.0088;
export const KM_PER_DEGREE_LATITUDE = 111.045;

export interface FeedCriteria {
  tutorId: number;
  now: Date;
  /** Empty: no constraint. */
  classes: readonly string[];
  subjects: readonly string[];
  /** Study modes to show (never empty). */
  modes: readonly string[];
  /** Origin for offline/'both' enquiries; null: only online ones. */
  origin: { latitude: number; longitude: number } | null;
  radiusKm: number;
  /** Empty: every live enquiry not reported by this tutor. */
  types: readonly ('responded' | 'viewed' | 'reported')[];
  /** The tutor's profile, for the relevance score. */
  profile: {
    subjects: readonly string[];
    classes: readonly string[];
    boards: readonly string[];
    languages: readonly string[];
  };
  limit: number;
  offset: number;
}

export interface CardRow {
  id: number;
  name: string;
  class_level: string;
  subject: string;
  study_mode: 'online' | 'offline' | 'both';
  coins_required: number;
  female_tutor_preferred: boolean;
  responded_count: number;
  total_responses: number;
  posted_at: Date;
  expires_at: Date;
  city: string;
  state: string;
  poster_avatar_url: string | null;
  is_starred: boolean;
  viewed: boolean;
  distance_km: number | null;
}

export interface FeedRow extends CardRow {
  total_count: number;
}

/** A tiny SQL builder: each value becomes the next `$n`. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast: string): string {
    this.values.push(value);
    return `$${String(this.values.length)}::${cast}`;
  }
}

function haversineKm(lat: string, lng: string): string {
  return `(2 * ${String(EARTH_RADIUS_KM)} * asin(sqrt(least(1,
      power(sin(radians(e.latitude - ${lat}) / 2), 2)
      + cos(radians(${lat})) * cos(radians(e.latitude))
        * power(sin(radians(e.longitude - ${lng}) / 2), 2)))))`;
}

/**
 * One page of the feed and the total. Candidates come from two index-backed
 * branches (online anywhere; offline/'both' inside the bounding box, then the
 * exact distance), and are ranked premium first, then by relevance.
 */
export async function selectFeed(db: Queryable, criteria: FeedCriteria): Promise<FeedRow[]> {
  const p = new Params();
  const tutor = p.add(criteria.tutorId, 'int');
  const now = p.add(criteria.now, 'timestamptz');
  const common: string[] = ['NOT e.archived', `e.expires_at > ${now}`];
  if (criteria.classes.length > 0)
    common.push(`e.class_level = ANY(${p.add(criteria.classes, 'text[]')})`);
  if (criteria.subjects.length > 0)
    common.push(`e.subject = ANY(${p.add(criteria.subjects, 'text[]')})`);

  const branches: string[] = [];
  if (criteria.modes.includes('online')) {
    branches.push(`SELECT e.id, NULL::float8 AS distance_km FROM enquiries e
                    WHERE ${[...common, "e.study_mode = 'online'"].join(' AND ')}`);
  }
  const localModes = criteria.modes.filter((mode) => mode !== 'online');
  let radius = 'NULL::float8';
  if (criteria.origin && localModes.length > 0) {
    const { latitude, longitude } = criteria.origin;
    const lat = p.add(latitude, 'float8');
    const lng = p.add(longitude, 'float8');
    radius = p.add(criteria.radiusKm, 'float8');
    const dLat = criteria.radiusKm / KM_PER_DEGREE_LATITUDE;
    const cosLat = Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
    const dLng = Math.min(180, criteria.radiusKm / (KM_PER_DEGREE_LATITUDE * cosLat));
    const distance = haversineKm(lat, lng);
    branches.push(`SELECT e.id, ${distance} AS distance_km FROM enquiries e
                    WHERE ${[
                      ...common,
                      "e.study_mode <> 'online'",
                      `e.study_mode = ANY(${p.add(localModes, 'text[]')})`,
                      `e.latitude BETWEEN ${p.add(latitude - dLat, 'float8')} AND ${p.add(latitude + dLat, 'float8')}`,
                      `e.longitude BETWEEN ${p.add(longitude - dLng, 'float8')} AND ${p.add(longitude + dLng, 'float8')}`,
                      `${distance} <= ${radius}`,
                    ].join(' AND ')}`);
  }
  if (branches.length === 0) return [];

  const contacted = `EXISTS (SELECT 1 FROM enquiry_contacts ec WHERE ec.enquiry_id = e.id AND ec.tutor_id = ${tutor})`;
  const viewed = `EXISTS (SELECT 1 FROM enquiry_views ev WHERE ev.enquiry_id = e.id AND ev.tutor_id = ${tutor})`;
  const reported = `EXISTS (SELECT 1 FROM enquiry_reports er WHERE er.enquiry_id = e.id AND er.tutor_id = ${tutor})`;
  const outer: string[] = [`(e.responded_count < e.total_responses OR ${contacted})`];
  if (criteria.types.length > 0) {
    const typeConditions = criteria.types.map((type) =>
      type === 'responded' ? contacted : type === 'viewed' ? viewed : reported,
    );
    outer.push(`(${typeConditions.join(' OR ')})`);
  }
  if (!criteria.types.includes('reported')) outer.push(`NOT ${reported}`);

  const { profile } = criteria;
  const score = `(
      CASE WHEN e.subject = ANY(${p.add(profile.subjects, 'text[]')}) THEN 30 ELSE 0 END
    + CASE WHEN e.class_level = ANY(${p.add(profile.classes, 'text[]')}) THEN 20 ELSE 0 END
    + CASE WHEN e.board <> '' AND e.board = ANY(${p.add(profile.boards, 'text[]')}) THEN 10 ELSE 0 END
    + CASE WHEN e.language = ANY(${p.add(profile.languages, 'text[]')}) THEN 10 ELSE 0 END
    + CASE WHEN c.distance_km IS NULL THEN 10 ELSE 20 * (1 - c.distance_km / ${radius}) END
    + 20 * greatest(0, 1 - extract(epoch FROM (${now} - e.posted_at)) / (30 * 86400))
    + 10 * (1 - e.responded_count::float8 / e.total_responses))`;

  const sql = `
    WITH candidates AS (${branches.join('\n UNION ALL \n')})
    SELECT e.id, e.name, e.class_level, e.subject, e.study_mode, e.coins_required,
           e.female_tutor_preferred,
           e.responded_count, e.total_responses, e.posted_at, e.expires_at, e.city, e.state,
           u.avatar_url AS poster_avatar_url,
           EXISTS (SELECT 1 FROM enquiry_stars es WHERE es.enquiry_id = e.id AND es.tutor_id = ${tutor})
             AS is_starred,
           ${viewed} AS viewed,
           c.distance_km,
           count(*) OVER ()::int AS total_count
      FROM candidates c
      JOIN enquiries e ON e.id = c.id
      JOIN users u ON u.id = e.student_id AND u.is_active
     WHERE ${outer.join(' AND ')}
     ORDER BY u.is_premium DESC, ${score} DESC, e.posted_at DESC, e.id DESC
     LIMIT ${p.add(criteria.limit, 'int')} OFFSET ${p.add(criteria.offset, 'int')}`;
  return db.query<FeedRow>(sql, p.values);
}

/** The feed query with EXPLAIN, for the benchmark. */
export async function explainFeed(db: Queryable, criteria: FeedCriteria): Promise<string[]> {
  const { sql, values } = await captureFeedSql(criteria);
  const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, values);
  return rows.map((row) => row['QUERY PLAN']);
}

async function captureFeedSql(criteria: FeedCriteria): Promise<{ sql: string; values: unknown[] }> {
  let captured: { sql: string; values: unknown[] } = { sql: '', values: [] };
  await selectFeed(
    {
      query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]> {
        captured = { sql, values: [...(params ?? [])] };
        return Promise.resolve([]);
      },
    },
    criteria,
  );
  return captured;
}

const CARD_COLUMNS = `e.id, e.name, e.class_level, e.subject, e.study_mode, e.coins_required,
  e.female_tutor_preferred,
  e.responded_count, e.total_responses, e.posted_at, e.expires_at, e.city, e.state,
  u.avatar_url AS poster_avatar_url, NULL::float8 AS distance_km`;

/** The tutor's contacted enquiries (archived and expired ones too), newest contact first. */
export async function listContactedEnquiries(
  db: Queryable,
  tutorId: number,
  limit: number,
  offset: number,
): Promise<{ rows: CardRow[]; count: number }> {
  const [rows, count] = await Promise.all([
    db.query<CardRow>(
      `SELECT ${CARD_COLUMNS},
              EXISTS (SELECT 1 FROM enquiry_stars es WHERE es.enquiry_id = e.id AND es.tutor_id = $1)
                AS is_starred,
              EXISTS (SELECT 1 FROM enquiry_views ev WHERE ev.enquiry_id = e.id AND ev.tutor_id = $1)
                AS viewed
         FROM enquiry_contacts c
         JOIN enquiries e ON e.id = c.enquiry_id
         JOIN users u ON u.id = e.student_id
        WHERE c.tutor_id = $1
        ORDER BY c.created_at DESC, c.id DESC LIMIT $2 OFFSET $3`,
      [tutorId, limit, offset],
    ),
    countOf(db, 'SELECT count(*)::int AS count FROM enquiry_contacts WHERE tutor_id = $1', [
      tutorId,
    ]),
  ]);
  return { rows, count };
}

/** The tutor's starred enquiries that are still live, newest star first. */
export async function listStarredEnquiries(
  db: Queryable,
  tutorId: number,
  now: Date,
  limit: number,
  offset: number,
): Promise<{ rows: CardRow[]; count: number }> {
  const where = `s.tutor_id = $1 AND NOT e.archived AND e.expires_at > $2 AND u.is_active`;
  const [rows, count] = await Promise.all([
    db.query<CardRow>(
      `SELECT ${CARD_COLUMNS}, true AS is_starred,
              EXISTS (SELECT 1 FROM enquiry_views ev WHERE ev.enquiry_id = e.id AND ev.tutor_id = $1)
                AS viewed
         FROM enquiry_stars s
         JOIN enquiries e ON e.id = s.enquiry_id
         JOIN users u ON u.id = e.student_id
        WHERE ${where}
        ORDER BY s.created_at DESC, e.id DESC LIMIT $3 OFFSET $4`,
      [tutorId, now, limit, offset],
    ),
    countOf(
      db,
      `SELECT count(*)::int AS count FROM enquiry_stars s
         JOIN enquiries e ON e.id = s.enquiry_id JOIN users u ON u.id = e.student_id
        WHERE ${where}`,
      [tutorId, now],
    ),
  ]);
  return { rows, count };
}

export interface TutorProfileRow {
  interested_classes: string[];
  subjects: string[];
  boards: string[];
  languages_known: string[];
  requirement: 'offline' | 'online' | null;
}

export interface FeedInputsRow {
  profile: TutorProfileRow | null;
  addresses: PosterAddressRow[];
  /** Ids of the enquiries this tutor contacted, viewed, reported and starred. */
  contacted: number[];
  viewed: number[];
  reported: number[];
  starred: number[];
}

const markIds = (table: string, tutorId: string) =>
  `coalesce((SELECT array_agg(enquiry_id) FROM ${table} WHERE tutor_id = ${tutorId}), '{}'::int[])`;

/** The columns of `FeedInputsRow` for the tutor whose id is the SQL expression `tutorId`. */
const feedInputColumns = (tutorId: string) =>
  `(SELECT json_build_object('interested_classes', p.interested_classes,
           'subjects', p.subjects, 'boards', p.boards,
           'languages_known', p.languages_known, 'requirement', p.requirement)
      FROM profiles p WHERE p.user_id = ${tutorId}) AS profile,
   coalesce((SELECT json_agg(a ORDER BY a.is_primary DESC, a.slot, a.id)
      FROM (SELECT id, formatted_address, city, state, country, latitude, longitude,
                   is_primary, slot
              FROM user_addresses WHERE user_id = ${tutorId}) a), '[]'::json) AS addresses,
   ${markIds('enquiry_contacts', tutorId)} AS contacted,
   ${markIds('enquiry_views', tutorId)} AS viewed,
   ${markIds('enquiry_reports', tutorId)} AS reported,
   ${markIds('enquiry_stars', tutorId)} AS starred`;

/**
 * The tutor's profile choices, addresses and marks, in one round trip (every
 * feed request needs them all).
 */
export async function findFeedInputs(db: Queryable, tutorId: number): Promise<FeedInputsRow> {
  const inputs = await firstRow<FeedInputsRow>(db, `SELECT ${feedInputColumns('$1')}`, [tutorId], {
    prepared: true,
  });
  return (
    inputs ?? { profile: null, addresses: [], contacted: [], viewed: [], reported: [], starred: [] }
  );
}

/** A tutor's session state and feed inputs, as an instance keeps them (decision 058). */
export interface FeedReaderRow extends FeedInputsRow {
  id: number;
  is_active: boolean;
  sessions_revoked_at: Date | null;
  version: string;
}

/** The tables of a tutor's marks, which their entry is read from too. */
const MARK_TABLES = ['enquiry_contacts', 'enquiry_views', 'enquiry_reports', 'enquiry_stars'];

/** A set of rows as their count and the sum of their `xmin`: any write to one changes it. */
const ROWS_VERSION = `count(*) || '.' || coalesce(sum(x.xmin::text::bigint), 0)`;

/**
 * A tutor's version: changes whenever their user row, profile, addresses or
 * marks are written (PostgreSQL's `xmin` of each row). `one` computes it per
 * tutor; `every` aggregates each table once (a scan of each, rather than a
 * lookup per tutor) and joins the result. The two give the same text.
 */
const READER_VERSION = {
  one: `concat_ws(':', u.xmin::text,
    (SELECT p.xmin::text FROM profiles p WHERE p.user_id = u.id),
    (SELECT ${ROWS_VERSION} FROM user_addresses x WHERE x.user_id = u.id),
    ${MARK_TABLES.map(
      (table) => `(SELECT ${ROWS_VERSION} FROM ${table} x WHERE x.tutor_id = u.id)`,
    ).join(',\n    ')}) AS version`,
  every: {
    with: `WITH va AS (SELECT x.user_id AS id, ${ROWS_VERSION} AS v
                         FROM user_addresses x GROUP BY x.user_id),
      ${MARK_TABLES.map(
        (table, i) =>
          `v${String(i)} AS (SELECT x.tutor_id AS id, ${ROWS_VERSION} AS v FROM ${table} x GROUP BY x.tutor_id)`,
      ).join(',\n')}`,
    joins: `LEFT JOIN profiles pv ON pv.user_id = u.id LEFT JOIN va ON va.id = u.id ${MARK_TABLES.map(
      (_, i) => `LEFT JOIN v${String(i)} ON v${String(i)}.id = u.id`,
    ).join(' ')}`,
    column: `concat_ws(':', u.xmin::text, pv.xmin::text, coalesce(va.v, '0.0'), ${MARK_TABLES.map(
      (_, i) => `coalesce(v${String(i)}.v, '0.0')`,
    ).join(', ')}) AS version`,
  },
};

/** Every tutor's session state and feed inputs, or only those of `tutorIds`. */
export function findFeedReaders(db: Queryable, tutorIds?: number[]): Promise<FeedReaderRow[]> {
  const columns = `u.id, u.is_active, u.sessions_revoked_at, ${feedInputColumns('u.id')}`;
  if (tutorIds === undefined) {
    const { every } = READER_VERSION;
    return db.query<FeedReaderRow>(
      `${every.with} SELECT ${columns}, ${every.column}
         FROM users u ${every.joins} WHERE u.role = 'teacher'`,
    );
  }
  return db.query<FeedReaderRow>(
    `SELECT ${columns}, ${READER_VERSION.one}
       FROM users u WHERE u.role = 'teacher' AND u.id = ANY($1::int[])`,
    [tutorIds],
  );
}

/** Every tutor's version, to read again only the tutors that changed. */
export function findFeedReaderVersions(db: Queryable): Promise<{ id: number; version: string }[]> {
  const { every } = READER_VERSION;
  return db.query(
    `${every.with} SELECT u.id, ${every.column} FROM users u ${every.joins} WHERE u.role = 'teacher'`,
  );
}

// ---- reports in the back office -----------------------------------------

/** A report with its enquiry, its reporter and the poster, as the back office weighs it. */
export interface ReportRow {
  id: number;
  status: 'open' | 'confirmed_fake' | 'dismissed';
  reason: string;
  message: string;
  created_at: Date;
  reporter_id: number;
  reporter_name: string;
  reporter_email: string;
  enquiry_id: number;
  enquiry_name: string;
  subject: string;
  class_level: string;
  study_mode: string;
  formatted_address: string;
  user_budget: number;
  archived: boolean;
  posted_at: Date;
  contacts: number;
  reports: number;
  poster_id: number;
  poster_name: string;
  poster_email: string;
  poster_active: boolean;
  poster_warnings: number;
}

const REPORT_COLUMNS = `r.id, r.status, r.reason, r.message, r.created_at,
       t.id AS reporter_id, t.full_name AS reporter_name, t.email AS reporter_email,
       e.id AS enquiry_id, e.name AS enquiry_name, e.subject, e.class_level, e.study_mode,
       e.formatted_address, e.user_budget, e.archived, e.posted_at,
       (SELECT count(*)::int FROM enquiry_contacts c WHERE c.enquiry_id = e.id) AS contacts,
       (SELECT count(*)::int FROM enquiry_reports x WHERE x.enquiry_id = e.id) AS reports,
       s.id AS poster_id, s.full_name AS poster_name, s.email AS poster_email,
       s.is_active AS poster_active, s.warning_count AS poster_warnings`;

const REPORT_FROM = `enquiry_reports r
       JOIN enquiries e ON e.id = r.enquiry_id
       JOIN users t ON t.id = r.tutor_id
       JOIN users s ON s.id = e.student_id`;

const REPORT_WHERE = `($1::text IS NULL OR r.status = $1)`;

export const countReports = rowCounter<[status: string | null]>(
  `SELECT count(*)::int AS count FROM enquiry_reports r WHERE ${REPORT_WHERE}`,
);

export const listReports = rowLister<
  ReportRow,
  [status: string | null, limit: number, offset: number]
>(
  `SELECT ${REPORT_COLUMNS} FROM ${REPORT_FROM} WHERE ${REPORT_WHERE}
    ORDER BY r.created_at, r.id LIMIT $2 OFFSET $3`,
);

export const findReportForUpdate = rowFinder<ReportRow, [id: number]>(
  `SELECT ${REPORT_COLUMNS} FROM ${REPORT_FROM} WHERE r.id = $1 FOR UPDATE OF r, e`,
);

/** Closes every open report of an enquiry with `status`; answers the closed ids. */
export async function closeOpenReports(
  db: Queryable,
  enquiryId: number,
  status: 'confirmed_fake' | 'dismissed',
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `UPDATE enquiry_reports SET status = $2 WHERE enquiry_id = $1 AND status = 'open' RETURNING id`,
    [enquiryId, status],
  );
  return rows.map((row) => row.id);
}

export async function setReportStatus(
  db: Queryable,
  id: number,
  status: 'confirmed_fake' | 'dismissed',
): Promise<void> {
  await db.query('UPDATE enquiry_reports SET status = $2 WHERE id = $1', [id, status]);
}

/** Archives an enquiry whoever posted it (a confirmed fake); an archived one keeps its date. */
export async function archiveEnquiryAsFake(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query(
    'UPDATE enquiries SET archived = true, archived_at = coalesce(archived_at, $2) WHERE id = $1',
    [id, at],
  );
}
