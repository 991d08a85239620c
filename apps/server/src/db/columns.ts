/** The names and values of typed fields, in one order (the names are the code's own keys). */
export function columnsOf(fields: Readonly<Record<string, unknown>>): {
  names: string[];
  values: unknown[];
} {
  const entries = Object.entries(fields);
  return { names: entries.map(([name]) => name), values: entries.map(([, value]) => value) };
}

/** The named fields only, in the order named (an edit reads back more than it writes). */
export function pick<Fields, Name extends keyof Fields>(
  fields: Fields,
  names: readonly Name[],
): Pick<Fields, Name> {
  const picked: Partial<Pick<Fields, Name>> = {};
  for (const name of names) picked[name] = fields[name];
  return picked as Pick<Fields, Name>;
}

/** `$1, $2, …` for `count` values. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, (_, i) => `$${String(i + 1)}`).join(', ');
}

/** `name = $2, …` for an UPDATE whose `$1` is the row's id. */
export function assignments(names: readonly string[]): string {
  return names.map((name, i) => `${name} = $${String(i + 2)}`).join(', ');
}
