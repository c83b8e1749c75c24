/**
 * The bulk limit (ipc/call-limits.ts) through a real core with the app's own limits: a burst of
 * bulk calls is cut to one (a second apart), and past 6 a minute a call is refused before any
 * action leaves main.
 */
import { describe, expect, it } from 'vitest';
import { ACTION_PATH } from '../../tests/fake-server/runtime-routes';
import { withPlant } from '../../tests/support/core-calls';
import { CALL_LIMITS } from '../ipc/call-limits';

describe('the bulk limit', () => {
  it('lets one of a burst through, then refuses every call past 6 a minute', async () => {
    let now = 1_000_000;
    const { core, fake, added, team, plant } = await withPlant({
      limits: CALL_LIMITS,
      now: () => now,
    });
    const items = plant.instances.map((instance) => ({
      accountId: added.id,
      teamId: team.id,
      instanceId: instance.id,
    }));
    const actions = () =>
      fake.requests.filter((request) => request.method === 'POST' && ACTION_PATH.test(request.path))
        .length;
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        core.dispatch('bulkInstanceAction', { action: 'restart', items }),
      ),
    );
    expect(burst.map((result) => (result.ok ? 'ok' : result.error.code))).toEqual([
      'ok',
      'rate_limited',
      'rate_limited',
      'rate_limited',
      'rate_limited',
    ]);
    // Six more within the minute, 2 s apart: five take the places left, the sixth is refused.
    const later: string[] = [];
    for (let n = 0; n < 6; n += 1) {
      now += 2_000;
      const sent = actions();
      const result = await core.dispatch('bulkInstanceAction', { action: 'suspend', items });
      later.push(result.ok ? 'ok' : result.error.code);
      // Refused by the limit: nothing was sent for it.
      if (!result.ok && result.error.code === 'rate_limited') expect(actions()).toBe(sent);
    }
    expect(later.slice(0, 5)).not.toContain('rate_limited');
    expect(later[5]).toBe('rate_limited');
  });
});
