import { randomUUID } from 'node:crypto';

import { CONTACT_MESSAGES } from '@gurumatch/shared/messages/contact';
import {
  CONTACT_IMAGE_MAX_DIMENSION_PX,
  CONTACT_IMAGE_TYPES,
  ContactRequestBodySchema,
  type ContactImageType,
  type ContactRequestCreated,
} from '@gurumatch/shared/schemas/contact';

import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { requireFound } from '../../lib/not-found.ts';
import {
  detectFileType,
  isReadableImage,
  readImageSize,
  type DetectedFileType,
} from '../profile/service.ts';

import {
  findContactRequest,
  insertContactRequest,
  updateContactRequest,
  type ContactRequestRow,
} from './queries.ts';
import type { ContactForm, UploadedFile } from './read-form.ts';

/** Accepted contact requests per client address and window. */
export const CONTACT_REQUESTS_PER_IP_LIMIT = 5;
export const CONTACT_REQUESTS_PER_IP_WINDOW_SECONDS = 10 * 60;

const rateKey = (ip: string): string => `contact:ip:${ip}`;

const EXTENSIONS: Record<ContactImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

function isContactImageType(type: DetectedFileType | null): type is ContactImageType {
  return (CONTACT_IMAGE_TYPES as readonly string[]).includes(type ?? '');
}

/**
 * The image's type by its first bytes (the name and declared type are not
 * trusted), once its declared size is within bounds and it decodes whole;
 * otherwise null, with the reason in `errors`.
 */
async function checkImage(
  image: UploadedFile | null,
  errors: Record<string, string[]>,
): Promise<ContactImageType | null> {
  if (!image) return null;
  if (image.isTooLarge) {
    errors.image = [CONTACT_MESSAGES.imageTooLarge];
    return null;
  }
  const type = detectFileType(image.body);
  if (!isContactImageType(type)) {
    errors.image = [CONTACT_MESSAGES.imageNotAllowed];
    return null;
  }
  const size = await readImageSize(image.body);
  if (
    size &&
    (size.width > CONTACT_IMAGE_MAX_DIMENSION_PX || size.height > CONTACT_IMAGE_MAX_DIMENSION_PX)
  ) {
    errors.image = [CONTACT_MESSAGES.imageTooManyPixels];
    return null;
  }
  if (!size || !(await isReadableImage(image.body, type))) {
    errors.image = [CONTACT_MESSAGES.imageNotAllowed];
    return null;
  }
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
  const imageType = await checkImage(form.image, errors);
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

// ---- back office --------------------------------------------------------

/** For the back office's list of requests. */
export { countContactRequests, listContactRequests, type ContactRequestRow } from './queries.ts';

/**
 * Sets a request's status and note within the caller's transaction (the back
 * office audits it there); what is not given stays. Answers the row before and after.
 */
export async function updateContactRequestStatus(
  tx: Queryable,
  id: number,
  patch: { status?: ContactRequestRow['status'] | undefined; note?: string | undefined },
  at: Date,
): Promise<{ before: ContactRequestRow; after: ContactRequestRow }> {
  const before = requireFound(await findContactRequest(tx, id, true));
  const after = requireFound(
    await updateContactRequest(
      tx,
      id,
      { status: patch.status ?? before.status, note: patch.note ?? before.note },
      at,
    ),
  );
  return { before, after };
}

/** The image a contact request came with (private: only the back office asks for it). */
export async function getContactRequestImage(
  ctx: AppContext,
  id: number,
): Promise<{ contentType: string; body: Buffer }> {
  const row = await findContactRequest(ctx.db, id);
  const file = row?.image_key ? await ctx.storage.get(row.image_key) : null;
  return requireFound(file);
}
