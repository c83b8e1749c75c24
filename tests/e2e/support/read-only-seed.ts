/**
 * A read-only token (FlowFuse 2.32+) for the token-scope specs: ada owns Alpha Works (an
 * instance, a device seen now) on a server with an inbox, and her account's token is read-only.
 * Waits until main knows the token's scope, then opens the popover.
 */
import { seedUser, type FakeFlowFuse } from '../../fake-server';
import { expect, type Popover } from './fixtures';
import { teamRow } from './locators';

export async function seedReadOnly(
  popover: Popover,
): Promise<{ readonly server: FakeFlowFuse; readonly accountId: string }> {
  const server = await popover.server({ version: '2.33.0', notifications: true });
  const ada = seedUser(server, {
    username: 'ada',
    teams: [
      {
        name: 'Alpha Works',
        role: 50,
        runtime: {
          applications: [
            {
              name: 'Line Control',
              instances: [{ name: 'alpha-line-1' }],
              devices: [{ name: 'press-01', lastSeen: 'recent' }],
            },
          ],
        },
      },
    ],
  });
  server.addNotification(ada.user, { type: 'team-invite' });
  const readOnly = server.createToken(ada.user, { name: 'tray-viewer', readOnly: true });
  server.revokeToken(ada.token);
  const saved = await popover.addAccount(server.url, readOnly, 'Plant');
  await expect
    .poll(async () => (await popover.accounts())[0]?.tokenInfo?.readOnly ?? null)
    .toBe(true);
  await popover.open();
  await expect(teamRow(popover.page, 'Alpha Works')).toBeVisible();
  return { server, accountId: saved.id };
}
