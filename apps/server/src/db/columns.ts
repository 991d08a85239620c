/** The names and values of typed fields, in one order (the names are the code's own keys). */
export function columnsOf(fields: Readonly<Record<string, unknown>>): {
  names: string[];
  values: unknown[];
} {
  const entries = Object.entries(fields);
  return { names: entries.map(([name]) => name), values: entries.map(([, value]) => value) };
}
