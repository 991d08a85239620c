/**
 * Phone numbers and e-mail addresses as people read them: '+919833243110' becomes
 * '+91 98332 43110', and an address breaks only after '@' or before a dot.
 */

/** '+919833243110' (with the national part '9833243110' when known) → '+91 98332 43110'. */
export function formatPhone(fullPhone: string, nationalNumber?: string | null): string {
  const compact = fullPhone.replace(/[\s-]/g, '');
  const digits = compact.replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return fullPhone;
  if (nationalNumber && digits.endsWith(nationalNumber) && digits.length > nationalNumber.length) {
    const countryCode = digits.slice(0, digits.length - nationalNumber.length);
    return `+${countryCode} ${groupNational(countryCode, nationalNumber)}`;
  }
  if (digits.length === 12 && digits.startsWith('91')) {
    return `+91 ${groupNational('91', digits.slice(2))}`;
  }
  return compact.startsWith('+') ? compact : `+${compact}`;
}

function groupNational(countryCode: string, national: string): string {
  if (countryCode === '91' && national.length === 10) {
    return `${national.slice(0, 5)} ${national.slice(5)}`;
  }
  return national;
}

/** Points where an e-mail address may wrap: after '@' and before each dot. */
export function emailBreakParts(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/);
}
