/**
 * A value now or later. A path that may answer from memory stays synchronous
 * (an `await` costs a microtask and, with the log scope's async context, a
 * hook call per promise), while the same code awaits the database otherwise.
 */
export type Later<T> = T | Promise<T>;

/** `then` at once on a value, or when its promise settles. */
export function thenOf<T, U>(value: Later<T>, then: (value: T) => Later<U>): Later<U> {
  return value instanceof Promise ? value.then(then) : then(value);
}
