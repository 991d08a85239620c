import type { Queryable } from '../../db/connection.ts';
import { firstRow } from '../../db/rows.ts';
import { rowCounter, rowFinder, rowLister } from '../../db/statements.ts';

/**
 * The statements every enquiry's alerts run, parsed and planned once per
 * connection. The matching query's generic plan was measured as fast as a
 * fresh one on the benchmark's data (decision 057), unlike the feed's.
 */
const PREPARED = { prepared: true } as const;

/** Mean earth radius, km (IUGG), as the feed computes distances. */
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LATITUDE = 111.045;

/** An enquiry as its alert shows it, with what decides whether it is still alerted. */
export interface AlertEnquiryRow {
  id: number;
  student_id: number;
  name: string;
  subject: string;
  class_level: string;
  study_mode: 'online' | 'offline' | 'both';
  city: string;
  latitude: number;
  longitude: number;
  coins_required: number;
  posted_at: Date;
  expires_at: Date;
  archived: boolean;
  responded_count: number;
  total_responses: number;
  poster_active: boolean;
}

export const findAlertEnquiry = rowFinder<AlertEnquiryRow, [enquiryId: number]>(
  `SELECT e.id, e.student_id, e.name, e.subject, e.class_level, e.study_mode, e.city,
          e.latitude, e.longitude, e.coins_required, e.posted_at, e.expires_at, e.archived,
          e.responded_count, e.total_responses, u.is_active AS poster_active
     FROM enquiries e JOIN users u ON u.id = e.student_id
    WHERE e.id = $1`,
  PREPARED,
);

export interface MatchRow {
  tutor_id: number;
  /** From the tutor's address; null for an online enquiry. */
  distance_km: number | null;
}

/**
 * The verified tutors whose feed would show this enquiry (docs/matching.md),
 * found from the enquiry's side: an offline or 'both' enquiry starts from the
 * tutors' feed addresses (the primary, else the first) inside the radius's
 * bounding box (an index of the tutors' addresses alone, migration 0028), an
 * online one from the verified tutors who teach its subject or left their
 * subjects open; each candidate is then checked by primary key.
 * A tutor who reported one of the poster's enquiries is left out.
 */
export async function selectMatchingTutors(
  db: Queryable,
  enquiry: AlertEnquiryRow,
  radiusKm: number,
): Promise<MatchRow[]> {
  const { latitude, longitude } = enquiry;
  const values: unknown[] = [enquiry.subject, enquiry.class_level, enquiry.student_id];
  let candidates: string;
  if (enquiry.study_mode === 'online') {
    candidates = `SELECT p.user_id, NULL::float8 AS distance_km FROM profiles p
                   WHERE p.is_doc_verified AND p.subjects @> ARRAY[$1::text]
                  UNION ALL
                  SELECT p.user_id, NULL::float8 FROM profiles p
                   WHERE p.is_doc_verified AND p.subjects = '{}'`;
  } else {
    const dLat = radiusKm / KM_PER_DEGREE_LATITUDE;
    const cosLat = Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
    const dLng = Math.min(180, radiusKm / (KM_PER_DEGREE_LATITUDE * cosLat));
    values.push(latitude, longitude, radiusKm);
    values.push(latitude - dLat, latitude + dLat, longitude - dLng, longitude + dLng);
    const distance = `(2 * ${String(EARTH_RADIUS_KM)} * asin(sqrt(least(1,
        power(sin(radians($4::float8 - a.latitude) / 2), 2)
        + cos(radians(a.latitude)) * cos(radians($4::float8))
          * power(sin(radians($5::float8 - a.longitude) / 2), 2)))))`;
    candidates = `SELECT a.user_id, ${distance} AS distance_km FROM user_addresses a
                   WHERE a.of_tutor AND a.latitude BETWEEN $7::float8 AND $8::float8
                     AND a.longitude BETWEEN $9::float8 AND $10::float8
                     AND ${distance} <= $6::float8
                     AND (a.is_primary OR NOT EXISTS (
                           SELECT 1 FROM user_addresses b
                            WHERE b.user_id = a.user_id AND (b.is_primary OR b.slot < a.slot)))`;
  }
  // a tutor teaching online sees online and 'both'; offline sees offline and 'both'; no choice, all
  const mode =
    enquiry.study_mode === 'online'
      ? `p.requirement IS DISTINCT FROM 'offline'`
      : enquiry.study_mode === 'offline'
        ? `p.requirement IS DISTINCT FROM 'online'`
        : 'true';
  return db.query<MatchRow>(
    `WITH candidates AS (${candidates})
     SELECT c.user_id AS tutor_id, c.distance_km
       FROM candidates c
       JOIN profiles p ON p.user_id = c.user_id
       JOIN users t ON t.id = c.user_id
      WHERE p.is_doc_verified AND t.role = 'teacher' AND t.is_active AND t.is_email_verified
        AND (p.subjects = '{}' OR $1::text = ANY(p.subjects))
        AND (p.interested_classes = '{}' OR $2::text = ANY(p.interested_classes))
        AND ${mode}
        AND t.id <> $3::int
        -- the poster's reporters found once (a hashed set), not looked up for each candidate
        AND c.user_id NOT IN (SELECT r.tutor_id FROM enquiry_reports r
                                JOIN enquiries re ON re.id = r.enquiry_id
                               WHERE re.student_id = $3::int)
      ORDER BY c.user_id`,
    values,
    PREPARED,
  );
}

