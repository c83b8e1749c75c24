/**
 * The data the sample server starts with: one realistic user whose teams cover every role,
 * long and non-Latin names, and a name that is markup (it must show as text, never run).
 */
import { TEAM_TYPES } from './data';
import { seedUser, type SeededUser } from './seed';
import type { FakeFlowFuse } from './server';

export const SAMPLE_USER = {
  username: 'ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
} as const;

export const XSS_TEAM_NAME = '<img src=x onerror=alert(1)>';

export function seedSample(fake: FakeFlowFuse): SeededUser {
  const seeded = seedUser(fake, {
    ...SAMPLE_USER,
    teams: [
      {
        name: 'Acme Production',
        role: 50,
        type: TEAM_TYPES.enterprise,
        instanceCount: 12,
        deviceCount: 48,
      },
      { name: 'Acme Staging', role: 50, type: TEAM_TYPES.team, instanceCount: 4, deviceCount: 6 },
      { name: 'Field Engineering', role: 30, type: TEAM_TYPES.team, instanceCount: 7 },
      { name: 'Data Science Lab', role: 10, type: TEAM_TYPES.starter, instanceCount: 2 },
      { name: 'Factory Floor Dashboards', role: 5, type: TEAM_TYPES.starter, instanceCount: 1 },
      { name: XSS_TEAM_NAME, role: 50, slug: 'markup-test', type: TEAM_TYPES.starter },
      { name: 'Überwachung Werk 東京', role: 30, type: TEAM_TYPES.team, deviceCount: 3 },
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
