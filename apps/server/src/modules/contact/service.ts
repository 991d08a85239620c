import { randomUUID } from 'node:crypto';

import { CONTACT_MESSAGES } from '@gurumatch/shared/messages/contact';
import {
  ContactRequestBodySchema,
  type ContactImageType,
  type ContactRequestCreated,
} from '@gurumatch/shared/schemas/contact';

import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';

import { insertContactRequest } from './queries.ts';
import type { ContactForm, UploadedFile } from './read-form.ts';

/** Accepted contact requests per client address and window. */
export const CONTACT_REQUESTS_PER_IP_LIMIT = 5;
export const CONTACT_REQUESTS_PER_IP_WINDOW_SECONDS = 10 * 60;

const rateKey = (ip: string): string => `contact:ip:${ip}`;

const EXTENSIONS: Record<ContactImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** The image type told by its first bytes (the name and declared type are not trusted). */
export function detectImageType(body: Buffer): ContactImageType | null {
  if (body.length >= 3 && body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff)
    return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (body.length >= png.length && png.every((byte, index) => body[index] === byte))
    return 'image/png';
  return null;
}

function checkImage(
  image: UploadedFile | null,
  errors: Record<string, string[]>,
): ContactImageType | null {
  if (!image) return null;
  if (image.isTooLarge) {
    errors.image = [CONTACT_MESSAGES.imageTooLarge];
    return null;
  }
  const type = detectImageType(image.body);
  if (!type) errors.image = [CONTACT_MESSAGES.imageNotAllowed];
  return type;
}

/**
 * Stores a contact request from the public form. Every field is checked (all
 * problems answered at once); accepted requests are limited per address.
 * Nothing is stored when anything is refused.
 */
export async function submitContactRequest(
  ctx: AppContext,
  form: ContactForm,
  ip: string,
): Promise<ContactRequestCreated> {
  const parsed = ContactRequestBodySchema.safeParse(form.fields ?? {});
  const errors: Record<string, string[]> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = typeof issue.path[0] === 'string' ? issue.path[0] : 'non_field_errors';
      (errors[field] ??= []).push(issue.message);
    }
  }
  const imageType = checkImage(form.image, errors);
  const [firstField, firstMessages] = Object.entries(errors)[0] ?? [];
  if (!parsed.success || firstField) {
    throw new AppError(
      400,
      'validation_error',
      firstField ? `${firstField}: ${firstMessages?.[0] ?? ''}` : CONTACT_MESSAGES.invalidForm,
      errors,
    );
  }

  const accepted = await ctx.kv.increment(rateKey(ip), CONTACT_REQUESTS_PER_IP_WINDOW_SECONDS);
  if (accepted > CONTACT_REQUESTS_PER_IP_LIMIT) {
    const retryAfter = Math.max(1, await ctx.kv.ttl(rateKey(ip)));
    throw new AppError(429, 'rate_limited', CONTACT_MESSAGES.tooManyRequests, undefined, {
      'retry-after': String(retryAfter),
    });
  }

  const now = ctx.now();
  let imageKey: string | null = null;
  if (form.image && imageType) {
    const month = now.toISOString().slice(0, 7);
    imageKey = `contact/${month}/${randomUUID()}.${EXTENSIONS[imageType]}`;
    await ctx.storage.put(imageKey, form.image.body, imageType);
  }
  const body = parsed.data;
  try {
    const id = await insertContactRequest(ctx.db, {
      fullName: body.full_name,
      email: body.email,
      contactNumber: body.contact_number,
      subject: body.subject,
      message: body.message,
      imageKey,
      ip,
      createdAt: now,
    });
    return { success: true, message: CONTACT_MESSAGES.success, id };
  } catch (error) {
    if (imageKey) await ctx.storage.delete(imageKey).catch(() => undefined);
    throw error;
  }
}
