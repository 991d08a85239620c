import { MAX_ADDRESSES } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import { ADDRESS_MESSAGES } from '@gurumatch/shared/messages/profile';
import type { SuccessMessage } from '@gurumatch/shared/schemas/account';
import {
  findPlaceIdProblem,
  type AddAddressBody,
  type Address,
  type AddressResult,
} from '@gurumatch/shared/schemas/addresses';

import type { Place } from '../../adapters/maps/index.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import { AppError, providerUnavailable } from '../../errors.ts';
import { invalidateTutorFeed } from '../enquiries/service.ts';

import {
  clearPrimaryAddress,
  deleteAddress,
  insertAddress,
  newAddressAt,
  listAddressesOfUser,
  lockAddressesOfUser,
  lockAddressOwner,
  markAddressPrimary,
  type AddressRow,
} from './queries.ts';

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    formatted_address: row.formatted_address,
    is_primary: row.is_primary,
    city: row.city,
    district: row.district,
    state: row.state,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

function invalidPlace(): AppError {
  return new AppError(400, 'invalid_place', ADDRESS_MESSAGES.selectValidAddress, {
    place_id: [ADDRESS_MESSAGES.selectValidAddress],
  });
}

function addressNotFound(): AppError {
  return new AppError(404, 'not_found', ADDRESS_MESSAGES.notFound);
}

function limitReached(): AppError {
  return new AppError(400, 'address_limit', ADDRESS_MESSAGES.limitReached);
}

async function resolvePlace(ctx: AppContext, placeId: string): Promise<Place> {
  let place: Place | null;
  try {
    place = await ctx.maps.place(placeId);
  } catch (error) {
    throw providerUnavailable(ADDRESS_MESSAGES.addFailed, error);
  }
  if (!place || !Number.isFinite(place.latitude) || !Number.isFinite(place.longitude)) {
    throw invalidPlace();
  }
  return place;
}

/**
 * Opens a transaction holding the user's row and addresses; a missing or
 * inactive user is a 401. Once it is committed, a tutor's feed is measured
 * from the addresses as they now are.
 */
async function withLockedAddresses<T>(
  ctx: AppContext,
  userId: number,
  work: (tx: Queryable, addresses: AddressRow[]) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await lockAddressOwner(tx, userId))) {
      throw new AppError(401, 'token_not_valid', MESSAGES.tokenNotValid);
    }
    return work(tx, await lockAddressesOfUser(tx, userId));
  });
  await invalidateTutorFeed(ctx, userId);
  return result;
}

/**
 * Adds the place as an address of the user: resolved through the maps
 * provider, at most 2 per user, the first one primary, the same place once.
 */
export async function addAddress(
  ctx: AppContext,
  userId: number,
  body: AddAddressBody,
): Promise<AddressResult> {
  if (findPlaceIdProblem(body.place_id)) throw invalidPlace();
  const place = await resolvePlace(ctx, body.place_id.trim());
  try {
    const row = await withLockedAddresses(ctx, userId, async (tx, addresses) => {
      if (addresses.length >= MAX_ADDRESSES) throw limitReached();
      if (addresses.some((address) => address.place_id === place.place_id)) {
        throw new AppError(400, 'address_exists', ADDRESS_MESSAGES.alreadySaved);
      }
      const usedSlots = new Set(addresses.map((address) => address.slot));
      const slot = [1, 2].find((candidate) => !usedSlots.has(candidate)) ?? 1;
      return insertAddress(
        tx,
        newAddressAt(place, {
          userId,
          isPrimary: addresses.length === 0,
          slot,
          createdAt: ctx.now(),
        }),
      );
    });
    return { success: true, message: ADDRESS_MESSAGES.added, address: toAddress(row) };
  } catch (error) {
    // the slot and primary constraints hold the limit even if two adds race past the check
    if ((error as { code?: unknown }).code === '23505') throw limitReached();
    throw error;
  }
}

export async function listAddresses(ctx: AppContext, userId: number): Promise<Address[]> {
  const rows = await listAddressesOfUser(ctx.db, userId);
  return rows.map(toAddress);
}

/** Removes one of the user's addresses; the only one stays. The other becomes primary if needed. */
export async function removeAddress(
  ctx: AppContext,
  userId: number,
  addressId: number,
): Promise<SuccessMessage> {
  await withLockedAddresses(ctx, userId, async (tx, addresses) => {
    const target = addresses.find((address) => address.id === addressId);
    if (!target) throw addressNotFound();
    if (addresses.length <= 1)
      throw new AppError(400, 'last_address', ADDRESS_MESSAGES.onlyAddress);
    await deleteAddress(tx, userId, addressId);
    const remaining = addresses.filter((address) => address.id !== addressId);
    if (target.is_primary && !remaining.some((address) => address.is_primary)) {
      const next = remaining[0];
      if (next) await markAddressPrimary(tx, userId, next.id);
    }
  });
  return { success: true, message: ADDRESS_MESSAGES.removed };
}

/** Makes one of the user's addresses the primary one; the others stop being primary. */
export async function setPrimaryAddress(
  ctx: AppContext,
  userId: number,
  addressId: number,
): Promise<AddressResult> {
  const row = await withLockedAddresses(ctx, userId, async (tx, addresses) => {
    if (!addresses.some((address) => address.id === addressId)) throw addressNotFound();
    await clearPrimaryAddress(tx, userId);
    const updated = await markAddressPrimary(tx, userId, addressId);
    if (!updated) throw addressNotFound();
    return updated;
  });
  return { success: true, message: ADDRESS_MESSAGES.primaryUpdated, address: toAddress(row) };
}