/**
 * The enquiry `$1` of the alerts a statement adds, locked as a foreign key's
 * check would lock it, once for the statement rather than once a row
 * (migration 0023): an enquiry deleted meanwhile gets no alerts, and one
 * deleted later takes them along.
 */
const ALERTED_ENQUIRY = `(SELECT id FROM enquiries WHERE id = $1 FOR KEY SHARE) AS e`;

/**
 * Records an enquiry's in-app alerts, one row for all its tutors (migration
 * 0026), unless a row is there already. Answers the tutors it recorded: only
 * they are told, so a retried job or a second instance never tells anyone
 * twice (the second finds the row and answers none, whichever tutors match by
 * then). Two tries at the same moment: the second waits for the first's
 * commit, then finds its row.
 */
export async function claimInAppAlerts(
  db: Queryable,
  alert: {
    enquiryId: number;
    status: 'sent' | 'skipped';
    reason: string;
    tutors: readonly MatchRow[];
  },
): Promise<MatchRow[]> {
  if (alert.tutors.length === 0) return [];
  return db.query<MatchRow>(
    `WITH claimed AS (
       INSERT INTO lead_alerts_in_app (enquiry_id, status, reason, tutor_ids, distances_km)
       SELECT e.id, $2, $3, $4::int[], $5::float8[] FROM ${ALERTED_ENQUIRY}
       ON CONFLICT (enquiry_id) DO NOTHING
       RETURNING tutor_ids, distances_km)
     SELECT t.tutor_id, t.distance_km
       FROM claimed c CROSS JOIN LATERAL unnest(c.tutor_ids, c.distances_km) AS t (tutor_id, distance_km)`,
    [
      alert.enquiryId,
      alert.status,
      alert.reason,
      alert.tutors.map((tutor) => tutor.tutor_id),
      alert.tutors.map((tutor) => tutor.distance_km),
    ],
    PREPARED,
  );
}

/**
 * Up to `limit` of the oldest enquiries that still have alerts recorded,
 * those of them that expired before `before`. Both keys lead with the
 * enquiry, so each walk reads one index entry an enquiry (a loose index scan
 * of the message channels' rows; the in-app rows are one an enquiry, and an
 * enquiry with skipped alerts has one), however many alerts each has, and
 * stops after `limit` of them. Enquiries expire a fixed time after they are
 * posted, in the order of their numbers, so the oldest are the first to be
 * done with.
 */
export const selectExpiredAlertEnquiries = rowLister<
  { enquiry_id: number },
  [before: Date, limit: number]
