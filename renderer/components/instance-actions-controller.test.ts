/**
 * An instance's action as the row shows it, with main's pushes applied once a frame: the action
 * clicked shows at once and offers nothing to press twice, stays after main's answer until the
 * replica holds main's own ("Stopping…", the instance's `action`), and a refusal drops it at
 * once with why under the row.
 */
import { castDraft, type Draft } from 'immer';
import type { ReactiveControllerHost } from 'lit';
import { afterEach, describe, expect, it } from 'vitest';
import type { Versioned } from '../../common/contract';
import type { Team, TeamtrayState } from '../../common/state';
import type { FrameSchedule } from '../state/frame-pushes';
import type { InstanceRow } from '../state/runtime-rows';
import { Store } from '../state/store';
import { account, runtime, stateWith } from '../../tests/support/renderer-data';
import { testMain } from '../../tests/support/renderer-main';
import { InstanceActionsController } from './instance-actions-controller';

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

/** A Lit host that draws nothing: the test reads what a render would. */
function host(): ReactiveControllerHost {
  return {
    addController: () => undefined,
    removeController: () => undefined,
    requestUpdate: () => undefined,
    updateComplete: Promise.resolve(true),
  };
}

function teamIn(draft: Draft<TeamtrayState>): Draft<Team> {
  const found = draft.accounts[0]?.teams[0];
  if (found === undefined) throw new Error('no team');
  return found;
}

async function setUp(answer: () => Promise<Versioned<null>>) {
  const waiting = new Set<() => void>();
  const schedule: FrameSchedule = (run) => {
    waiting.add(run);
    return () => waiting.delete(run);
  };
  const main = testMain(stateWith([account('a', ['Plant'])]), {
    instanceAction: () => answer(),
  });
  main.change((draft) => {
    teamIn(draft).runtime = castDraft(runtime([['line-1', 'running']]));
  });
  const store = new Store();
  stores.push(store);
  await store.connect(main.api, { frames: schedule });
  store.toggleExpanded('a/t0', true);
  const controller = new InstanceActionsController(host(), () => store, {
    confirm: () => Promise.resolve(true),
    refocus: () => undefined,
  });
  const row = (): InstanceRow => {
    const found = store.rows.find((each): each is InstanceRow => each.kind === 'instance');
    if (found === undefined) throw new Error('no instance row');
    return found;
  };
  const frame = (): void => {
    const runs = [...waiting];
    waiting.clear();
    for (const run of runs) run();
  };
  return { main, store, controller, row, frame };
}

describe('an instance action’s draft', () => {
  it('shows at once, and gives way to main’s action only when the replica holds it', async () => {
    let main: ReturnType<typeof testMain> | null = null;
    const { controller, row, frame, store, ...rest } = await setUp(() => {
      // Main: "Stopping…" (its action) before the POST leaves, then the answer.
      main?.change((draft) => {
        const instance = teamIn(draft).runtime.instances[0];
        if (instance !== undefined) instance.action = 'stop';
      });
      return Promise.resolve({ ok: true, value: null, version: 2 });
    });
    main = rest.main;
    const key = row().key;
    const acting = controller.act(row(), 'stop');
    expect(controller.pendingAction(key)).toBe('stop');
    // A second click sends nothing.
    await controller.act(row(), 'stop');
    await acting;
    expect(main.calls.filter((each) => each.method === 'instanceAction')).toHaveLength(1);
    // Answered; the frame with main's "Stopping…" is still to come: the draft holds.
    expect(store.replica.version).toBe(1);
    expect(row().instance.action).toBeNull();
    expect(controller.pendingAction(key)).toBe('stop');
    frame();
    expect(row().instance.action).toBe('stop');
    expect(controller.pendingAction(key)).toBeNull();
  });

  it('drops a refused action at once and says why under the row', async () => {
    const { controller, row, store } = await setUp(() =>
      Promise.resolve({
        ok: false,
        error: { code: 'forbidden', message: 'Only team owners can do that.' },
      }),
    );
    const key = row().key;
    await controller.act(row(), 'stop');
    expect(controller.pendingAction(key)).toBeNull();
    expect(store.rowError(key)).toContain('Only team owners can do that.');
  });
});
