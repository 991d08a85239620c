import type { Queryable } from '../../db/connection.ts';
import { countOf } from '../../db/rows.ts';

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

export async function findAddressOfUser(
  db: Queryable,
  userId: number,
  addressId: number,
): Promise<PosterAddressRow | null> {
  const rows = await db.query<PosterAddressRow>(
    `SELECT id, formatted_address, city, state, country, latitude, longitude, is_primary
       FROM user_addresses WHERE id = $1 AND user_id = $2`,
    [addressId, userId],
  );
  return rows[0] ?? null;
}

/** Locks the poster's row: one student's creations happen one at a time (the active limit). */
export async function lockStudent(
  db: Queryable,
  userId: number,
): Promise<{ is_premium: boolean } | null> {
  const rows = await db.query<{ is_premium: boolean }>(
    'SELECT is_premium FROM users WHERE id = $1 AND is_active FOR UPDATE',
    [userId],
  );
  return rows[0] ?? null;
}

export async function findStudentPremium(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db.query<{ is_premium: boolean }>(
    'SELECT is_premium FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]?.is_premium ?? false;
}

export function countActiveEnquiries(db: Queryable, studentId: number, now: Date): Promise<number> {
  return countOf(
    db,
    `SELECT count(*)::int AS count FROM enquiries
      WHERE student_id = $1 AND NOT archived AND expires_at > $2`,
    [studentId, now],
  );
}

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

export async function insertEnquiry(db: Queryable, enquiry: NewEnquiry): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO enquiries (student_id, address_id, name, study_mode, board, class_level,
                            custom_class, subject, custom_subject, language, custom_language,
                            user_budget, when_to_start, female_tutor_preferred, formatted_address,
                            city, state, country, latitude, longitude, coins_required,
                            total_responses, posted_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
             $20, $21, $22, $23, $24)
     RETURNING id`,
    [
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
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insertEnquiry: no row returned');
  return row.id;
}

export async function findEnquiry(db: Queryable, id: number): Promise<EnquiryRow | null> {
  const rows = await db.query<EnquiryRow>(
    `SELECT ${ENQUIRY_COLUMNS} FROM enquiries e JOIN users u ON u.id = e.student_id
      WHERE e.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The enquiry row locked for a contact: contacts of one enquiry happen one at a time. */
export async function lockEnquiry(db: Queryable, id: number): Promise<EnquiryRow | null> {
  const rows = await db.query<EnquiryRow>(
    `SELECT ${ENQUIRY_COLUMNS} FROM enquiries e JOIN users u ON u.id = e.student_id
      WHERE e.id = $1 FOR UPDATE OF e`,
    [id],
  );
  return rows[0] ?? null;
}

export async function listEnquiriesOfStudent(
  db: Queryable,
  studentId: number,
  limit: number,
  offset: number,
): Promise<{ rows: EnquiryRow[]; count: number }> {
  const [rows, counts] = await Promise.all([
    db.query<EnquiryRow>(
      `SELECT ${ENQUIRY_COLUMNS} FROM enquiries e JOIN users u ON u.id = e.student_id
        WHERE e.student_id = $1
        ORDER BY e.posted_at DESC, e.id DESC LIMIT $2 OFFSET $3`,
      [studentId, limit, offset],
    ),
    db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM enquiries WHERE student_id = $1',
      [studentId],
    ),
  ]);
  return { rows, count: counts[0]?.count ?? 0 };
}

