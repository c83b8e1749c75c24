import { applyPatches, enablePatches } from 'immer';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../common/model';
import type { TeamtrayState } from '../../common/state';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { createModel, type Change } from './model';

enablePatches();

const empty = (): TeamtrayState => ({
  settings: DEFAULT_SETTINGS,
  vault: { mode: 'persistent', reason: null },
  notices: [],
  accounts: [],
});

describe('the model', () => {
  it('numbers each change and gives patches that turn the old tree into the new one', () => {
    const model = createModel(empty());
    const heard: Change[] = [];
    model.subscribe((change) => heard.push(change));
    const before = model.state();
    model.apply('noticesChanged', [{ id: 'n1', level: 'info', message: 'Hello' }]);
    expect(heard.map((change) => [change.name, change.version])).toEqual([['noticesChanged', 1]]);
    expect(applyPatches(before, heard[0]?.patches ?? [])).toEqual(model.state());
    expect(model.snapshot()).toEqual({ version: 1, state: model.state() });
  });

  it('logs each transition that changed something, its name and version, at debug level', () => {
    const log = createMemoryLogger();
    const model = createModel(empty(), log);
    model.apply('noticesChanged', [{ id: 'n1', level: 'info', message: 'Hello' }]);
    model.apply('vaultChanged', { mode: 'persistent', reason: null });
    model.apply('vaultChanged', { mode: 'session', reason: 'No keychain.' });
    const lines = log.lines.filter((line) => line.includes('model: transition'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^debug .*"name":"noticesChanged".*"version":1/);
    expect(lines[1]).toMatch(/^debug .*"name":"vaultChanged".*"version":2/);
  });

  it('says nothing and keeps its version when a transition changes nothing', () => {
    const model = createModel(empty());
    const heard: Change[] = [];
    model.subscribe((change) => heard.push(change));
    model.apply('vaultChanged', { mode: 'persistent', reason: null });
    expect(heard).toEqual([]);
    expect(model.snapshot().version).toBe(0);
  });

  it('hands out a frozen tree: nothing outside a transition can change it', () => {
    const model = createModel(empty());
    expect(() => {
      (model.state().notices as Notice[]).push({ id: 'x', level: 'info', message: 'x' });
    }).toThrow();
  });
});

type Notice = TeamtrayState['notices'][number];
