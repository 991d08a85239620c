import { z } from 'zod';

import { ADDRESS_MESSAGES } from '../messages/profile.ts';

import { SuccessMessageSchema } from './account.ts';

/** POST /api/auth/address/ — a place id from the maps autocomplete or reverse lookup. */
export const AddAddressBodySchema = z.object({
  place_id: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z.string().max(4096),
  ),
});

const PLACE_ID_MAX_LENGTH = 512;
export type AddAddressBody = z.infer<typeof AddAddressBodySchema>;

/** Empty (or not a plausible place id) → 'Please select a valid address'. */
export function findPlaceIdProblem(placeId: string): string | null {
  const trimmed = placeId.trim();
  return trimmed === '' || trimmed.length > PLACE_ID_MAX_LENGTH
    ? ADDRESS_MESSAGES.selectValidAddress
    : null;
}

/** A saved address (spec part 2 §3, plus `district`). */
export const AddressSchema = z.object({
  id: z.number().int(),
  formatted_address: z.string(),
  is_primary: z.boolean(),
  city: z.string(),
  district: z.string(),
  state: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Address = z.infer<typeof AddressSchema>;

/** GET /api/auth/user/addresses/ — a plain array, primary first. */
export const AddressListSchema = z.array(AddressSchema);
export type AddressList = z.infer<typeof AddressListSchema>;

/** Answer of adding an address and of set_primary: `{success, message, address}`. */
export const AddressResultSchema = SuccessMessageSchema.extend({ address: AddressSchema });
export type AddressResult = z.infer<typeof AddressResultSchema>;
