/**
 * Pins and snoozes made in two places at the same moment: the popover (the real store, its pin
 * actions) and main (a notification's "Snooze 1 hour", an account removed), over the real core.
 * Main's patches are held on their way, as when the user acts before main's last change reached
 * the popover: both changes must stay.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EventName, Method, TeamtrayApi } from '../../common/contract';
import type { Pin } from '../../common/pins';
import type { PatchPush } from '../../common/state';
import type { TestCore } from '../../tests/support/test-core';
import { seedUser } from '../../tests/fake-server';
import { call, state, withAlice, withPlant } from '../../tests/support/core-calls';
import { togglePinned, toggleSnoozed } from './pin-actions';
import { pinRows } from './pin-rows';
import type { InstanceRow } from './runtime-rows';
import { Store } from './store';

const stores: Store[] = [];
afterEach(() => {
  while (stores.length > 0) stores.pop()?.dispose();
});

/** The bridge as preload gives it, over a real core; `hold()` keeps main's patches on their way. */
function bridgeTo(core: TestCore['core']) {
  const listeners = new Set<(push: PatchPush) => void>();
  let held: PatchPush[] | null = null;
  core.onEvent((event, payload) => {
    if (event !== 'patches') return;
    const push = payload as PatchPush;
    if (held === null) for (const listener of listeners) listener(push);
    else held.push(push);
  });
  const api = new Proxy(
    {},
    {
      get: (_target, name: string) =>
        name === 'on'
          ? (event: EventName, listener: (push: PatchPush) => void) => {
              if (event !== 'patches') return () => undefined;
              listeners.add(listener);
              return () => listeners.delete(listener);
            }
          : (request: unknown) => core.dispatch(name as Method, request),
    },
  ) as TeamtrayApi;
  return {
    api,
    hold() {
      held = [];
    },
    deliver() {
      const pushes = held ?? [];
      held = null;
      for (const push of pushes) for (const listener of listeners) listener(push);
    },
  };
}

async function storeOver(core: TestCore['core']) {
  const bridge = bridgeTo(core);
  const store = new Store();
  stores.push(store);
  await store.connect(bridge.api);
  return { store, bridge };
}

describe('pins and snoozes from the popover and from main at the same moment', () => {
  it('a snooze from a notification survives a pin made in the same moment from the popover', async () => {
    const { core, added, team } = await withAlice();
    const { store, bridge } = await storeOver(core);
    const owned = team('Owned');
    const pin: Pin = { accountId: added.id, kind: 'team', id: owned.id, name: owned.name };
    const key = `${added.id}/i/p1`;

    bridge.hold();
    core.snooze({ accountId: added.id, teamId: owned.id, item: { kind: 'instance', id: 'p1' } });
    expect(await togglePinned(store, pin)).toBeNull();
    bridge.deliver();

    const { settings } = await state(core);
    expect(settings.pins).toEqual([pin]);
    expect(Object.keys(settings.snoozed)).toEqual([key]);
    expect(store.settings?.pins).toEqual([pin]);
    expect(Object.keys(store.settings?.snoozed ?? {})).toEqual([key]);
  });

  it('a snooze from a notification survives a snooze made in the same moment from the popover', async () => {
    const { core, added, team, instance } = await withPlant();
    const { store, bridge } = await storeOver(core);
    const line1 = instance('line-1');
    const line2 = instance('line-1-ui');
    const accounts = store.state?.accounts ?? [];
    const pinned: Pin = { accountId: added.id, kind: 'instance', id: line2.id, name: line2.name };
    const row = pinRows(accounts, [pinned], { drafts: new Map(), errors: new Map(), now: 0 }).find(
      (each): each is InstanceRow => each.kind === 'instance',
    );
    if (row === undefined) throw new Error('no row for line-1-ui');

    bridge.hold();
    core.snooze({ accountId: added.id, teamId: team.id, item: { kind: 'instance', id: line1.id } });
    expect(await toggleSnoozed(store, row, Date.now())).toBeNull();
    bridge.deliver();

    const both = [`${added.id}/i/${line1.id}`, `${added.id}/i/${line2.id}`].sort();
    expect(Object.keys((await state(core)).settings.snoozed).sort()).toEqual(both);
    expect(Object.keys(store.settings?.snoozed ?? {}).sort()).toEqual(both);
  });

  it('a pin made in the same moment as an account is removed does not bring back its pins', async () => {
    const { core, added, team, fake } = await withAlice();
    const bob = seedUser(fake, { username: 'bob', teams: [{ name: 'Bobs', role: 50 }] });
    const second = await call<{ id: string }>(core, 'addAccount', {
      url: fake.url,
      token: bob.token,
    });
    const { store, bridge } = await storeOver(core);
    const owned = team('Owned');
    const gone: Pin = { accountId: added.id, kind: 'team', id: owned.id, name: owned.name };
    expect(await togglePinned(store, gone)).toBeNull();
    const kept: Pin = { accountId: second.id, kind: 'team', id: 'b1', name: 'Bobs' };

    bridge.hold();
    await call(core, 'removeAccount', { id: added.id });
    expect(await togglePinned(store, kept)).toBeNull();
    bridge.deliver();

    expect((await state(core)).settings.pins).toEqual([kept]);
    expect(store.settings?.pins).toEqual([kept]);
  });
});
