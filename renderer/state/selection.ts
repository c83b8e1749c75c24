/**
 * The instances the user picked for a bulk action: the UI's own state, keyed by account and
 * instance id (an instance's id is its server's, so two accounts on one server never mix). It
 * lives as long as the popover's page, through refreshes; an instance that is no longer listed
 * leaves it (prune). A plain click or Space picks or drops one and sets the anchor; Shift picks
 * every instance row from the anchor to this one, in the list's order; "Select all crashed"
 * picks every crashed instance of every account.
 */
import { computed, signal } from '@preact/signals-core';
import type { TeamId } from '../../common/brand';
import type { BulkRef } from '../../common/bulk';
import type { Account } from '../../common/state';
import type { Row } from './rows';
import type { InstanceRow } from './runtime-rows';

/** The selection's key of an instance: its account and its id. */
function pickKey(accountId: string, instanceId: string): string {
  return `${accountId}\n${instanceId}`;
}

const refOf = (row: InstanceRow): BulkRef => ({
  accountId: row.account.id,
  teamId: row.team.id,
  instanceId: row.instance.id,
});

export class Selection {
  private readonly picked = signal<ReadonlyMap<string, BulkRef>>(new Map());
  /** Where a Shift range starts: the instance last picked or dropped on its own. */
  private anchor: string | null = null;
  private readonly sizeSignal = computed(() => this.picked.value.size);

  get size(): number {
    return this.sizeSignal.value;
  }

  /** The picked instances, in the order they were picked. */
  get refs(): readonly BulkRef[] {
    return [...this.picked.value.values()];
  }

  has(accountId: string, instanceId: string): boolean {
    return this.picked.value.has(pickKey(accountId, instanceId));
  }

  /** Picks or drops one instance (a click on its box, Ctrl/⌘-click, Space); it is the anchor. */
  toggle(row: InstanceRow): void {
    const key = pickKey(row.account.id, row.instance.id);
    const next = new Map(this.picked.peek());
    if (next.has(key)) next.delete(key);
    else next.set(key, refOf(row));
    this.anchor = key;
    this.picked.value = next;
  }

  /**
   * Shift: picks every instance row from the anchor to `row` in the list's order (`rows`); with
   * no anchor on the list, picks `row` alone.
   */
  extend(rows: readonly Row[], row: InstanceRow): void {
    const instances = rows.filter((each): each is InstanceRow => each.kind === 'instance');
    const to = instances.findIndex((each) => each.key === row.key);
    const from = instances.findIndex(
      (each) => pickKey(each.account.id, each.instance.id) === this.anchor,
    );
    if (to === -1 || from === -1) {
      this.toggle(row);
      return;
    }
    const next = new Map(this.picked.peek());
    for (const each of instances.slice(Math.min(from, to), Math.max(from, to) + 1)) {
      next.set(pickKey(each.account.id, each.instance.id), refOf(each));
    }
    this.picked.value = next;
  }

  /** Picks these (Select all crashed), keeping what was picked. */
  add(refs: readonly BulkRef[]): void {
    const next = new Map(this.picked.peek());
    for (const ref of refs) next.set(pickKey(ref.accountId, ref.instanceId), ref);
    this.picked.value = next;
  }

  clear(): void {
    this.anchor = null;
    if (this.picked.peek().size > 0) this.picked.value = new Map();
  }

  /** Drops what is no longer listed (a refresh, a removed account); keeps the rest. */
  prune(accounts: readonly Account[]): void {
    const current = this.picked.peek();
    if (current.size === 0) return;
    const listed = new Map<string, TeamId>();
    for (const account of accounts) {
      for (const team of account.teams) {
        for (const instance of team.runtime.instances) {
          listed.set(pickKey(account.id, instance.id), team.id);
        }
      }
    }
    const kept = [...current].filter(([key]) => listed.has(key));
    if (kept.length !== current.size) this.picked.value = new Map(kept);
  }
}

/** Every crashed instance of every account, for "Select all crashed" and "Restart all crashed". */
export function crashedRefs(accounts: readonly Account[]): BulkRef[] {
  return accounts.flatMap((account) =>
    account.teams.flatMap((team) =>
      team.runtime.instances
        .filter((instance) => instance.state === 'crashed')
        .map((instance) => ({
          accountId: account.id,
          teamId: team.id,
          instanceId: instance.id,
        })),
    ),
  );
}
