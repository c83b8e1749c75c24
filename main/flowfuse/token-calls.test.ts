/**
 * `GET /api/v1/user/tokens` as the client reads it: each token's id, name and expiry as FlowFuse
 * 2.4 lists them, and on 2.32+ whether it is read-only and the teams it is limited to; names are
 * cleaned and cut where they are parsed, an unreadable item is left out, never the whole list.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedUser, startFakeFlowFuse, type FakeFlowFuse } from '../../tests/fake-server';
import { clientFor } from '../../tests/support/flowfuse-client-harness';

let fake: FakeFlowFuse;
beforeEach(async () => {
  fake = await startFakeFlowFuse();
});
afterEach(async () => {
  await fake.close();
});

describe('client: the user’s tokens', () => {
  it('reads each token’s id, name and expiry as FlowFuse 2.4 lists them', async () => {
    const expiresAt = Date.UTC(2026, 11, 12, 9);
    const ada = seedUser(fake, { username: 'ada', token: { name: 'laptop', expiresAt } });
    fake.createToken(ada.user, { name: 'ci' });
    const tokens = await clientFor(fake, ada.token).userTokens();
    expect(
      tokens.map(({ name, expiresAt: at, readOnly, teams }) => ({ name, at, readOnly, teams })),
    ).toEqual([
      { name: 'laptop', at: expiresAt, readOnly: null, teams: null },
      { name: 'ci', at: null, readOnly: null, teams: null },
    ]);
    expect(JSON.stringify(tokens)).not.toContain(ada.token);
  });

  it('reads 2.32’s scope, cleans names, and leaves out an item it cannot read', async () => {
    const ada = seedUser(fake, { username: 'ada' });
    fake.addFault(
      {
        kind: 'json',
        status: 200,
        body: {
          count: 3,
          tokens: [
            {
              id: 'k1',
              name: `ro\u0007${'x'.repeat(300)}`,
              expiresAt: '2026-12-12T09:00:00.000Z',
              created_at: '2026-11-01T09:00:00.000Z',
              readOnly: true,
              teams: [{ id: 't1', name: 'Plant' }],
            },
            { name: 'no id' },
            { id: 'k3', name: 'odd', expiresAt: 'not a date', readOnly: 'yes', teams: [] },
          ],
        },
      },
      { path: '/api/v1/user/tokens' },
    );
    const [first, second, ...rest] = await clientFor(fake, ada.token).userTokens();
    expect(rest).toEqual([]);
    expect(first?.id).toBe('k1');
    expect(first?.name.length).toBeLessThanOrEqual(100);
    expect(first?.name).not.toContain('\u0007');
    expect(first?.createdAt).toBe(Date.UTC(2026, 10, 1, 9));
    expect(first?.readOnly).toBe(true);
    expect(first?.teams).toEqual([{ id: 't1', name: 'Plant' }]);
    expect(second).toEqual({
      id: 'k3',
      name: 'odd',
      createdAt: null,
      expiresAt: null,
      readOnly: null,
      teams: null,
    });
  });
});
