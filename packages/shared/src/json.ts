import type { z } from 'zod';

/** Text received from elsewhere (a socket frame, a pub/sub message) as `schema`'s value, or null. */
export function parseJsonAs<Schema extends z.ZodType>(
  schema: Schema,
  text: string,
): z.infer<Schema> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