/** Archives the student's own live enquiry; null when there is none to archive. */
export async function archiveEnquiry(
  db: Queryable,
  id: number,
  studentId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE enquiries SET archived = true, archived_at = $3
      WHERE id = $1 AND student_id = $2 AND NOT archived RETURNING id`,
    [id, studentId, now],
  );
  return rows.length > 0;
}

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
  const rows = await db.query<TutorMarksRow>(
    `SELECT EXISTS (SELECT 1 FROM enquiry_stars WHERE enquiry_id = $1 AND tutor_id = $2) AS is_starred,
            EXISTS (SELECT 1 FROM enquiry_views WHERE enquiry_id = $1 AND tutor_id = $2) AS viewed,
            EXISTS (SELECT 1 FROM enquiry_reports WHERE enquiry_id = $1 AND tutor_id = $2) AS is_reported`,
    [enquiryId, tutorId],
  );
  return rows[0] ?? { is_starred: false, viewed: false, is_reported: false };
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

export async function findContact(
  db: Queryable,
  enquiryId: number,
  tutorId: number,
): Promise<ContactRow | null> {
  const rows = await db.query<ContactRow>(
    `SELECT ${CONTACT_COLUMNS} FROM enquiry_contacts WHERE enquiry_id = $1 AND tutor_id = $2`,
    [enquiryId, tutorId],
  );
  return rows[0] ?? null;
}

export async function insertConversation(
  db: Queryable,
  input: { enquiryId: number; tutorId: number; studentId: number; now: Date },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO conversations (enquiry_id, tutor_id, student_id, created_at, last_message_at)
     VALUES ($1, $2, $3, $4, $4) RETURNING id`,
    [input.enquiryId, input.tutorId, input.studentId, input.now],
  );
  const row = rows[0];
  if (!row) throw new Error('insertConversation: no row returned');
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

export async function insertContact(db: Queryable, contact: NewContact): Promise<ContactRow> {
  const rows = await db.query<ContactRow>(
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
  );
  const row = rows[0];
  if (!row) throw new Error('insertContact: no row returned');
  return row;
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

export async function findTutorStanding(
  db: Queryable,
  tutorId: number,
): Promise<TutorStandingRow | null> {
  const rows = await db.query<TutorStandingRow>(
    `SELECT u.is_email_verified, coalesce(p.is_doc_verified, false) AS is_doc_verified,
            coalesce(p.verification_status, 'none') AS verification_status
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE u.id = $1`,
    [tutorId],
  );
  return rows[0] ?? null;
}

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
export async function listResponsesOfEnquiry(
  db: Queryable,
  enquiryId: number,
): Promise<ResponseRow[]> {
  return db.query<ResponseRow>(
    `SELECT c.id, c.conversation_id, c.price_quote, c.price_type, c.created_at,
            t.id AS tutor_id, t.full_name AS tutor_full_name, t.avatar_url AS tutor_avatar_url,
            COALESCE(p.is_doc_verified, false) AS is_doc_verified,
            COALESCE(p.rating, 0)::float8 AS rating, COALESCE(p.review_count, 0) AS review_count
       FROM enquiry_contacts c
       JOIN users t ON t.id = c.tutor_id
       LEFT JOIN profiles p ON p.user_id = t.id
      WHERE c.enquiry_id = $1 AND t.is_active AND COALESCE(p.is_active, true)
      ORDER BY c.created_at, c.id`,
    [enquiryId],
  );
}

export interface TutorNameRow {
  full_name: string;
}

export async function findUserName(db: Queryable, userId: number): Promise<string> {
  const rows = await db.query<TutorNameRow>('SELECT full_name FROM users WHERE id = $1', [userId]);
  return rows[0]?.full_name ?? '';
}

// ---------------------------------------------------------------------------
// Reports

export async function insertReport(
  db: Queryable,
  input: { enquiryId: number; tutorId: number; reason: string; message: string; now: Date },
): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO enquiry_reports (enquiry_id, tutor_id, reason, message, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
    [input.enquiryId, input.tutorId, input.reason, input.message, input.now],
  );
  return rows[0]?.id ?? null;
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

/** Open guarantees of contacts made at or before `cutoff`, oldest first. */
export async function listDueGuarantees(
  db: Queryable,
  cutoff: Date,
  guaranteeMs: number,
  limit: number,
): Promise<DueContactRow[]> {
  return db.query<DueContactRow>(
    `${DUE_CONTACT_SELECT}
      WHERE c.refunded_at IS NULL AND c.guarantee_settled_at IS NULL AND c.created_at <= $1
      ORDER BY c.created_at, c.id
      LIMIT $3`,
    [cutoff, guaranteeMs, limit],
  );
}

/** One contact's guarantee while still open and due at `cutoff`, else null. */
export async function findDueGuarantee(
  db: Queryable,
  contactId: number,
  cutoff: Date,
  guaranteeMs: number,
): Promise<DueContactRow | null> {
  const rows = await db.query<DueContactRow>(
    `${DUE_CONTACT_SELECT}
      WHERE c.refunded_at IS NULL AND c.guarantee_settled_at IS NULL AND c.created_at <= $1
        AND c.id = $3`,
    [cutoff, guaranteeMs, contactId],
  );
  return rows[0] ?? null;
}

/** Marks the contact refunded; false when another run got there first. */
export async function markContactRefunded(
  db: Queryable,
  contactId: number,
  reason: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE enquiry_contacts SET refunded_at = $2, refund_reason = $3
      WHERE id = $1 AND refunded_at IS NULL RETURNING id`,
    [contactId, now, reason],
  );
  return rows.length > 0;
}

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
export async function lockUnrefundedContacts(
  db: Queryable,
  enquiryId: number,
): Promise<RefundableContactRow[]> {
  return db.query<RefundableContactRow>(
    `SELECT c.id, c.enquiry_id, c.tutor_id, c.conversation_id, c.spend_entry_id::int AS spend_entry_id,
            c.coins_spent, c.price_quote, c.price_type, c.created_at, c.refunded_at,
            t.email AS tutor_email, t.full_name AS tutor_full_name, e.name AS enquiry_name
       FROM enquiry_contacts c
       JOIN users t ON t.id = c.tutor_id
       JOIN enquiries e ON e.id = c.enquiry_id
      WHERE c.enquiry_id = $1 AND c.refunded_at IS NULL
      ORDER BY c.id
      FOR UPDATE OF c`,
    [enquiryId],
  );
}

/** Locks one contact and tells whether it is still unrefunded. */
export async function lockContactIfUnrefunded(db: Queryable, contactId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM enquiry_contacts WHERE id = $1 AND refunded_at IS NULL FOR UPDATE',
    [contactId],
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------------------
// The tutor feed (docs/matching.md, decision 020)

/** Mean earth radius, km (IUGG). */
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LATITUDE = 111.045;

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
  const [rows, counts] = await Promise.all([
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
    db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM enquiry_contacts WHERE tutor_id = $1',
      [tutorId],
    ),
  ]);
  return { rows, count: counts[0]?.count ?? 0 };
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
  const [rows, counts] = await Promise.all([
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
    db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM enquiry_stars s
         JOIN enquiries e ON e.id = s.enquiry_id JOIN users u ON u.id = e.student_id
        WHERE ${where}`,
      [tutorId, now],
    ),
  ]);
  return { rows, count: counts[0]?.count ?? 0 };
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
}

