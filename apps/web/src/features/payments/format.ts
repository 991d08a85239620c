/** '1178.82' → '₹1,178.82' (Indian digit grouping). */
export function rupees(amount: string): string {
  const [whole = '0', fraction = '00'] = amount.replace(/^-/, '').split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  const grouped = rest ? `${rest},${last3}` : last3;
  return `${amount.startsWith('-') ? '-' : ''}₹${grouped}.${fraction}`;
}

/** Paise as rupees: 106094 → '₹1,060.94'. */
export function rupeesFromPaise(paise: number): string {
  return rupees(`${String(Math.floor(paise / 100))}.${String(paise % 100).padStart(2, '0')}`);
}

const DATE = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}
