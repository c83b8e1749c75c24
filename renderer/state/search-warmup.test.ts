/**
 * The search keys worked out while the page is idle (search-warmup.ts): the first keystroke after
 * the state came finds them made, a long list is worked out over several idle periods, and a model
 * change costs only its new teams.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Account, Team } from '../../common/state';
import { account, stateWith } from '../../tests/support/renderer-data';
import { testMain } from '../../tests/support/renderer-main';
import { Store } from './store';
import type { IdleSchedule } from './search-warmup';

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

/** A team whose slug read is counted: only working out its search keys reads it. */
function counted(team: Team, reads: { count: number }): Team {
  const { slug, ...rest } = team;
  return Object.defineProperty({ ...rest }, 'slug', {
    enumerable: true,
    get: () => {
      reads.count += 1;
      return slug;
    },
  }) as Team;
}

function fleet(reads: { count: number }): Account[] {
  return Array.from({ length: 4 }, (_, a) => {
    const of = account(
      `acc${a}`,
      Array.from({ length: 100 }, (_, t) => `Team ${a}-${t}`),
    );
    return { ...of, teams: of.teams.map((team) => counted(team, reads)) };
  });
}

/** An idle schedule run by hand, each period with `left` ms to spare. */
function manualIdle(): { schedule: IdleSchedule; periods: number; run: (left: number) => void } {
  let queued: Parameters<IdleSchedule>[0] | null = null;
  const idle = {
    periods: 0,
    schedule: ((work) => {
      queued = work;
      return () => {
        if (queued === work) queued = null;
      };
    }) satisfies IdleSchedule,
    run: (left: number) => {
      while (queued !== null) {
        const work: Parameters<IdleSchedule>[0] = queued;
        queued = null;
        idle.periods += 1;
        work({ timeRemaining: () => left });
      }
    },
  };
  return idle;
}

async function connected(accounts: Account[]) {
  const idle = manualIdle();
  const main = testMain(stateWith(accounts));
  const store = new Store();
  stores.push(store);
  await store.connect(main.api, { idle: idle.schedule });
  return { store, idle };
}

describe('the search keys, worked out while the page is idle', () => {
  it('are made before the first keystroke, which then works none out', async () => {
    const reads = { count: 0 };
    const { store, idle } = await connected(fleet(reads));
    idle.run(50);
    // Each of the 400 teams once, in the idle period.
    expect(reads.count).toBe(400);
    reads.count = 0;
    store.setQuery('team 1');
    expect(store.rows.length).toBeGreaterThan(0);
    expect(reads.count).toBe(0);
  });

  it('works a long list out over several idle periods, a few dozen teams at a time', async () => {
    const reads = { count: 0 };
    const { idle } = await connected(fleet(reads));
    // No time to spare in any period: 64 teams each, then the next period.
    idle.run(0);
    expect(reads.count).toBe(400);
    expect(idle.periods).toBeGreaterThan(4);
  });

  it('after a model change, works out only the teams that changed', async () => {
    const reads = { count: 0 };
    const accounts = fleet(reads);
    const { store, idle } = await connected(accounts);
    idle.run(50);
    reads.count = 0;
    const [first, ...rest] = accounts;
    if (first === undefined) throw new Error('fixture');
    const renamed = first.teams.map((team, index) =>
      index === 5 ? counted({ ...team, slug: 'renamed', name: 'Renamed' }, reads) : team,
    );
    store.load(stateWith([{ ...first, teams: renamed }, ...rest]));
    reads.count = 0;
    idle.run(50);
    expect(reads.count).toBe(1);
  });
});
