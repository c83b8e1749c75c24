/**
 * The choices Settings › Notifications offers for the alerts' timing, apart from the schema
 * (./settings.ts) so the renderer takes them without valibot in its bundle.
 */

/** Still-down reminders: off, or after this many minutes. */
export const REMIND_AFTER_CHOICES = [0, 30, 60, 240] as const;
/** How long a device is offline (past FlowFuse's 3 minutes) before it alerts, in minutes. */
export const DEVICE_GRACE_CHOICES = [0, 5, 15, 30] as const;
