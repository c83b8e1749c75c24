/**
 * Many instances at once: what a bulk action is (the instances picked, across teams and
 * accounts), who may take part in it, and its words: the question before it ("Restart 7
 * instances in 3 teams on 2 accounts?") and the summary after it ("6 restarted · 1 refused: you
 * are a member of Field Engineering"). Main checks and sends it (main/bulk); the renderer asks
 * the same question and reads the summary from its replica. One set of rules and words for both.
 */
import type { AccountId, InstanceId, TeamId } from './brand';
import { actionsFor, stateLabel } from './instance-state';
import { ROLE, roleInSentence } from './roles';
import type { InstanceAction } from './runtime';
import { tokenMayWrite, type TokenInfo } from './token-health';

/** At most this many instances in one bulk action (the bridge refuses more). */
export const MAX_BULK_ITEMS = 100;

/** One instance picked for a bulk action. */
export interface BulkRef {
  readonly accountId: AccountId;
  readonly teamId: TeamId;
  readonly instanceId: InstanceId;
}

/**
 * - `waiting`: on its way (the server's limit lets 4 go at a time)
 * - `done`: FlowFuse took the action; the instance's row follows it like a single action
 * - `refused`: left out before it was sent (its role, its state) or refused by the server
 */
export type BulkOutcome = 'waiting' | 'done' | 'refused';

export interface BulkItem extends BulkRef {
  /** The instance's name and its team's, as listed when the action started. Server text. */
  readonly name: string;
  readonly teamName: string;
  readonly outcome: BulkOutcome;
  /** Why it was refused, in words ("you are a member of Field Engineering"); null otherwise. */
  readonly reason: string | null;
}

/** One bulk action, kept in main's model until the next one (the popover may close meanwhile). */
export interface BulkRun {
  /** Counts up within a run of the app: the renderer tells one summary from the next. */
  readonly id: number;
  readonly action: InstanceAction;
  readonly startedAt: number;
  /** When the last item was answered; null while some are on their way. */
  readonly finishedAt: number | null;
  readonly items: readonly BulkItem[];
}

/** What the role, the token and the state say of one instance before anything is sent. */
export interface BulkCandidate {
  readonly name: string;
  readonly state: string;
  /** Teamtray's own action on it, still followed; null when none. */
  readonly action: InstanceAction | null;
  readonly teamName: string;
  readonly teamId: string;
  readonly role: number | null;
  /** Which token the account is (token health); null when not known: its scope is not. */
  readonly token: TokenInfo | null;
}

/** Why this instance cannot take part, or null when it can. */
export function bulkRefusal(action: InstanceAction, candidate: BulkCandidate): string | null {
  const { role, token, teamName } = candidate;
  if (role !== null && role < ROLE.owner) {
    return `you are a ${roleInSentence(role)} of ${teamName}`;
  }
  // A read-only or team-limited token (FlowFuse 2.32+) is left out, not sent to be refused.
  if (!tokenMayWrite(token, candidate.teamId)) {
    return token?.readOnly === true
      ? `the token for ${teamName} is read-only`
      : `the token is limited to teams other than ${teamName}`;
  }
  if (candidate.action !== null) return `${candidate.name} is busy with another action`;
  if (!actionsFor(candidate.state).includes(action)) {
    return `${candidate.name} is ${stateLabel(candidate.state).toLowerCase()}`;
  }
  return null;
}

const VERB: { readonly [A in InstanceAction]: string } = {
  start: 'Start',
  restart: 'Restart',
  stop: 'Stop',
  suspend: 'Suspend',
};

const DONE: { readonly [A in InstanceAction]: string } = {
  start: 'started',
  restart: 'restarted',
  stop: 'stopped',
  suspend: 'suspended',
};

/** The button's word for an action ("Restart"). */
export function bulkVerb(action: InstanceAction): string {
  return VERB[action];
}

const count = (n: number, one: string, many: string): string =>
  `${String(n)} ${n === 1 ? one : many}`;

/** How many instances, teams and accounts some picked instances span. */
function bulkScope(refs: readonly BulkRef[]): {
  readonly instances: number;
  readonly teams: number;
  readonly accounts: number;
} {
  return {
    instances: refs.length,
    teams: new Set(refs.map((ref) => `${ref.accountId}\n${ref.teamId}`)).size,
    accounts: new Set(refs.map((ref) => ref.accountId)).size,
  };
}

/** "Restart 7 instances in 3 teams on 2 accounts?" */
export function bulkQuestion(action: InstanceAction, refs: readonly BulkRef[]): string {
  const scope = bulkScope(refs);
  return `${VERB[action]} ${count(scope.instances, 'instance', 'instances')} in ${count(
    scope.teams,
    'team',
    'teams',
  )} on ${count(scope.accounts, 'account', 'accounts')}?`;
}

/**
 * "6 restarted · 1 refused: you are a member of Field Engineering"; while some are on their
 * way, "Restarting: 3 of 7 sent". The same reason is said once for all it refused.
 */
export function bulkSummary(run: BulkRun): string {
  const done = run.items.filter((item) => item.outcome === 'done').length;
  const refused = run.items.filter((item) => item.outcome === 'refused');
  if (run.finishedAt === null) {
    const answered = done + refused.length;
    return `${VERB[run.action]}: ${String(answered)} of ${String(run.items.length)} answered`;
  }
  const parts = [`${String(done)} ${DONE[run.action]}`];
  if (refused.length > 0) {
    const reasons = [...new Set(refused.map((item) => item.reason ?? 'refused'))];
    parts.push(`${String(refused.length)} refused: ${reasons.join('; ')}`);
  }
  return parts.join(' · ');
}
