/**
 * Branded strings: a token, an account id and an origin are all strings at run time,
 * but mixing them up must not compile.
 */
declare const brand: unique symbol;
type Brand<T, B extends string> = T & { readonly [brand]: B };

/** A FlowFuse personal access token. Lives only in the main process. */
export type Token = Brand<string, 'Token'>;
/** Our own id for a saved account (a random UUID). */
export type AccountId = Brand<string, 'AccountId'>;
/** A normalised origin such as `https://app.flowfuse.com` (no path, no trailing slash). */
export type Origin = Brand<string, 'Origin'>;

export const asToken = (value: string): Token => value as Token;
export const asAccountId = (value: string): AccountId => value as AccountId;
export const asOrigin = (value: string): Origin => value as Origin;

/** A FlowFuse team's id (hashid), as the server gives it. */
export type TeamId = Brand<string, 'TeamId'>;
/** A FlowFuse instance's id (UUID). */
export type InstanceId = Brand<string, 'InstanceId'>;
/** A FlowFuse device's id (hashid). */
export type DeviceId = Brand<string, 'DeviceId'>;

export const asTeamId = (value: string): TeamId => value as TeamId;
export const asInstanceId = (value: string): InstanceId => value as InstanceId;
export const asDeviceId = (value: string): DeviceId => value as DeviceId;
