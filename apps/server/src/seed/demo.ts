import { GAZETTEER_PLACES, type GazetteerPlace } from '@gurumatch/shared/catalogues/gazetteer';
import type { Role } from '@gurumatch/shared/constants';
import {
  CreateEnquiryBodySchema,
  type CreateEnquiryBody,
} from '@gurumatch/shared/schemas/enquiries';
import sharp from 'sharp';

import { gazetteerPlace } from '../adapters/maps/gazetteer.ts';
import type { FileStorage } from '../adapters/storage/index.ts';
import type { AppContext } from '../context.ts';
import type { Db, Queryable } from '../db/connection.ts';
import { hashPassword } from '../lib/passwords.ts';
import { insertAddress, listAddressesOfUser, newAddressAt } from '../modules/addresses/queries.ts';
import { findUserByEmail, insertUser } from '../modules/auth/queries.ts';
import { createEnquiry } from '../modules/enquiries/service.ts';
import { creditCoinsOnce } from '../modules/payments/ledger.ts';
import { findPlanByName, insertCoupon } from '../modules/payments/queries.ts';

import { makeDemoPdf } from './demo-pdf.ts';

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
  fullName: string;
  /** Verified mobile number (+91), distinct per account. */
  phone: string;
  /** Tutors only: documents already verified, or waiting in the verification queue. */
  documents?: 'verified' | 'pending';
  /** The Bengaluru locality of the account's home address (Koramangala when not given). */
  area?: string;
  /** Students only: the enquiry they have posted, so a tutor's feed is not empty. */
  enquiry?: DemoEnquiry;
}

/** What a demo poster filled in on the enquiry form (the address is their own). */
type DemoEnquiry = Pick<
  CreateEnquiryBody,
  | 'name'
  | 'study_mode'
  | 'board'
  | 'class_level'
  | 'subject'
  | 'language'
  | 'user_budget'
  | 'when_to_start'
> & { female_tutor_preferred?: boolean };

/** Demo accounts seeded outside production; the README lists the same. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'student',
    email: 'student@demo.gurumatch.in',
    password: 'Student@123',
    fullName: 'Ananya Rao',
    phone: '9800000002',
  },
  {
    role: 'teacher',
    email: 'teacher@demo.gurumatch.in',
    password: 'Teacher@123',
    fullName: 'Rahul Sharma',
    phone: '9800000001',
    documents: 'verified',
  },
  {
    role: 'teacher',
    email: 'tutor.pending@demo.gurumatch.in',
    password: 'Teacher@123',
    fullName: 'Priya Nair',
    phone: '9800000003',
    documents: 'pending',
  },
  {
    role: 'admin',
    email: 'admin@demo.gurumatch.in',
    password: 'Admin@12345',
    fullName: 'GuruMatch Admin',
    phone: '9800000004',
  },
  {
    role: 'student',
    email: 'meera.iyer@demo.gurumatch.in',
    password: 'Student@123',
    fullName: 'Meera Iyer',
    phone: '9800000005',
    area: 'HSR Layout',
    enquiry: {
      name: 'CBSE Class 10 Maths',
      study_mode: 'offline',
      board: 'CBSE',
      class_level: 'Class 10',
      subject: 'Mathematics',
      language: 'English',
      user_budget: 500,
      when_to_start: 'immediately',
    },
  },
  {
    role: 'student',
    email: 'karthik.menon@demo.gurumatch.in',
    password: 'Student@123',
    fullName: 'Karthik Menon',
    phone: '9800000006',
    area: 'Indiranagar',
    enquiry: {
      name: 'Physics for Class 12 boards',
      study_mode: 'both',
      board: 'CBSE',
      class_level: 'Class 12',
      subject: 'Physics',
      language: 'English',
      user_budget: 800,
      when_to_start: 'one_week',
    },
  },
  {
    role: 'student',
    email: 'fatima.sheikh@demo.gurumatch.in',
    password: 'Student@123',
    fullName: 'Fatima Sheikh',
    phone: '9800000007',
    area: 'BTM Layout',
    enquiry: {
      name: 'State Board Class 9 Maths',
      study_mode: 'both',
      board: 'Karnataka State Board',
      class_level: 'Class 9',
      subject: 'Mathematics',
      language: 'Hindi',
      user_budget: 350,
      when_to_start: 'fifteen_days',
      female_tutor_preferred: true,
    },
  },
];

/** The gazetteer's entry for a Bengaluru locality (the one address search suggests). */
function bengaluruPlace(locality: string): GazetteerPlace {
  const place = GAZETTEER_PLACES.find(
    (entry) => entry.city === 'Bengaluru' && entry.locality === locality,
  );
  if (!place) throw new Error(`demo data: ${locality} is not in the gazetteer`);
  return place;
}

/** A small one-page PDF standing in for one of a demo tutor's documents. */
function renderDemoProof(kind: string, fullName: string): Buffer {
  return makeDemoPdf(`${kind} (demo)`, [
    `Name: ${fullName}`,
    'This is a sample document of the GuruMatch demo data.',
    'It stands in for what a tutor uploads; it proves nothing about a real person.',
  ]);
}

