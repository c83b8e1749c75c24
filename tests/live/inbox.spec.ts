/**
 * Against a real server: whether it has a FlowFuse inbox (`GET /api/v1/user/notifications`: 2.7
 * and later), asked straight from the test process, and what the popover makes of it. A server
 * without one (2.4.0 answers 404) shows no bell and nothing wrong; one with an inbox shows the
 * bell with as many unread as the API lists.
 */
import { expect, test } from '../e2e/support/fixtures';
import { SKIP_REASON, liveEnv, type LiveEnv } from './env';
import { addLiveAccount } from './steps';

const env = liveEnv();

test.skip(env === null, `Live test skipped: ${SKIP_REASON}.`);
test.use({ http: { timeoutMs: 20_000, totalTimeoutMs: 60_000 } });

/** The unread notifications the API lists, or null when the server has no inbox (404). */
async function apiUnread(live: LiveEnv): Promise<number | null> {
  const response = await fetch(`${live.origin}/api/v1/user/notifications`, {
    headers: { authorization: `Bearer ${live.token}`, accept: 'application/json' },
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET /api/v1/user/notifications: HTTP ${response.status}`);
  const body = (await response.json()) as { notifications?: { read?: boolean }[] };
  return (body.notifications ?? []).filter((each) => each.read !== true).length;
}

test('the inbox: a bell with the unread count where the server has one, nothing where not', async ({
  popover,
}) => {
  if (env === null) return;
  const { page } = popover;
  await popover.open();
  const accountId = await addLiveAccount(popover, env);
  // Main learns it with the account's first refresh.
  await expect
    .poll(
      async () =>
        (await popover.accounts()).find((account) => account.id === accountId)?.inbox.supported,
      { message: 'main asked the server for its inbox', timeout: 60_000 },
    )
    .not.toBeNull();
  const account = (await popover.accounts()).find((each) => each.id === accountId);
  const unread = await apiUnread(env);
  const bell = page.getByRole('button', { name: /^Inbox:/ });
  if (unread === null) {
    expect(account?.inbox.supported).toBe(false);
    await expect(bell).toHaveCount(0);
    await expect(page.locator('.row.account .badge')).toHaveText('Online');
    console.log(`tests/live: ${env.origin} (${account?.version ?? '?'}) has no inbox: no bell`);
  } else {
    expect(account?.inbox.supported).toBe(true);
    await expect(bell).toHaveAccessibleName(
      unread === 0 ? 'Inbox: nothing unread' : `Inbox: ${unread} unread`,
    );
    console.log(`tests/live: ${env.origin} has an inbox: ${unread} unread`);
  }
});
