/**
 * What a visitor searched for on the landing page (place and subject), carried
 * through sign-in and registration: in the query of /login and the registration
 * pages (`location-temp`, the spec's parameter, and `subject`), and for the rest
 * of the tab's session, so onboarding and the enquiry form can use it.
 */
export interface SearchIntent {
  location: string;
  subject: string;
}

const STORAGE_KEY = 'gm.search';
const MAX_LENGTH = 120;

function clean(value: string | null | undefined): string {
  return (value ?? '').trim().slice(0, MAX_LENGTH);
}

/** The intent in a page's query, or null when it names neither place nor subject. */
export function readSearchIntent(search: URLSearchParams): SearchIntent | null {
  const intent = {
    location: clean(search.get('location-temp')),
    subject: clean(search.get('subject')),
  };
  return intent.location || intent.subject ? intent : null;
}

/** `?location-temp=…&subject=…` (only the parts that are there), or '' for no intent. */
export function searchIntentQuery(intent: SearchIntent | null): string {
  if (!intent) return '';
  const query = new URLSearchParams();
  const location = clean(intent.location);
  const subject = clean(intent.subject);
  if (location) query.set('location-temp', location);
  if (subject) query.set('subject', subject);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** 'tutors for Mathematics near Koramangala', 'tutors near Koramangala', 'Mathematics tutors'. */
export function describeSearchIntent(intent: SearchIntent): string {
  if (intent.subject && intent.location) {
    return `tutors for ${intent.subject} near ${intent.location}`;
  }
  return intent.subject ? `${intent.subject} tutors` : `tutors near ${intent.location}`;
}

export function rememberSearchIntent(intent: SearchIntent): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(intent));
  } catch {
    // private mode or full storage: the query still carries it page to page
  }
}

export function recallSearchIntent(): SearchIntent | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
    if (typeof stored !== 'object' || stored === null) return null;
    const { location, subject } = stored as Record<string, unknown>;
    const intent = {
      location: clean(typeof location === 'string' ? location : ''),
      subject: clean(typeof subject === 'string' ? subject : ''),
    };
    return intent.location || intent.subject ? intent : null;
  } catch {
    return null;
  }
}

export function forgetSearchIntent(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
