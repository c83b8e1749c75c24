/**
 * Words about a team's runtime that main and the renderer share: the actions an instance takes,
 * the status of a team's read, and what a notification's click shows. The runtime itself (the
 * instances and devices) is part of the model's tree (common/state.ts).
 */
import type { AccountId } from './brand';

export const INSTANCE_ACTIONS = ['start', 'restart', 'stop', 'suspend'] as const;
export type InstanceAction = (typeof INSTANCE_ACTIONS)[number];

/**
 * - `loading`: nothing known yet, a first read is under way
 * - `ok`: listed (`fetchedAt` says when)
 * - `hidden`: the token may not see this team's instances (a dashboard role, or a token limited
 *   to other teams): not an error of the account
 * - `error`: the last read failed (`error` says why); what was known before is kept
 */
export type RuntimeStatus = 'loading' | 'ok' | 'hidden' | 'error';

/** What a notification's click asks the popover to show. */
export interface FocusTarget {
  readonly accountId: AccountId;
  readonly teamId: string | null;
  readonly item: { readonly kind: 'instance' | 'device'; readonly id: string } | null;
}
