import { STUDY_MODE_LABELS } from '@gurumatch/shared/enquiries';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-23T…' → '23-Nov-2026' (spec part 2 §2); '' for an invalid value. */
export function formatPostedDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = String(date.getDate()).padStart(2, '0');
  return `${day}-${MONTHS[date.getMonth()] ?? ''}-${String(date.getFullYear())}`;
}

export function studyModeLabel(mode: string): string {
  return (STUDY_MODE_LABELS as Record<string, string | undefined>)[mode] ?? mode;
}

/** 'Other' choices show the custom text instead. */
export function withCustom(value: string, custom: string): string {
  if (!custom) return value;
  return value === 'Other' || value === 'Other (Specify)' ? custom : `${value} (${custom})`;
}

export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** A phone number as a wa.me path: digits only. */
export function whatsappLink(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}`;
}

/** The embedded Google Maps view of a point (the page's frame-src allows this origin). */
export function mapEmbedUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps?q=${String(latitude)},${String(longitude)}&z=14&output=embed`;
}
