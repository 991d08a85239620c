import {
  AVATAR_MAX_DIMENSION_PX,
  AVATAR_MAX_INPUT_DIMENSION_PX,
} from '@gurumatch/shared/constants';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';

export type DetectedFileType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Larger images are refused before decoding (a small file can declare a huge canvas). */
const MAX_INPUT_PIXELS = 40_000_000;

const EXTENSIONS: Record<DetectedFileType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

const SHARP_FORMATS: Partial<Record<DetectedFileType, string>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** What a file is by its first bytes (never by its name or the type the client claims). */
export function detectFileType(data: Buffer): DetectedFileType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  if (
    data.length >= 16 &&
    data.toString('latin1', 0, 5) === '%PDF-' &&
    data.toString('latin1', Math.max(0, data.length - 1024)).includes('%%EOF')
  )
    return 'application/pdf';
  return null;
}

export function extensionOf(type: DetectedFileType): string {
  return EXTENSIONS[type];
}

/**
 * True when an image file really decodes, every pixel of it, as the format its
 * first bytes claim (a header alone can front a truncated or corrupt body), and
 * declares at most MAX_INPUT_PIXELS (refused before decoding).
 */
export async function isReadableImage(data: Buffer, type: DetectedFileType): Promise<boolean> {
  const format = SHARP_FORMATS[type];
  if (!format) return false;
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const metadata = await image.metadata();
    if (metadata.format !== format || !(metadata.width > 0 && metadata.height > 0)) return false;
    // statistics of every channel: the whole image is decoded to compute them
    await image.stats();
    return true;
  } catch {
    return false;
  }
}

/** True when a PDF parses into a document of at least one page (encrypted ones included). */
export async function isReadablePdf(data: Buffer): Promise<boolean> {
  try {
    const document = await PDFDocument.load(data, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
    return document.getPageCount() > 0;
  } catch {
    return false;
  }
}

/** True when a file really is what its first bytes say: an image that decodes or a PDF that parses. */
export async function isReadableFile(data: Buffer, type: DetectedFileType): Promise<boolean> {
  return type === 'application/pdf' ? isReadablePdf(data) : isReadableImage(data, type);
}

/**
 * The pixel size an image declares in its header, read without decoding it
 * (a few hundred bytes are parsed), or null when there is no readable header.
 */
export async function readImageSize(
  data: Buffer,
): Promise<{ width: number; height: number } | null> {
  try {
    // no pixel limit here: only the header is read, and its size is what the caller judges
    const { width, height } = await sharp(data, { limitInputPixels: false }).metadata();
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/** Whether an avatar's declared size is small enough to decode. */
export function isAvatarSizeAccepted(size: { width: number; height: number }): boolean {
  return (
    size.width <= AVATAR_MAX_INPUT_DIMENSION_PX && size.height <= AVATAR_MAX_INPUT_DIMENSION_PX
  );
}

/**
 * An avatar as we serve it: turned upright, at most 512 px on its longer side,
 * WebP, with every piece of metadata (EXIF, GPS, ICC comments) dropped.
 * Answers null when the image does not decode.
 */
export async function reencodeAvatar(data: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(data, {
      limitInputPixels: AVATAR_MAX_INPUT_DIMENSION_PX * AVATAR_MAX_INPUT_DIMENSION_PX,
      failOn: 'error',
    })
      .rotate()
      .resize(AVATAR_MAX_DIMENSION_PX, AVATAR_MAX_DIMENSION_PX, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}
