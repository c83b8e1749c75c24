import { describe, expect, it } from 'vitest';
import { asAccountId } from '../../common/brand';
import type { InstanceTable, TeamRuntime } from '../../common/runtime';
import { runtimeViewOf } from './runtime-view';

const ACCOUNT = asAccountId('a');

/** A team's runtime that counts how often its instance columns are read. */
function countingRuntime(): { readonly runtime: TeamRuntime; readonly reads: () => number } {
  let reads = 0;
  const instances: InstanceTable = {
    id: ['i1', 'i2'],
    name: ['Line-A Node', 'packer'],
    url: ['https://line-a.example.com', null],
    application: ['Line', 'Line'],
    state: ['running', 'crashed'],
    action: [null, null],
  };
  const runtime = {
    teamId: 't1',
    status: 'ok',
    fetchedAt: 1,
    get instances() {
      reads += 1;
      return instances;
    },
    devices: {
      id: ['d1'],
      name: ['Gateway ONE'],
      lastSeenAt: [1],
      state: ['running'],
      onlineStatus: [null],
    },
  } satisfies TeamRuntime;
  return { runtime, reads: () => reads };
}

describe('runtimeViewOf', () => {
  it('builds a team’s items only when they are first read, and once', () => {
    const { runtime, reads } = countingRuntime();
    const view = runtimeViewOf(ACCOUNT, runtime);
    expect(reads()).toBe(0);
    const first = view.instances;
    expect(view.instances).toBe(first);
    expect(reads()).toBe(1);
    expect(runtimeViewOf(ACCOUNT, runtime)).toBe(view);
  });

  it('keys each item by account, team and kind, and lower-cases its name once for the search', () => {
    const view = runtimeViewOf(ACCOUNT, countingRuntime().runtime);
    expect(view.instances.map((item) => [item.key, item.searchName, item.state])).toEqual([
      ['a/t1/i/i1', 'line-a node', 'running'],
      ['a/t1/i/i2', 'packer', 'crashed'],
    ]);
    expect(view.devices.map((item) => [item.key, item.name, item.searchName])).toEqual([
      ['a/t1/d/d1', 'Gateway ONE', 'gateway one'],
    ]);
  });
});