>(
  `WITH RECURSIVE oldest (enquiry_id) AS (
     (SELECT enquiry_id FROM lead_alerts ORDER BY enquiry_id LIMIT 1)
     UNION ALL
     SELECT (SELECT a.enquiry_id FROM lead_alerts a WHERE a.enquiry_id > o.enquiry_id
              ORDER BY a.enquiry_id LIMIT 1)
       FROM oldest o WHERE o.enquiry_id IS NOT NULL
   ),
   candidates AS (
     (SELECT enquiry_id FROM oldest WHERE enquiry_id IS NOT NULL LIMIT $2)
     UNION
     (SELECT enquiry_id FROM lead_alerts_in_app ORDER BY enquiry_id LIMIT $2)
   )
   SELECT o.enquiry_id
     FROM candidates AS o
    -- each enquiry read by its key: joined, the planner scanned every enquiry
    WHERE (SELECT e.expires_at FROM enquiries e WHERE e.id = o.enquiry_id) < $1
    ORDER BY o.enquiry_id
    LIMIT $2`,
);

/** Deletes every alert recorded for these enquiries; answers how many (a tutor in an array one each). */
export const deleteAlertsOf = rowCounter<[enquiryIds: readonly number[]]>(
  `WITH channel_rows AS (DELETE FROM lead_alerts WHERE enquiry_id = ANY($1::int[]) RETURNING 1),
        skipped AS (DELETE FROM lead_alert_skips WHERE enquiry_id = ANY($1::int[])
                    RETURNING cardinality(tutor_ids) AS alerts),
        in_app AS (DELETE FROM lead_alerts_in_app WHERE enquiry_id = ANY($1::int[])
                   RETURNING cardinality(tutor_ids) AS alerts),
        seen AS (DELETE FROM lead_alerts_seen WHERE enquiry_id = ANY($1::int[]))
   SELECT ((SELECT count(*) FROM channel_rows) + (SELECT coalesce(sum(alerts), 0) FROM skipped)
           + (SELECT coalesce(sum(alerts), 0) FROM in_app))::int AS count`,
);

/** The student's latest live enquiry and how many tutors were told of it. */
export async function countToldOfLatest(
  db: Queryable,
  studentId: number,
  now: Date,
): Promise<{ enquiry_id: number | null; tutors_told: number }> {
  const latest = await firstRow<{ enquiry_id: number; tutors_told: number }>(
    db,
    `SELECT e.id AS enquiry_id,
            -- WhatsApp and e-mail go only to tutors told in the app
            coalesce((SELECT cardinality(i.tutor_ids) FROM lead_alerts_in_app i
                       WHERE i.enquiry_id = e.id AND i.status = 'sent'), 0) AS tutors_told
       FROM enquiries e
      WHERE e.student_id = $1 AND NOT e.archived AND e.expires_at > $2
      ORDER BY e.posted_at DESC, e.id DESC LIMIT 1`,
    [studentId, now],
  );
  return latest ?? { enquiry_id: null, tutors_told: 0 };
}

/** A tutor's stored alert settings (minutes for the quiet hours). */
export interface AlertSettingsRow {
  whatsapp_mode: 'instant' | 'digest' | 'off';
  whatsapp_digest_hour: number;
  whatsapp_unsubscribed_at: Date | null;
  email_mode: 'instant' | 'digest' | 'off';
  email_digest_hour: number;
  email_unsubscribed_at: Date | null;
  quiet_start_minute: number;
  quiet_end_minute: number;
  daily_cap: number;
}

const SETTINGS_COLUMNS = `whatsapp_mode, whatsapp_digest_hour, whatsapp_unsubscribed_at,
  email_mode, email_digest_hour, email_unsubscribed_at, quiet_start_minute, quiet_end_minute,
  daily_cap`;

/** The columns of `rows` named by `keys`, each an array: the parameters of an `unnest`. */
function columnsOf<Row, Key extends keyof Row>(
  rows: readonly Row[],
  keys: readonly Key[],
): Row[Key][][] {
  return keys.map((key) => rows.map((row) => row[key]));
}

/**
 * A query of one row per tutor (`tutor_id` and the rest) for the tutors of its
 * `$1::int[]`, as a function answering a map by tutor.
 */
function byTutor<Row extends object>(
  sql: string,
): (db: Queryable, tutorIds: readonly number[]) => Promise<Map<number, Row>> {
  return async (db, tutorIds) => {
    const rows = await db.query<Row & { tutor_id: number }>(sql, [tutorIds], PREPARED);
    return new Map(rows.map(({ tutor_id: tutorId, ...row }) => [tutorId, row as unknown as Row]));
  };
}

