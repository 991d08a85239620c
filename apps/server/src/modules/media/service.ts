import type { StoredFile } from '../../adapters/storage/index.ts';
import type { AppContext } from '../../context.ts';
import { requireFound } from '../../lib/not-found.ts';

/** Names the profile module gives avatars: `<user id>-<32 hex>.webp`. */
const AVATAR_NAME_PATTERN = /^\d{1,10}-[a-f0-9]{32}\.webp$/;

/** A stored avatar by its public name; anything else (documents included) is a 404. */
export async function getAvatar(ctx: AppContext, name: string): Promise<StoredFile> {
  const file = AVATAR_NAME_PATTERN.test(name) ? await ctx.storage.get(`avatars/${name}`) : null;
  return requireFound(file);
}

/** Names the back office gives content images: `<32 hex>.jpg|png|webp`. */
const CONTENT_IMAGE_NAME_PATTERN = /^[a-f0-9]{32}\.(?:jpg|png|webp)$/;

/** A stored blog or FAQ image by its public name; anything else is a 404. */
export async function getContentImage(ctx: AppContext, name: string): Promise<StoredFile> {
  const file = CONTENT_IMAGE_NAME_PATTERN.test(name)
    ? await ctx.storage.get(`content/${name}`)
    : null;
  return requireFound(file);
}
