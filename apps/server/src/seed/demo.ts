import type { Db } from '../db/connection.ts';
import { hashPassword } from '../lib/passwords.ts';
import { findUserByEmail, insertUser } from '../modules/auth/queries.ts';

export interface DemoAccount {
  role: 'teacher' | 'student';
  email: string;
  password: string;
  fullName: string;
}

/** Demo accounts seeded outside production; the README lists the same. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'student',
    email: 'student@demo.gurumatch.in',
    password: 'Student@123',
    fullName: 'Ananya Rao',
  },
  {
    role: 'teacher',
    email: 'teacher@demo.gurumatch.in',
    password: 'Teacher@123',
    fullName: 'Rahul Sharma',
  },
];

const DEMO_ADDRESS = {
  placeId: 'in-ka-bangalore-koramangala',
  formatted: 'Koramangala, Bengaluru, Karnataka, India',
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  country: 'India',
  latitude: 12.9352,
  longitude: 77.6245,
};

/** Seeds the demo accounts, fully onboarded, once. Returns the accounts it created. */
export async function seedDemoData(db: Db): Promise<DemoAccount[]> {
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
        [user.id, account.role === 'teacher' ? '9800000001' : '9800000002'],
      );
      await tx.query(
        `INSERT INTO user_addresses (user_id, place_id, formatted_address, city, district, state, country,
                                     latitude, longitude, is_primary, slot)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, true, 1)`,
        [
          user.id,
          DEMO_ADDRESS.placeId,
          DEMO_ADDRESS.formatted,
          DEMO_ADDRESS.city,
          DEMO_ADDRESS.district,
          DEMO_ADDRESS.state,
          DEMO_ADDRESS.country,
          DEMO_ADDRESS.latitude,
          DEMO_ADDRESS.longitude,
        ],
      );
      created.push(account);
    });
  }
  return created;
}
