import { ApiError } from '../../lib/api.ts';

/** Keeps only the digits of what was typed or pasted. */
export function keepDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** What a broken call says about itself, if anything. */
export function thrownMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverSentence();
  return error instanceof Error && error.message ? error.message : undefined;
}
