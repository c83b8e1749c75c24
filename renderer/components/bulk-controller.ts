/**
 * What a bulk action asks of the user and of main: each picked instance is checked against its
 * role, its token's scope and state as main will check it (common/bulk.ts), one question names how many and where
 * and who is left out ("Restart 7 instances in 3 teams on 2 accounts?"), and a yes sends them all
 * in one call (main names the left-out ones in its summary too). The rows then follow their own
 * actions from main's patches; the summary is main's (state.bulk), read from the replica.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  bulkQuestion,
  bulkCandidate,
  bulkRefusal,
  bulkVerb,
  type BulkRef,
} from '../../common/bulk';
import type { InstanceAction } from '../../common/runtime';
import { rowErrorText } from '../state/error-help';
import type { Store } from '../state/store';
import type { Question } from './tt-confirm';

/** Names at most this many left out in the question; the rest are counted. */
const NAMED = 4;

interface Checked {
  readonly ref: BulkRef;
  readonly name: string;
  readonly reason: string | null;
}

function check(store: Store, action: InstanceAction, ref: BulkRef): Checked {
  const team = store.team(ref.accountId, ref.teamId);
  const account = store.accounts.find((each) => each.id === ref.accountId);
  const instance = team?.runtime.instances.find((each) => each.id === ref.instanceId);
  if (team === undefined || instance === undefined) {
    return { ref, name: 'an instance', reason: 'no longer listed' };
  }
  const reason = bulkRefusal(action, bulkCandidate(account, team, instance));
  return { ref, name: instance.name, reason };
}

export class BulkController implements ReactiveController {
  /** Why the last bulk action did not start, shown in the bar; '' when none. */
  note = '';

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly storeOf: () => Store,
    private readonly confirm: (question: Question) => Promise<boolean>,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.note = '';
  }

  /**
   * Asks, then sends `refs` (the selection unless told: "Restart all crashed" sends its own,
   * and leaves the selection as it was).
   */
  async run(action: InstanceAction, refs?: readonly BulkRef[]): Promise<void> {
    const store = this.storeOf();
    const fromSelection = refs === undefined;
    const picked = refs ?? store.selection.refs;
    if (picked.length === 0) return;
    const checked = picked.map((ref) => check(store, action, ref));
    const allowed = checked.filter((each) => each.reason === null);
    const leftOut = checked.filter((each) => each.reason !== null);
    const verb = bulkVerb(action);
    if (allowed.length === 0) {
      this.say(`None of them can ${verb.toLowerCase()}: ${reasons(leftOut)}.`);
      return;
    }
    const named = leftOut.slice(0, NAMED).map((each) => `${each.name} (${each.reason ?? ''})`);
    const more = leftOut.length - named.length;
    const body = [
      leftOut.length === 0
        ? null
        : `Left out: ${named.join(', ')}${more > 0 ? ` and ${String(more)} more` : ''}.`,
      `Each follows its own ${verb.toLowerCase()}; a summary shows at the bottom when all have settled.`,
    ]
      .filter((line) => line !== null)
      .join(' ');
    const yes = await this.confirm({
      title: bulkQuestion(
        action,
        allowed.map((each) => each.ref),
      ),
      body,
      confirm: `${verb} ${String(allowed.length)}`,
    });
    if (!yes) return;
    const result = await store.connected.bulkInstanceAction({
      action,
      items: picked.map(({ accountId, teamId, instanceId }) => ({ accountId, teamId, instanceId })),
    });
    if (!result.ok) {
      this.say(rowErrorText(result.error));
      return;
    }
    if (fromSelection) store.selection.clear();
    this.say('');
  }

  /** Drops the bar's note (the user picked again, or closed it). */
  clearNote(): void {
    this.say('');
  }

  private say(note: string): void {
    this.note = note;
    this.host.requestUpdate();
  }
}

function reasons(leftOut: readonly Checked[]): string {
  return [...new Set(leftOut.map((each) => each.reason ?? ''))].join('; ');
}
