/**
 * What changed just before an instance's problem, from its audit log (`GET
 * /projects/:id/audit-log`, viewer): one read of the newest entries among the changes that can
 * break an instance (a deploy, its settings, nodes installed or removed, its stack, a rollback)
 * and the problems they come before (Node-RED's own `crashed` and `safe-mode`, the platform's
 * `project.start-failed`). FlowFuse 2.4.0 filters by `event` (repeatable) and lists newest first
 * (tests/contract/cases/activity.ts, `audit/change-before-crash`). The newest problem entry says
 * when the problem began; the newest change before it is the answer. Ours by hand: a few lines
 * of choosing over what the server sends.
 */
import type { ApiAuditEvent } from './types';

/** The changes that can explain a problem, as FlowFuse names them. */
export const CHANGE_EVENTS: readonly string[] = [
  'flows.set',
  'project.settings.updated',
  'nodes.install',
  'nodes.remove',
  'project.stack.changed',
  'project.snapshot.rolled-back',
];

/** The entries that say when a problem began, and the problem each is. */
const PROBLEM_OF: ReadonlyMap<string, string> = new Map([
  ['crashed', 'crashed'],
  ['safe-mode', 'safe'],
  ['project.start-failed', 'start-failed'],
]);

export const PROBLEM_EVENTS: readonly string[] = [...PROBLEM_OF.keys()];

/** Entries read at once: enough for a problem entry or two and the change before them. */
export const CHANGE_ENTRIES = 10;

export interface ChangeFound {
  /** The newest change before the problem, or null when the entries hold none. */
  readonly change: ApiAuditEvent | null;
  /** When the problem began, by its own entry; null when the entries hold none. */
  readonly problemAt: number | null;
}

/**
 * The newest change before the newest entry of `problem` (any problem entry when none of that
 * kind is there); with no problem entry, the newest change. `events` are newest first, as read.
 */
export function changeBeforeProblem(
  events: readonly ApiAuditEvent[],
  problem: string,
): ChangeFound {
  const isProblem = (event: ApiAuditEvent) => PROBLEM_OF.has(event.event);
  const own = events.findIndex((event) => PROBLEM_OF.get(event.event) === problem);
  const at = own === -1 ? events.findIndex(isProblem) : own;
  const entry = at === -1 ? undefined : events[at];
  const older = at === -1 ? events : events.slice(at + 1);
  const change = older.find((event) => CHANGE_EVENTS.includes(event.event)) ?? null;
  return { change, problemAt: entry?.at ?? null };
}