/** The stored settings of each of the tutors who saved any. */
export const findAlertSettingsOf = byTutor<AlertSettingsRow>(
  `SELECT tutor_id, ${SETTINGS_COLUMNS} FROM alert_settings WHERE tutor_id = ANY($1::int[])`,
);

/** Where a tutor's messages go: the e-mail, and the phone once verified. */
export interface AlertContactRow {
  email: string;
  phone: string | null;
}

export const findAlertContacts = byTutor<AlertContactRow>(
  `SELECT id AS tutor_id, email,
          CASE WHEN is_phone_verified AND phone_number IS NOT NULL
               THEN coalesce(phone_country_code, '') || phone_number END AS phone
     FROM users WHERE id = ANY($1::int[])`,
);

/** Stores the whole row; an unsubscribe mark stays only while the channel stays off. */
export async function upsertAlertSettings(
  db: Queryable,
  tutorId: number,
  row: AlertSettingsRow,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO alert_settings (tutor_id, ${SETTINGS_COLUMNS}, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (tutor_id) DO UPDATE SET
       whatsapp_mode = $2, whatsapp_digest_hour = $3, whatsapp_unsubscribed_at = $4,
       email_mode = $5, email_digest_hour = $6, email_unsubscribed_at = $7,
       quiet_start_minute = $8, quiet_end_minute = $9, daily_cap = $10, updated_at = $11`,
    [
      tutorId,
      row.whatsapp_mode,
      row.whatsapp_digest_hour,
      row.whatsapp_unsubscribed_at,
      row.email_mode,
      row.email_digest_hour,
      row.email_unsubscribed_at,
      row.quiet_start_minute,
      row.quiet_end_minute,
      row.daily_cap,
      now,
    ],
  );
}

/** The in-app alerts of an enquiry this instance wrote to an open socket: one row an event. */
export async function markAlertsSeenInApp(
  db: Queryable,
  enquiryId: number,
  tutorIds: readonly number[],
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO lead_alerts_seen (enquiry_id, tutor_ids, seen_at)
     SELECT e.id, $2::int[], $3 FROM ${ALERTED_ENQUIRY}`,
    [enquiryId, tutorIds, now],
    PREPARED,
  );
}

/** A tutor told of an enquiry in the app, with their settings and contact, for the other channels. */
export interface ChannelTargetRow extends Partial<AlertSettingsRow> {
  tutor_id: number;
  distance_km: number | null;
  seen_in_app: boolean;
  has_phone: boolean;
  has_settings: boolean;
}

export const selectChannelTargets = rowLister<ChannelTargetRow, [enquiryId: number]>(
  `WITH seen AS (SELECT DISTINCT x.tutor_id
                   FROM lead_alerts_seen v CROSS JOIN LATERAL unnest(v.tutor_ids) AS x (tutor_id)
                  WHERE v.enquiry_id = $1)
   SELECT a.tutor_id, a.distance_km, a.tutor_id IN (SELECT tutor_id FROM seen) AS seen_in_app,
          (u.is_phone_verified AND u.phone_number IS NOT NULL) AS has_phone,
          s.tutor_id IS NOT NULL AS has_settings,
          s.whatsapp_mode, s.whatsapp_digest_hour, s.whatsapp_unsubscribed_at,
          s.email_mode, s.email_digest_hour, s.email_unsubscribed_at,
          s.quiet_start_minute, s.quiet_end_minute, s.daily_cap
     FROM lead_alerts_in_app i
     CROSS JOIN LATERAL unnest(i.tutor_ids, i.distances_km) AS a (tutor_id, distance_km)
     JOIN users u ON u.id = a.tutor_id
     LEFT JOIN alert_settings s ON s.tutor_id = a.tutor_id
    WHERE i.enquiry_id = $1 AND i.status = 'sent'
    ORDER BY a.tutor_id`,
  PREPARED,
);

/**
 * One channel alert to record: sent now (by the decision's own messages job),
 * held (with its time) or skipped.
 */
