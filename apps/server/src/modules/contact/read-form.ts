import { CONTACT_IMAGE_MAX_BYTES } from '@gurumatch/shared/schemas/contact';
import type { FastifyRequest } from 'fastify';

import { guardedParts, readFilePart } from '../../plugins/input-guard.ts';

/** A file as received; `isTooLarge` when it went past the size limit (and was cut). */
export interface UploadedFile {
  body: Buffer;
  isTooLarge: boolean;
}

/** The contact form as sent: fields still unchecked, and the optional `image`. */
export interface ContactForm {
  fields: unknown;
  image: UploadedFile | null;
}

/** Field values above this size are cut (the longest valid field is far shorter). */
const FIELD_MAX_BYTES = 16 * 1024;

/** The most a contact form may declare in `Content-Length`: one image and the fields. */
export const CONTACT_BODY_LIMIT_BYTES = CONTACT_IMAGE_MAX_BYTES + 64 * 1024;

/** Options of the multipart parser for the contact form: an oversized file is cut and flagged, not thrown. */
export const CONTACT_MULTIPART_OPTIONS = {
  throwFileSizeLimit: false,
  limits: {
    fileSize: CONTACT_IMAGE_MAX_BYTES,
    files: 2,
    fields: 10,
    parts: 12,
    fieldSize: FIELD_MAX_BYTES,
  },
} as const;

/**
 * Reads a multipart contact form. Only the first file named `image` is kept;
 * an empty file (a file input left empty) counts as no image. Other files are
 * read and dropped.
 */
export async function readMultipartContactForm(request: FastifyRequest): Promise<ContactForm> {
  const fields: Record<string, string> = {};
  let image: UploadedFile | null = null;
  for await (const part of guardedParts(request)) {
    if (part.type === 'file') {
      const body = await readFilePart(part);
      if (part.fieldname === 'image' && image === null && body.length > 0) {
        image = { body, isTooLarge: part.file.truncated };
      }
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, image };
}
