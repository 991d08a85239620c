import { FailureBodySchema, SuccessMessageSchema } from '@gurumatch/shared/schemas/account';
import {
  AddAddressBodySchema,
  AddressListSchema,
  AddressResultSchema,
} from '@gurumatch/shared/schemas/addresses';
import { z } from 'zod';

const failures = {
  400: FailureBodySchema,
  401: FailureBodySchema,
  404: FailureBodySchema,
  503: FailureBodySchema,
};

const bearer = [{ bearerAuth: [] }];

const AddressParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const addAddressSchema = {
  tags: ['addresses'],
  summary: 'Add a home address from a maps place id (at most 2; the first is primary)',
  security: bearer,
  body: AddAddressBodySchema,
  response: { 201: AddressResultSchema, ...failures },
};

export const listAddressesSchema = {
  tags: ['addresses'],
  summary: "The signed-in user's addresses, primary first",
  security: bearer,
  response: { 200: AddressListSchema, ...failures },
};

export const removeAddressSchema = {
  tags: ['addresses'],
  summary: 'Remove an address (not the only one)',
  security: bearer,
  params: AddressParamsSchema,
  response: { 200: SuccessMessageSchema, ...failures },
};

export const setPrimaryAddressSchema = {
  tags: ['addresses'],
  summary: 'Make an address the primary one',
  security: bearer,
  params: AddressParamsSchema,
  response: { 200: AddressResultSchema, ...failures },
};
