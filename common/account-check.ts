/**
 * How long adding an account (or changing its address or token) may wait for the server: main
 * gives up after this, and the form says so while it waits, with a way to stop sooner.
 */
export const ACCOUNT_CHECK_LIMIT_MS = 15_000;
