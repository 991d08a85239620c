import { ErrorBodySchema } from '@gurumatch/shared/errors';
import {
  AutocompleteQuerySchema,
  AutocompleteResponseSchema,
  PlaceParamsSchema,
  PlaceSchema,
  ReverseQuerySchema,
} from '@gurumatch/shared/schemas/geo';

const errors = {
  400: ErrorBodySchema,
  404: ErrorBodySchema,
  429: ErrorBodySchema,
  503: ErrorBodySchema,
};

export const autocompleteSchema = {
  tags: ['geo'],
  summary: 'Place suggestions for typed text (India); a blank q answers no suggestions',
  querystring: AutocompleteQuerySchema,
  response: { 200: AutocompleteResponseSchema, ...errors },
};

export const placeSchema = {
  tags: ['geo'],
  summary: 'The address parts and coordinates of a suggested place',
  params: PlaceParamsSchema,
  response: { 200: PlaceSchema, ...errors },
};

export const reverseSchema = {
  tags: ['geo'],
  summary: 'The nearest place to a latitude and longitude',
  querystring: ReverseQuerySchema,
  response: { 200: PlaceSchema, ...errors },
};
