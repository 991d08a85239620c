/**
 * Absolute URLs for files we serve (avatars under `/media/`, illustrations under
 * `/content/`): a client served from another origin must load them from us, not from
 * itself, so every answer carries `PUBLIC_URL` + path. Absolute URLs pass unchanged.
 */
export function toPublicFileUrl(publicUrl: string, url: string): string;
export function toPublicFileUrl(publicUrl: string, url: string | null): string | null;
export function toPublicFileUrl(publicUrl: string, url: string | null): string | null {
  if (url === null) return null;
  return url.startsWith('/') && !url.startsWith('//') ? `${publicUrl}${url}` : url;
}
