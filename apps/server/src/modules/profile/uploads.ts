import { PROFILE_MESSAGES } from '@gurumatch/shared/messages/profile';
import type { FastifyRequest } from 'fastify';

import { AppError } from '../../errors.ts';
import { guardedParts, readFilePart } from '../../plugins/input-guard.ts';

export interface UploadLimits {
  /** The file fields accepted; each at most once. */
  fields: readonly string[];
  maxBytes: number;
  tooLargeMessage: string;
}

const LIMIT_ERROR_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null
    ? (error as { code?: unknown }).code
    : undefined;
}

function unexpectedField(field?: string): AppError {
  return new AppError(
    400,
    'validation_error',
    PROFILE_MESSAGES.unexpectedUploadField,
    field ? { [field]: [PROFILE_MESSAGES.unexpectedUploadField] } : undefined,
  );
}

/**
 * Reads the files of a multipart request into memory, field by field. Text
 * fields are skipped. A file field not listed, a field sent twice or a file
 * over `maxBytes` is a 400 with a clear message, and nothing is kept. The
 * whole body is read even then, so the connection stays usable for the next
 * request.
 */
export async function readUploadedFiles(
  request: FastifyRequest,
  limits: UploadLimits,
): Promise<Map<string, Buffer>> {
  if (!request.isMultipart()) {
    throw new AppError(400, 'validation_error', PROFILE_MESSAGES.notMultipart);
  }
  const files = new Map<string, Buffer>();
  let problem: AppError | null = null;
  try {
    for await (const part of guardedParts(request, { limits: { fileSize: limits.maxBytes } })) {
      if (part.type !== 'file') continue;
      if (problem) {
        part.file.resume();
        continue;
      }
      if (!limits.fields.includes(part.fieldname) || files.has(part.fieldname)) {
        problem = unexpectedField(part.fieldname);
        part.file.resume();
        continue;
      }
      try {
        files.set(part.fieldname, await readFilePart(part));
      } catch (error) {
        if (codeOf(error) !== 'FST_REQ_FILE_TOO_LARGE') throw error;
        problem = new AppError(400, 'file_too_large', limits.tooLargeMessage);
      }
    }
  } catch (error) {
    const code = codeOf(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(400, 'file_too_large', limits.tooLargeMessage);
    }
    if (typeof code === 'string' && LIMIT_ERROR_CODES.has(code)) throw problem ?? unexpectedField();
    throw error;
  }
  if (problem) throw problem;
  return files;
}
