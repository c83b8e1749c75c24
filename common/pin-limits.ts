/**
 * The limits of pins and snoozes, in a file of their own so the settings' schema (settings.ts)
 * and the functions over them (pins.ts) both take them without importing each other.
 */

/** Pinned teams, instances and devices, all accounts together. */
export const MAX_PINS = 50;
/** Items whose notifications are snoozed at once. */
export const MAX_SNOOZED = 200;
/** The name a pin keeps, shown only once the server no longer lists the item. */
export const PIN_NAME_MAX = 300;
