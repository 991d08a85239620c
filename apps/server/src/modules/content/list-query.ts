const PARAMETER_NAME = /^[A-Za-z_][\w.-]*$/;

/**
 * Reads a list call's query string the way the sender meant it. Some clients
 * put the search text in the URL without encoding it, so
 * `?search=maths & science&page=2` arrives split at the raw `&`. Every piece
 * up to the next known parameter belongs to the free-text value, so the
 * search reads `maths & science` and the page 2. A piece that looks like a
 * parameter of its own (`utm_source=x`) is not part of the text.
 */
export function readListQuery(
  url: string,
  knownKeys: readonly string[],
  freeTextKey: string,
): Record<string, string> {
  const start = url.indexOf('?');
  if (start === -1) return {};
  const raw = url.slice(start + 1).split('#')[0] ?? '';
  const rawValues = new Map<string, string>();
  let current: string | null = null;
  for (const piece of raw.split('&')) {
    const equals = piece.indexOf('=');
    const name = decodeQueryPart(equals === -1 ? piece : piece.slice(0, equals));
    if (knownKeys.includes(name)) {
      current = name;
      rawValues.set(name, equals === -1 ? '' : piece.slice(equals + 1));
    } else if (current === freeTextKey && (equals === -1 || !PARAMETER_NAME.test(name))) {
      rawValues.set(freeTextKey, `${rawValues.get(freeTextKey) ?? ''}&${piece}`);
    } else {
      current = null;
    }
  }
  const query: Record<string, string> = {};
  for (const [name, value] of rawValues) query[name] = decodeQueryPart(value);
  return query;
}

/** `+` is a space (form encoding); a broken `%` escape is kept as typed. */
function decodeQueryPart(part: string): string {
  const spaced = part.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
