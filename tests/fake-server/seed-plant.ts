/**
 * The small world most runtime tests start from: ada owns "Plant", whose application "Line 1"
 * has a running instance (`line-1`) and a suspended one (`line-1-ui`) and a device seen just now
 * (`press-1`); the team also has a device never seen (`spare`) and one seen hours ago (`far`).
 */
import { seedUser, type SeededUser, type TeamSpec } from './seed';
import type { FakeFlowFuse } from './server';

/** `more`: teams after Plant, in order. */
export function seedPlant(fake: FakeFlowFuse, more: readonly TeamSpec[] = []): SeededUser {
  return seedUser(fake, {
    username: 'ada',
    teams: [
      {
        name: 'Plant',
        role: 50,
        runtime: {
          applications: [
            {
              name: 'Line 1',
              instances: [{ name: 'line-1' }, { name: 'line-1-ui', state: 'suspended' }],
              devices: [{ name: 'press-1', lastSeen: 'recent', state: 'running' }],
            },
          ],
          devices: [{ name: 'spare' }, { name: 'far', lastSeen: 'long-ago', state: 'stopped' }],
        },
      },
      ...more,
    ],
  });
}
