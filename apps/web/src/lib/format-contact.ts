/**
 * Phone numbers and e-mail addresses as people read them: '+919833243110' becomes
 * '+91 98332 43110', and an address breaks only after '@' or before a dot.
 */

/**
 * The one way a phone number is shown: '+919833243110', '9833243110', '09833243110' and
 * '98332-43110' all become '+91 98332 43110' (with the national part '9833243110' when known,
 * another country code is told apart: '+1 4155550123'). Anything that is not a number, such
 * as a masked 'XXXXXXXX02', is left as it is. Links (tel:, wa.me) keep the bare digits.
 */
export function formatPhone(phone: string, nationalNumber?: string | null): string {
  const compact = phone.trim().replace(/[\s().-]/g, '');
  const digits = compact.replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return phone;
  if (nationalNumber && digits.endsWith(nationalNumber) && digits.length > nationalNumber.length) {
    const countryCode = digits.slice(0, digits.length - nationalNumber.length);
    return `+${countryCode} ${groupNational(countryCode, nationalNumber)}`;
  }
  if (digits.length === 12 && digits.startsWith('91')) {
    return `+91 ${groupNational('91', digits.slice(2))}`;
  }
  if (compact.startsWith('+')) return compact;
  // without a country code, an Indian number, perhaps with the trunk 0
  const national = digits.length === 11 && digits.startsWith('0') ? digits.slice(1) : digits;
  return national.length === 10 ? `+91 ${groupNational('91', national)}` : compact;
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
