/**
 * What a list from the server left out, as it crosses the bridge: items Teamtray could not read
 * (named in words, so the user can find them in FlowFuse), and readable items past a cap (the
 * "and N more" of main/flowfuse/list-caps.ts). Absent when nothing was left out.
 */

export interface LeftOut {
  /** The first few items that could not be read: their name, or their id, as the server sent it. */
  readonly unread: readonly string[];
  /** How many could not be read in all (`unread` names at most a few of them). */
  readonly unreadCount: number;
  /** Readable items past a cap or the account's budget, not kept. */
  readonly more: number;
}

export type ListKind = 'team' | 'instance' | 'device';

const PLURAL: Record<ListKind, string> = {
  team: 'teams',
  instance: 'instances',
  device: 'devices',
};

function count(n: number, kind: ListKind): string {
  return `${n} ${n === 1 ? kind : PLURAL[kind]}`;
}

/**
 * The sentences a popover shows for what was left out, e.g. `1 team could not be read: Acme` and
 * `And 4,500 more instances not shown.`
 */
export function leftOutSentences(kind: ListKind, leftOut: LeftOut | undefined): string[] {
  if (leftOut === undefined) return [];
  const sentences: string[] = [];
  if (leftOut.unreadCount > 0) {
    const others = leftOut.unreadCount - leftOut.unread.length;
    const names = leftOut.unread.join(', ') + (others > 0 ? ` and ${others} more` : '');
    sentences.push(`${count(leftOut.unreadCount, kind)} could not be read: ${names}`);
  }
  if (leftOut.more > 0) {
    sentences.push(
      `And ${leftOut.more.toLocaleString('en-US')} more ${leftOut.more === 1 ? kind : PLURAL[kind]} not shown`,
    );
  }
  return sentences;
}