export interface ChannelAlertRow {
  tutor_id: number;
  channel: 'whatsapp' | 'email';
  status: 'sent' | 'held' | 'skipped';
  reason: string;
  distance_km: number | null;
  due_at: Date | null;
  sent_at: Date | null;
}

/**
 * Records an enquiry's alerts on the message channels; an alert already
 * recorded is left as it was. Answers the ones newly recorded: only they are
 * sent, so a retried decision or a second instance never sends twice.
 *
 * The alerts held or sent are one row per tutor and channel in `lead_alerts`,
 * the skipped ones one row per channel in `lead_alert_skips` (migration 0027),
 * both in this statement, which a decision makes in one transaction with the
 * jobs that send them: an enquiry's decision is stored whole or not at all.
 * Every try decides for the same tutors (those the in-app record holds), so a
 * retry that finds any row of the enquiry records nothing: one look at each
 * table's key, not one per alert (with 400 rows an enquiry, the statement took
 * 5.4 ms of PostgreSQL's time with a look per alert; decision 057). A decision
 * recording the same alerts at the same moment waits for the first, then
 * finds its skipped rows (`ON CONFLICT DO NOTHING`) or fails on the key of a
 * held or sent one: run it again (`againIfRaced`), and it finds them recorded.
 */
export async function claimChannelAlerts(
  db: Queryable,
  enquiryId: number,
  alerts: readonly ChannelAlertRow[],
): Promise<ChannelAlertRow[]> {
  if (alerts.length === 0) return [];
  return db.query<ChannelAlertRow>(
    `WITH e AS (SELECT e.id FROM ${ALERTED_ENQUIRY}
                 WHERE NOT EXISTS (SELECT 1 FROM lead_alerts a WHERE a.enquiry_id = e.id)
                   AND NOT EXISTS (SELECT 1 FROM lead_alert_skips k WHERE k.enquiry_id = e.id)),
     t AS (SELECT * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::float8[],
                                $7::timestamptz[], $8::timestamptz[])
             AS t (tutor_id, channel, status, reason, distance_km, due_at, sent_at)),
     skipped AS (
       INSERT INTO lead_alert_skips (enquiry_id, channel, tutor_ids, reasons, distances_km)
       SELECT e.id, t.channel, array_agg(t.tutor_id ORDER BY t.tutor_id),
              array_agg(t.reason ORDER BY t.tutor_id), array_agg(t.distance_km ORDER BY t.tutor_id)
         FROM e, t
        WHERE t.status = 'skipped'
        GROUP BY e.id, t.channel
       ON CONFLICT (enquiry_id, channel) DO NOTHING
       RETURNING channel, tutor_ids, reasons, distances_km),
     kept AS (
       INSERT INTO lead_alerts
         (tutor_id, enquiry_id, channel, status, reason, distance_km, due_at, sent_at)
       SELECT t.tutor_id, e.id, t.channel, t.status, t.reason, t.distance_km, t.due_at, t.sent_at
         FROM e, t
        WHERE t.status <> 'skipped'
       RETURNING tutor_id, channel, status, reason, distance_km, due_at, sent_at)
     SELECT * FROM kept
     UNION ALL
     SELECT s.tutor_id, k.channel, 'skipped', s.reason, s.distance_km, NULL::timestamptz,
            NULL::timestamptz
       FROM skipped k
       CROSS JOIN LATERAL unnest(k.tutor_ids, k.reasons, k.distances_km)
         AS s (tutor_id, reason, distance_km)`,
    [
      enquiryId,
      ...columnsOf(alerts, [
        'tutor_id',
        'channel',
        'status',
        'reason',
        'distance_km',
        'due_at',
        'sent_at',
      ]),
    ],
    PREPARED,
  );
}

/** Tutors and channels with held alerts whose time has come (the sweep); a deleted tutor is not asked for. */
export const selectDueTutors = rowLister<
  { tutor_id: number; channel: 'whatsapp' | 'email' },
  [now: Date, limit: number]
>(
  `SELECT DISTINCT a.tutor_id, a.channel FROM lead_alerts a
    WHERE a.status = 'held' AND a.due_at <= $1
      AND EXISTS (SELECT 1 FROM users u WHERE u.id = a.tutor_id)
    ORDER BY a.tutor_id, a.channel LIMIT $2`,
);