/** The tutor's profile choices and addresses, in one round trip (every feed request needs both). */
export async function findFeedInputs(db: Queryable, tutorId: number): Promise<FeedInputsRow> {
  const rows = await db.query<FeedInputsRow>(
    `SELECT (SELECT json_build_object('interested_classes', p.interested_classes,
                    'subjects', p.subjects, 'boards', p.boards,
                    'languages_known', p.languages_known, 'requirement', p.requirement)
               FROM profiles p WHERE p.user_id = $1) AS profile,
            coalesce((SELECT json_agg(a ORDER BY a.is_primary DESC, a.slot, a.id)
               FROM (SELECT id, formatted_address, city, state, country, latitude, longitude,
                            is_primary, slot
                       FROM user_addresses WHERE user_id = $1) a), '[]'::json) AS addresses`,
    [tutorId],
    { prepared: true },
  );
  return rows[0] ?? { profile: null, addresses: [] };
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

export function countReports(db: Queryable, status: string | null): Promise<number> {
  return countOf(
    db,
    `SELECT count(*)::int AS count FROM enquiry_reports r WHERE ($1::text IS NULL OR r.status = $1)`,
    [status],
  );
}

export function listReports(
  db: Queryable,
  status: string | null,
  limit: number,
  offset: number,
): Promise<ReportRow[]> {
  return db.query<ReportRow>(
    `SELECT ${REPORT_COLUMNS} FROM ${REPORT_FROM}
      WHERE ($1::text IS NULL OR r.status = $1)
      ORDER BY r.created_at, r.id LIMIT $2 OFFSET $3`,
    [status, limit, offset],
  );
}

export async function findReportForUpdate(db: Queryable, id: number): Promise<ReportRow | null> {
  const rows = await db.query<ReportRow>(
    `SELECT ${REPORT_COLUMNS} FROM ${REPORT_FROM} WHERE r.id = $1 FOR UPDATE OF r, e`,
    [id],
  );
  return rows[0] ?? null;
}

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
