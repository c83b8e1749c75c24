/**
 * The data the sample server starts with: one realistic user whose teams cover every role,
 * long and non-Latin names, and (for the tests, not the demo) a name that is markup: it must show
 * as text, never run. The
 * teams have instances in every state the UI must draw and devices seen just now, minutes ago,
 * hours ago and never; the teams list's counts come from them.
 */
import { TEAM_TYPES } from './data';
import type { NewDevice, NewInstance } from './runtime-types';
import { seedUser, type SeededUser } from './seed';
import type { FakeFlowFuse } from './server';

export const SAMPLE_USER = {
  username: 'ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
} as const;

export const XSS_TEAM_NAME = '<img src=x onerror=alert(1)>';
/** Device and application names are free text on a real server too; instance names are not. */
export const XSS_DEVICE_NAME = '<script>alert("device")</script>';

const MINUTE = 60_000;

const running = (name: string): NewInstance => ({ name });
const seen = (name: string, minutesAgo: number, state = 'running'): NewDevice => ({
  name,
  lastSeen: minutesAgo === 0 ? 'recent' : { msAgo: minutesAgo * MINUTE },
  state,
});
const neverSeen = (name: string): NewDevice => ({ name, type: 'edge-box' });

/**
 * The sample server's token, the same on every start and every machine, so an account saved
 * against it keeps working after a restart. It only ever opens this fake, local server.
 */
export const SAMPLE_TOKEN = `ffpat_${'teamtray-sample-server-token'.padEnd(43, '0')}`;

export interface SampleOptions {
  /** Add the team and device named like markup (the browser tests' XSS checks). */
  readonly markup?: boolean;
  /** A token of its own (the tests run several servers at once); default SAMPLE_TOKEN. */
  readonly token?: string;
}

export function seedSample(fake: FakeFlowFuse, options: SampleOptions = {}): SeededUser {
  const seeded = seedUser(fake, {
    ...SAMPLE_USER,
    token: options.token === undefined ? { value: SAMPLE_TOKEN } : { value: options.token },
    teams: [
      {
        name: 'Acme Production',
        role: 50,
        type: TEAM_TYPES.enterprise,
        runtime: {
          applications: [
            {
              name: 'Line Control',
              instances: [
                running('line-1-control'),
                running('line-2-control'),
                { name: 'line-3-control', state: 'crashed' },
                { name: 'line-4-control', state: 'stopped' },
              ],
              devices: [seen('press-01', 0), seen('press-02', 2), seen('press-03', 45, 'stopped')],
            },
            {
              name: 'Energy Dashboard',
              instances: [running('energy-ui'), { name: 'energy-archive', state: 'suspended' }],
              devices: [seen('meter-hall-a', 0), seen('meter-hall-b', 6 * 60, 'crashed')],
            },
          ],
          devices: [neverSeen('spare-gateway'), seen('lab-pi', 1)],
        },
      },
      {
        name: 'Acme Staging',
        role: 50,
        type: TEAM_TYPES.team,
        runtime: {
          applications: [
            {
              name: 'Staging',
              instances: [
                running('staging-control'),
                { name: 'staging-ui', state: 'starting' },
                { name: 'staging-import', state: 'installing' },
              ],
              devices: [seen('staging-gw', 0)],
            },
          ],
        },
      },
      {
        name: 'Field Engineering',
        role: 30,
        type: TEAM_TYPES.team,
        runtime: {
          applications: [
            {
              name: 'Field Tools',
              instances: [running('field-tools'), { name: 'field-safe-mode', state: 'safe' }],
              devices: [seen('van-17', 3), neverSeen('van-18')],
            },
          ],
        },
      },
      {
        name: 'Data Science Lab',
        role: 10,
        type: TEAM_TYPES.starter,
        runtime: { applications: [{ name: 'Notebooks', instances: [running('ds-notebooks')] }] },
      },
      {
        name: 'Factory Floor Dashboards',
        role: 5,
        type: TEAM_TYPES.starter,
        runtime: { applications: [{ name: 'Boards', instances: [running('floor-boards')] }] },
      },
      ...(options.markup === true
        ? [
            {
              name: XSS_TEAM_NAME,
              role: 50 as const,
              slug: 'markup-test',
              type: TEAM_TYPES.starter,
              runtime: { devices: [neverSeen(XSS_DEVICE_NAME)] },
            },
          ]
        : []),
      {
        name: 'Überwachung Werk 東京',
        role: 30,
        type: TEAM_TYPES.team,
        runtime: {
          devices: [seen('Pumpe Süd', 0), seen('東京ゲートウェイ', 20), neverSeen('Kühlung')],
        },
      },
    ],
  });
  // Colleagues, so member counts look real.
  const grace = fake.addUser({ username: 'grace', name: 'Grace Hopper' });
  const linus = fake.addUser({ username: 'linus', name: 'Linus Example' });
  seeded.teams.forEach((team, index) => {
    fake.setRole(team, grace, index % 2 === 0 ? 30 : 50);
    if (index % 3 === 0) fake.setRole(team, linus, 10);
  });
  return seeded;
}
