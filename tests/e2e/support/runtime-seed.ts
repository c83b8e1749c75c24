/**
 * A small plant for the runtime specs: Alpha Works (owned) with three instances (running,
 * crashed, stopped) and devices seen now, 5 minutes ago and never; Beta Labs (a member) with
 * one running instance.
 */
import {
  seedUser,
  type FakeFlowFuse,
  type FakeServerOptions,
  type SeededUser,
} from '../../fake-server';
import { expect, type Popover } from './fixtures';
import { teamRow } from './locators';

export interface Plant {
  readonly server: FakeFlowFuse;
  readonly seeded: SeededUser;
  readonly accountId: string;
}

export const MINUTE = 60_000;

export async function plant(
  popover: Popover,
  options: { readonly server?: FakeServerOptions; readonly label?: string } = {},
): Promise<Plant> {
  const server = await popover.server(options.server);
  const seeded = seedUser(server, {
    username: 'ada',
    teams: [
      {
        name: 'Alpha Works',
        role: 50,
        slug: 'alpha-works',
        runtime: {
          applications: [
            {
              name: 'Line Control',
              instances: [
                { name: 'alpha-line-1' },
                { name: 'alpha-line-2', state: 'crashed' },
                { name: 'alpha-line-3', state: 'stopped' },
              ],
              devices: [{ name: 'press-01', lastSeen: 'recent' }],
            },
          ],
          devices: [
            { name: 'press-02', lastSeen: { msAgo: 5 * MINUTE }, state: 'stopped' },
            { name: 'spare-gateway', lastSeen: 'never' },
          ],
        },
      },
      {
        name: 'Beta Labs',
        role: 30,
        slug: 'beta-labs',
        runtime: { applications: [{ name: 'Lab', instances: [{ name: 'beta-ui' }] }] },
      },
    ],
  });
  const saved = await popover.addAccount(server.url, seeded.token, options.label ?? 'Plant');
  await popover.open();
  await expect(teamRow(popover.page, 'Alpha Works').locator('.summary')).toContainText(
    '3 instances',
  );
  return { server, seeded, accountId: saved.id };
}

/** The seeded instance or device by name (for the fake's levers and ids). */
export function item<T extends { readonly name: string }>(list: readonly T[], name: string): T {
  const found = list.find((each) => each.name === name);
  if (found === undefined) throw new Error(`nothing named ${name}`);
  return found;
}
