import type { Place } from '../../adapters/maps/index.ts';
import type { Queryable } from '../../db/connection.ts';

export interface AddressRow {
  id: number;
  user_id: number;
  place_id: string;
  formatted_address: string;
  city: string;
  district: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
  is_primary: boolean;
  slot: number;
  created_at: Date;
}

export interface NewAddress {
  userId: number;
  placeId: string;
  formattedAddress: string;
  city: string;
  district: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
  isPrimary: boolean;
  slot: number;
  createdAt: Date;
}

/** The row for `place` saved by a user in one of their two slots. */
export function newAddressAt(
  place: Place,
  owner: { userId: number; isPrimary: boolean; slot: number; createdAt: Date },
): NewAddress {
  return {
    ...owner,
    placeId: place.place_id,
    formattedAddress: place.formatted_address,
    city: place.city,
    district: place.district,
    state: place.state,
    country: place.country,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

/** Locks the user row: address changes of one user happen one at a time. */
export async function lockAddressOwner(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM users WHERE id = $1 AND is_active FOR UPDATE',
    [userId],
  );
  return rows.length > 0;
}

/** The user's addresses, primary first. */
export async function listAddressesOfUser(db: Queryable, userId: number): Promise<AddressRow[]> {
  return db.query<AddressRow>(
    'SELECT * FROM user_addresses WHERE user_id = $1 ORDER BY is_primary DESC, slot, id',
    [userId],
  );
}

export async function lockAddressesOfUser(db: Queryable, userId: number): Promise<AddressRow[]> {
  return db.query<AddressRow>(
    'SELECT * FROM user_addresses WHERE user_id = $1 ORDER BY slot FOR UPDATE',
    [userId],
  );
}

export async function insertAddress(db: Queryable, address: NewAddress): Promise<AddressRow> {
  const rows = await db.query<AddressRow>(
    `INSERT INTO user_addresses (user_id, place_id, formatted_address, city, district, state, country,
                                 latitude, longitude, is_primary, slot, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     RETURNING *`,
    [
      address.userId,
      address.placeId,
      address.formattedAddress,
      address.city,
      address.district,
      address.state,
      address.country,
      address.latitude,
      address.longitude,
      address.isPrimary,
      address.slot,
      address.createdAt,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insertAddress: no row returned');
  return row;
}

export async function deleteAddress(db: Queryable, userId: number, id: number): Promise<void> {
  await db.query('DELETE FROM user_addresses WHERE id = $1 AND user_id = $2', [id, userId]);
}

export async function clearPrimaryAddress(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE user_addresses SET is_primary = false WHERE user_id = $1 AND is_primary', [
    userId,
  ]);
}

export async function markAddressPrimary(
  db: Queryable,
  userId: number,
  id: number,
): Promise<AddressRow | null> {
  const rows = await db.query<AddressRow>(
    'UPDATE user_addresses SET is_primary = true WHERE id = $1 AND user_id = $2 RETURNING *',
    [id, userId],
  );
  return rows[0] ?? null;
}
