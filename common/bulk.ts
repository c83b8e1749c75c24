/**
 * Many instances at once: what a bulk action is (the instances picked, across teams and
 * accounts), who may take part in it, and its words: the question before it ("Restart 7
 * instances in 3 teams on 2 accounts?") and the summary once the last item settled ("5 restarted
 * · 1 failed: line-2 is crashed · 1 refused: you are a member of Field Engineering"): how each
 * ended, not what FlowFuse accepted. Main checks and sends it (main/bulk); the renderer asks
 * the same question and reads the summary from its replica. One set of rules and words for both.
 */
import type { AccountId, InstanceId, TeamId } from './brand';
import { actionsFor, SETTLED, stateLabel } from './instance-state';
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
 * - `sent`: FlowFuse took the action; the instance's row follows it like a single action
 * - `done`: it settled where the action leads (restarted: running; stopped: stopped)
 * - `failed`: it settled elsewhere (crashed, or still starting when the following gave up)
 * - `refused`: left out before it was sent (its role, its token, its state) or refused by the
 *   server
 */
export type BulkOutcome = 'waiting' | 'sent' | 'done' | 'failed' | 'refused';

/** Still to end: on its way, or taken and followed. */
export function bulkItemOpen(item: Pick<BulkItem, 'outcome'>): boolean {
  return item.outcome === 'waiting' || item.outcome === 'sent';
}

export interface BulkItem extends BulkRef {
  /** The instance's name and its team's, as listed when the action started. Server text. */
  readonly name: string;
  readonly teamName: string;
  readonly outcome: BulkOutcome;
  /**
   * Why it was refused or failed, in words ("you are a member of Field Engineering", "line-2 is
   * crashed"); null otherwise.
   */
  readonly reason: string | null;
}

/** One bulk action, kept in main's model until the next one (the popover may close meanwhile). */
export interface BulkRun {
  /** Counts up within a run of the app: the renderer tells one summary from the next. */
  readonly id: number;
  readonly action: InstanceAction;
  readonly startedAt: number;
  /** When the last item ended (settled, failed or refused); null while some have not. */
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

/**
 * The candidate an instance of the model is (its account, team and instance nodes, typed here by
 * the fields read: common/state.ts imports this file): the same facts in main and the popover.
 */
export function bulkCandidate(
  account: { readonly tokenInfo: TokenInfo | null } | undefined,
  team: { readonly id: string; readonly name: string; readonly role: number | null },
  instance: Pick<BulkCandidate, 'name' | 'state' | 'action'>,
): BulkCandidate {
  return {
    name: instance.name,
    state: instance.state,
    action: instance.action,
    teamName: team.name,
    teamId: team.id,
    role: team.role,
    token: account?.tokenInfo ?? null,
  };
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
 * "5 restarted · 1 failed: line-2 is crashed · 1 refused: you are a member of Field
 * Engineering", once the last item ended; while some have not, "Restart: 3 of 7 ended". Each
 * counts how it ended (restarted as it settled), not what FlowFuse accepted. The same reason is
 * said once for all it names.
 */
export function bulkSummary(run: BulkRun): string {
  const done = run.items.filter((item) => item.outcome === 'done').length;
  const failed = run.items.filter((item) => item.outcome === 'failed');
  const refused = run.items.filter((item) => item.outcome === 'refused');
  if (run.finishedAt === null) {
    const ended = run.items.filter((item) => !bulkItemOpen(item)).length;
    return `${VERB[run.action]}: ${String(ended)} of ${String(run.items.length)} ended`;
  }
  const parts = [`${String(done)} ${DONE[run.action]}`];
  for (const [count, items] of [
    ['failed', failed],
    ['refused', refused],
  ] as const) {
    if (items.length === 0) continue;
    const reasons = [...new Set(items.map((item) => item.reason ?? count))];
    parts.push(`${String(items.length)} ${count}: ${reasons.join('; ')}`);
  }
  return parts.join(' · ');
}

/**
 * How an item that FlowFuse took ended, from the state its row settled in: `done` where the
 * action leads, else `failed` with the state ("line-2 is crashed").
 */
export function bulkEnding(
  action: InstanceAction,
  name: string,
  state: string,
): { readonly outcome: 'done' | 'failed'; readonly reason: string | null } {
  if (state === SETTLED[action]) return { outcome: 'done', reason: null };
  return { outcome: 'failed', reason: `${name} is ${stateLabel(state).toLowerCase()}` };
}
