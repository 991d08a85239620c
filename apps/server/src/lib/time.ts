/** Spans of time in milliseconds, for the server's date arithmetic. */
export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
