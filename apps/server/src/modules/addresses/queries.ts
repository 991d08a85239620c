import type { Place } from '../../adapters/maps/index.ts';
import type { Queryable } from '../../db/connection.ts';
import { returnedRow } from '../../db/rows.ts';
import { rowChecker, rowFinder, rowLister } from '../../db/statements.ts';

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
export const lockAddressOwner = rowChecker<[userId: number]>(
  'SELECT id FROM users WHERE id = $1 AND is_active FOR UPDATE',
);

/** The user's addresses, primary first. */
export const listAddressesOfUser = rowLister<AddressRow, [userId: number]>(
  'SELECT * FROM user_addresses WHERE user_id = $1 ORDER BY is_primary DESC, slot, id',
);

export const lockAddressesOfUser = rowLister<AddressRow, [userId: number]>(
  'SELECT * FROM user_addresses WHERE user_id = $1 ORDER BY slot FOR UPDATE',
);

export function insertAddress(db: Queryable, address: NewAddress): Promise<AddressRow> {
  return returnedRow<AddressRow>(
    db,
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
    'insertAddress',
  );
}

export async function deleteAddress(db: Queryable, userId: number, id: number): Promise<void> {
  await db.query('DELETE FROM user_addresses WHERE id = $1 AND user_id = $2', [id, userId]);
}

export async function clearPrimaryAddress(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE user_addresses SET is_primary = false WHERE user_id = $1 AND is_primary', [
    userId,
  ]);
}

export const markAddressPrimary = rowFinder<AddressRow, [userId: number, id: number]>(
  'UPDATE user_addresses SET is_primary = true WHERE id = $2 AND user_id = $1 RETURNING *',
);