/** A held alert whose time has come, locked for this transaction, with its enquiry. */
export interface DueAlertRow extends AlertEnquiryRow {
  tutor_id: number;
  reason: string;
  distance_km: number | null;
}

/** The advisory lock class of a tutor's messages (the second key is the tutor). */
const TUTOR_MESSAGES_LOCK = 2301;

/**
 * Takes, for this transaction, the lock on each tutor's messages that no other
 * transaction holds; answers those tutors. The others are being sent to by
 * another job, whose count of the day's alerts must not race this one's.
 */
export async function lockTutorMessages(
  tx: Queryable,
  tutorIds: readonly number[],
): Promise<number[]> {
  const rows = await tx.query<{ tutor_id: number }>(
    `SELECT t.tutor_id FROM unnest($1::int[]) AS t (tutor_id)
      WHERE pg_try_advisory_xact_lock(${String(TUTOR_MESSAGES_LOCK)}, t.tutor_id)
      ORDER BY t.tutor_id`,
    [tutorIds],
    PREPARED,
  );
  return rows.map((row) => row.tutor_id);
}

/** The held alerts of these tutors on a channel whose time has come, locked, oldest first. */
export const lockDueAlerts = rowLister<
  DueAlertRow,
  [tutorIds: readonly number[], channel: 'whatsapp' | 'email', now: Date]
>(
  `SELECT a.tutor_id, a.reason, a.distance_km,
          e.id, e.student_id, e.name, e.subject, e.class_level, e.study_mode, e.city,
          e.latitude, e.longitude, e.coins_required, e.posted_at, e.expires_at, e.archived,
          e.responded_count, e.total_responses, u.is_active AS poster_active
     FROM lead_alerts a
     JOIN enquiries e ON e.id = a.enquiry_id
     JOIN users u ON u.id = e.student_id
    WHERE a.tutor_id = ANY($1::int[]) AND a.channel = $2 AND a.status = 'held' AND a.due_at <= $3
    ORDER BY a.tutor_id, e.posted_at, e.id
    FOR UPDATE OF a SKIP LOCKED`,
);

/**
 * Instant alerts of a channel sent to each of these tutors since `since` (the
 * daily cap): a range of their own index (migration 0029), whatever the
 * digests carried.
 */
export async function countInstantSent(
  db: Queryable,
  tutorIds: readonly number[],
  channel: 'whatsapp' | 'email',
  since: Date,
): Promise<Map<number, number>> {
  const rows = await db.query<{ tutor_id: number; count: number }>(
    `SELECT tutor_id, count(*)::int AS count FROM lead_alerts
      WHERE tutor_id = ANY($1::int[]) AND channel = $2 AND status = 'sent' AND reason = ''
        AND sent_at >= $3
      GROUP BY tutor_id`,
    [tutorIds, channel, since],
    PREPARED,
  );
  return new Map(rows.map((row) => [row.tutor_id, row.count]));
}

/** A channel alert's new state: sent now, held again (until `due_at`), or skipped. */
export interface ChannelAlertChange {
  tutor_id: number;
  enquiry_id: number;
  status: 'sent' | 'held' | 'skipped';
  reason: string;
  due_at: Date | null;
  sent_at: Date | null;
}

/** Moves alerts of one channel to their new states, in one statement. */
export async function updateChannelAlerts(
  db: Queryable,
  channel: 'whatsapp' | 'email',
  changes: readonly ChannelAlertChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await db.query(
    `UPDATE lead_alerts a
        SET status = c.status, reason = c.reason, due_at = c.due_at, sent_at = c.sent_at
       FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::timestamptz[],
                   $7::timestamptz[]) AS c (tutor_id, enquiry_id, status, reason, due_at, sent_at)
      WHERE a.channel = $1 AND a.tutor_id = c.tutor_id AND a.enquiry_id = c.enquiry_id`,
    [
      channel,
      ...columnsOf(changes, ['tutor_id', 'enquiry_id', 'status', 'reason', 'due_at', 'sent_at']),
    ],
  );
}
