// The benchmarks' command-line options.
import { parseArgs } from 'node:util';

/**
 * The run's `--name value` options, one for each entry of `defaults`, each read
 * as its default is: a number as a number, a list of numbers from commas
 * (`--ports 4405,4505`), a word as typed. An option not given is its default;
 * one not named in `defaults` is refused.
 */
export function readOptions(defaults) {
  const { values } = parseArgs({
    options: Object.fromEntries(Object.keys(defaults).map((name) => [name, { type: 'string' }])),
  });
  return Object.fromEntries(
    Object.entries(defaults).map(([name, fallback]) => {
      const typed = values[name];
      if (typed === undefined) return [name, fallback];
      if (typeof fallback === 'number') return [name, Number(typed)];
      if (Array.isArray(fallback)) return [name, typed.split(',').map(Number)];
      return [name, typed];
    }),
  );
}
