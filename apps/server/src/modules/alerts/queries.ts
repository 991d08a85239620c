import type { Queryable } from '../../db/connection.ts';

/** Mean earth radius, km (IUGG), as the feed computes distances. */
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LATITUDE = 111.045;

export type AlertChannel = 'app' | 'whatsapp' | 'email';

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

export async function findAlertEnquiry(
  db: Queryable,
  enquiryId: number,
): Promise<AlertEnquiryRow | null> {
  const rows = await db.query<AlertEnquiryRow>(
    `SELECT e.id, e.student_id, e.name, e.subject, e.class_level, e.study_mode, e.city,
            e.latitude, e.longitude, e.coins_required, e.posted_at, e.expires_at, e.archived,
            e.responded_count, e.total_responses, u.is_active AS poster_active
       FROM enquiries e JOIN users u ON u.id = e.student_id
      WHERE e.id = $1`,
    [enquiryId],
  );
  return rows[0] ?? null;
}

export interface MatchRow {
  tutor_id: number;
  /** From the tutor's address; null for an online enquiry. */
  distance_km: number | null;
}

/**
 * The verified tutors whose feed would show this enquiry (docs/matching.md),
 * found from the enquiry's side: an offline or 'both' enquiry starts from the
 * tutors' feed addresses (the primary, else the first) inside the radius's
 * bounding box, an online one from the verified tutors who teach its subject
 * or left their subjects open; each candidate is then checked by primary key.
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
                   WHERE a.latitude BETWEEN $7::float8 AND $8::float8
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
        AND NOT EXISTS (SELECT 1 FROM enquiry_reports r JOIN enquiries re ON re.id = r.enquiry_id
                         WHERE r.tutor_id = c.user_id AND re.student_id = $3::int)
      ORDER BY c.user_id`,
    values,
  );
}

/**
 * Records alerts of one enquiry on one channel; a tutor already recorded is
 * left as it was. Answers the tutors newly recorded: only they are sent to, so
 * a retried job or a second instance never alerts anyone twice.
 */
export async function claimAlerts(
  db: Queryable,
  alert: {
    enquiryId: number;
    channel: AlertChannel;
    status: 'sent' | 'skipped';
    reason: string;
    tutors: readonly MatchRow[];
  },
): Promise<MatchRow[]> {
  if (alert.tutors.length === 0) return [];
  return db.query<MatchRow>(
    `INSERT INTO lead_alerts (tutor_id, enquiry_id, channel, status, reason, distance_km)
     SELECT t.tutor_id, $1, $2, $3, $4, t.distance_km
       FROM unnest($5::int[], $6::float8[]) AS t (tutor_id, distance_km)
     ON CONFLICT (tutor_id, enquiry_id, channel) DO NOTHING
     RETURNING tutor_id, distance_km`,
    [
      alert.enquiryId,
      alert.channel,
      alert.status,
      alert.reason,
      alert.tutors.map((tutor) => tutor.tutor_id),
      alert.tutors.map((tutor) => tutor.distance_km),
    ],
  );
}

/** The student's latest live enquiry and how many tutors were told of it. */
export async function countToldOfLatest(
  db: Queryable,
  studentId: number,
  now: Date,
): Promise<{ enquiry_id: number | null; tutors_told: number }> {
  const rows = await db.query<{ enquiry_id: number; tutors_told: number }>(
    `SELECT e.id AS enquiry_id,
            (SELECT count(DISTINCT a.tutor_id)::int FROM lead_alerts a
              WHERE a.enquiry_id = e.id AND a.status = 'sent') AS tutors_told
       FROM enquiries e
      WHERE e.student_id = $1 AND NOT e.archived AND e.expires_at > $2
      ORDER BY e.posted_at DESC, e.id DESC LIMIT 1`,
    [studentId, now],
  );
  return rows[0] ?? { enquiry_id: null, tutors_told: 0 };
}
