/** What a tutor has typed into an enquiry's contact form, kept while they buy coins. */
export interface ContactDraft {
  priceQuote: string;
  priceType: string;
  message: string;
}

const EMPTY_DRAFT: ContactDraft = { priceQuote: '', priceType: 'Hourly', message: '' };

function keyOf(enquiryId: number): string {
  return `gm.contact-draft.${String(enquiryId)}`;
}

function isDraft(value: unknown): value is ContactDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  return (
    typeof draft.priceQuote === 'string' &&
    typeof draft.priceType === 'string' &&
    typeof draft.message === 'string'
  );
}

/** The draft for this enquiry in this tab (session storage), or an empty form. */
export function loadContactDraft(enquiryId: number): ContactDraft {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(keyOf(enquiryId)) ?? 'null');
    return isDraft(stored) ? stored : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

/** Keeps the draft; an empty form removes it. Storage refusals (private mode, full) are ignored. */
export function saveContactDraft(enquiryId: number, draft: ContactDraft): void {
  try {
    if (!draft.priceQuote && !draft.message) sessionStorage.removeItem(keyOf(enquiryId));
    else sessionStorage.setItem(keyOf(enquiryId), JSON.stringify(draft));
  } catch {
    // the draft is a convenience; the form still works without it
  }
}

export function clearContactDraft(enquiryId: number): void {
  try {
    sessionStorage.removeItem(keyOf(enquiryId));
  } catch {
    // nothing kept, nothing to clear
  }
}
