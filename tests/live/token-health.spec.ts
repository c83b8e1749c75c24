/**
 * Against a real server: token health. An account added with a token that expires in two days
 * (the contract world's `contract-soon`, passed as TEAMTRAY_LIVE_SOON_TOKEN by
 * scripts/contract/live.ts) learns which of the user's tokens it is from `GET /user/tokens`: the
 * user has several, so the popover asks ("Which of your tokens is this?"), the user picks it in
 * Settings › Accounts, and the account's header then warns "Token expires in 2 days · Replace"
 * and the summary counts it.
 */
import { expect, test } from '../e2e/support/fixtures';
import { accountHeader, attentionBar, openSettings } from '../e2e/support/locators';
import { liveEnv } from './env';
import { addLiveAccount } from './steps';

const env = liveEnv();
const soonToken = (process.env.TEAMTRAY_LIVE_SOON_TOKEN ?? '').trim();
/** The name the contract world gave it (tests/contract/world-spec.ts). */
const SOON_NAME = process.env.TEAMTRAY_LIVE_SOON_TOKEN_NAME ?? 'contract-soon';

test.skip(
  env === null || soonToken === '',
  'Live token health skipped: set TEAMTRAY_LIVE_URL and TEAMTRAY_LIVE_SOON_TOKEN (a token that expires within 7 days; the contract run sets both)',
);
test.use({ http: { timeoutMs: 20_000, totalTimeoutMs: 60_000 } });

test('a token that expires in two days: which one it is, then the warning', async ({ popover }) => {
  if (env === null) return;
  const { page } = popover;
  await popover.open();
  const accountId = await addLiveAccount(popover, { ...env, token: soonToken });
  const account = async () =>
    (await popover.accounts()).find((each) => each.id === accountId) ?? null;
  await expect
    .poll(
      async () => {
        const now = await account();
        return now?.tokenInfo?.name ?? (now?.tokenChoices === null ? null : 'asked');
      },
      { message: 'main read the user’s tokens', timeout: 60_000 },
    )
    .not.toBeNull();
  if ((await account())?.tokenInfo == null) {
    // Several tokens: the popover asks, and the user says which one in Settings › Accounts.
    await expect(accountHeader(page, 'Live').locator('.account-token')).toContainText(
      'Which of your tokens is this?',
    );
    await openSettings(page);
    await page
      .locator('tt-settings-accounts .token-choice')
      .getByRole('button', { name: new RegExp(`^${SOON_NAME} · `) })
      .click();
    await expect(page.locator('tt-settings-accounts .token-details')).toContainText(SOON_NAME);
    await page.getByRole('button', { name: 'Back' }).click();
  }
  expect((await account())?.tokenInfo?.name).toBe(SOON_NAME);
  await expect(accountHeader(page, 'Live').locator('.account-token')).toHaveText(
    /Token expires in 2 days\s*·\s*Replace/,
  );
  await expect(attentionBar(page)).toContainText('1 token expires soon');
  console.log(`tests/live: ${env.origin}: "${SOON_NAME}" warned as expiring in 2 days`);
});
