/**
 * One push per tick (issue 30), with the real model: a tick's changes leave as one push whose
 * patches, applied in order to the tree of the version before, give main's tree; a lone change
 * is a push as before. (The renderer's replica applies such pushes and mends a gap:
 * renderer/state/replica.test.ts; a call's pushes before its answer: main/core.pushes.test.ts.)
 */
import { applyPatches, enablePatches } from 'immer';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../common/model';
import type { PatchPush, TeamtrayState } from '../../common/state';
import { createModel } from '../model/model';
import { batchPatchPushes } from './patch-pushes';

enablePatches();

const empty = (): TeamtrayState => ({
  settings: DEFAULT_SETTINGS,
  vault: { mode: 'persistent', reason: null },
  notices: [],
  accounts: [],
});

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The model and the pushes main sends; `tree` follows them as the renderer's replica does. */
function wired() {
  const model = createModel(empty());
  const sent: PatchPush[] = [];
  let tree = model.state();
  let version = 0;
  const pushes = batchPatchPushes((push) => {
    sent.push(push);
    if ((push.from ?? push.version) !== version + 1) throw new Error('a gap');
    tree = applyPatches(tree, push.patches);
    version = push.version;
  });
  model.subscribe((change) => {
    pushes.add(change);
  });
  const notice = (id: string) => ({ id, level: 'info' as const, message: `Notice ${id}` });
  return { model, sent, pushes, notice, tree: () => tree };
}

describe("main's patches, one push per tick", () => {
  it("sends one tick's 2,000 changes as one push, their patches in order", async () => {
    const { model, sent, notice, tree } = wired();
    for (let at = 1; at <= 2_000; at += 1) model.apply('noticesChanged', [notice(`n${at}`)]);
    expect(sent).toEqual([]);
    await tick();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ version: 2_000, from: 1 });
    expect(sent[0]?.patches).toHaveLength(2_000);
    // In order: the last change wins, as in main.
    expect(tree()).toEqual(model.state());
    expect(tree().notices.map((each) => each.id)).toEqual(['n2000']);
  });

  it('sends a lone change as before, and each tick its own push, numbered on', async () => {
    const { model, sent, notice, tree } = wired();
    model.apply('noticesChanged', [notice('a')]);
    await tick();
    model.apply('noticesChanged', [notice('b')]);
    model.apply('noticesChanged', [notice('c')]);
    await tick();
    expect(sent.map(({ version, from }) => ({ version, from }))).toEqual([
      { version: 1, from: undefined },
      { version: 3, from: 2 },
    ]);
    expect(tree()).toEqual(model.state());
  });

  it('sends what is gathered at once on flush, and nothing after stop', async () => {
    const { model, sent, pushes, notice } = wired();
    model.apply('noticesChanged', [notice('a')]);
    pushes.flush();
    expect(sent.map((push) => push.version)).toEqual([1]);
    await tick();
    expect(sent).toHaveLength(1);
    model.apply('noticesChanged', [notice('b')]);
    pushes.stop();
    await tick();
    expect(sent).toHaveLength(1);
  });
});