async function renderInitialsAvatar(initials: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#4338ca"/><text x="128" y="160" font-family="sans-serif" font-size="104" font-weight="700" fill="#ffffff" text-anchor="middle">${initials}</text></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}

const DEMO_AVATAR_NAME = 'de70de70de70de70de70de70de70de70';

/**
 * The demo tutor's finished, verified profile, so the signed-in screens show
 * what a real tutor sees. Files go to storage when it is given.
 */
async function seedTeacherProfile(
  tx: Queryable,
  userId: number,
  fullName: string,
  documents: 'verified' | 'pending',
  storage: FileStorage | undefined,
): Promise<void> {
  let avatarKey: string | null = null;
  let idProofKey: string | null = null;
  let qualificationKey: string | null = null;
  if (storage) {
    // the same `<user id>-<32 hex>.webp` shape as uploaded avatars, so /media serves it
    avatarKey = `avatars/${String(userId)}-${DEMO_AVATAR_NAME}.webp`;
    idProofKey = `proofs/${String(userId)}/id_proof-demo.pdf`;
    qualificationKey = `proofs/${String(userId)}/qualification_proof-demo.pdf`;
    await storage.put(avatarKey, await renderInitialsAvatar('RS'), 'image/webp');
    await storage.put(idProofKey, renderDemoProof('Identity proof', fullName), 'application/pdf');
    await storage.put(
      qualificationKey,
      renderDemoProof('Qualification certificate', fullName),
      'application/pdf',
    );
    await tx.query('UPDATE users SET avatar_url = $2 WHERE id = $1', [
      userId,
      `/media/${avatarKey}`,
    ]);
  }
  await tx.query(
    `INSERT INTO profiles (user_id, bio, gender, requirement, interested_classes, subjects, boards,
                           languages_known, avatar_key, id_proof_key, qualification_proof_key,
                           is_doc_verified, verification_status)
     VALUES ($1, $2, 'male', 'offline', $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (user_id) DO UPDATE
       SET bio = EXCLUDED.bio, gender = EXCLUDED.gender, requirement = EXCLUDED.requirement,
           interested_classes = EXCLUDED.interested_classes, subjects = EXCLUDED.subjects,
           boards = EXCLUDED.boards, languages_known = EXCLUDED.languages_known,
           avatar_key = EXCLUDED.avatar_key, id_proof_key = EXCLUDED.id_proof_key,
           qualification_proof_key = EXCLUDED.qualification_proof_key,
           is_doc_verified = EXCLUDED.is_doc_verified,
           verification_status = EXCLUDED.verification_status`,
    [
      userId,
      'Mathematics and physics tutor with eight years of experience teaching CBSE and ICSE students in Koramangala and HSR Layout. I focus on clear concepts, regular practice tests and board exam preparation.',
      ['Class 9', 'Class 10', 'Class 11', 'Class 12'],
      ['Mathematics', 'Physics'],
      ['CBSE', 'ICSE', 'Karnataka State Board'],
      ['English', 'Hindi', 'Kannada'],
      avatarKey,
      idProofKey,
      qualificationKey,
      documents === 'verified',
      documents === 'verified' ? 'approved' : idProofKey ? 'pending' : 'none',
    ],
  );
}

/** Seeds the demo accounts, fully onboarded, once. Returns the accounts it created. */
export async function seedDemoData(db: Db, storage?: FileStorage): Promise<DemoAccount[]> {
  const created: DemoAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(db, account.email)) continue;
    const passwordHash = await hashPassword(account.password);
    await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: account.email,
        passwordHash,
        fullName: account.fullName,
        role: account.role,
      });
      if (!user) return;
      await tx.query(
        `UPDATE users SET is_email_verified = true, is_phone_verified = true, phone_country_code = '+91',
                phone_number = $2, profile_completed_at = now()
          WHERE id = $1`,
        [user.id, account.phone],
      );
      const place = gazetteerPlace(bengaluruPlace(account.area ?? 'Koramangala'));
      await insertAddress(
        tx,
        newAddressAt(place, { userId: user.id, isPrimary: true, slot: 1, createdAt: new Date() }),
      );
      if (account.role === 'teacher') {
        await seedTeacherProfile(
          tx,
          user.id,
          account.fullName,
          account.documents ?? 'verified',
          storage,
        );
        await seedFreePlan(tx, user.id);
      }
      created.push(account);
    });
  }
  await seedDemoCoupons(db);
  return created;
}

/** The free plan's coins a tutor gets on finishing onboarding (the demo tutor starts finished). */
async function seedFreePlan(tx: Queryable, userId: number): Promise<void> {
  const plan = await findPlanByName(tx, 'free');
  if (!plan) return;
  const now = new Date();
  await creditCoinsOnce(tx, {
    userId,
    coins: plan.coins,
    reason: 'Free plan coins',
    expiresAt: new Date(now.getTime() + plan.validity_days * 24 * 60 * 60 * 1000),
    now,
    source: 'free_plan',
    planId: plan.id,
  });
}

/** Demo coupons (never in production, where demo data is not seeded). */
export const DEMO_COUPON_CODE = 'WELCOME10';

async function seedDemoCoupons(db: Queryable): Promise<void> {
  // 10 % off every paid plan; generous per-user limit so the demo can be tried repeatedly
  await insertCoupon(db, { code: DEMO_COUPON_CODE, kind: 'percent', value: 1000, maxPerUser: 100 });
}

/**
 * Posts each demo poster's enquiry through the students' own path (address,
 * active limit, feed caches), once: a poster who has ever posted is left alone.
 * Returns how many enquiries it posted.
 */
export async function seedDemoEnquiries(ctx: AppContext): Promise<number> {
  let posted = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (!account.enquiry) continue;
    const user = await findUserByEmail(ctx.db, account.email);
    if (!user) continue;
    const [primary] = await listAddressesOfUser(ctx.db, user.id);
    if (!primary?.is_primary || (await hasPostedEver(ctx.db, user.id))) continue;
    const body = CreateEnquiryBodySchema.parse({ ...account.enquiry, address: primary.id });
    await createEnquiry(ctx, user.id, body);
    posted += 1;
  }
  return posted;
}

async function hasPostedEver(db: Queryable, studentId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM enquiries WHERE student_id = $1 LIMIT 1', [studentId]);
  return rows.length > 0;
}
