/**
 * Token health, part two: warnings before a token expires. While the token still works, an
 * account whose token expires within 7 days is counted by the tray's summary and gets one
 * notification, and one more at the last day, never again for the same threshold (not after a
 * restart either: what was told is saved with the account); after it
 * expired and the server refused it (401), the account keeps the expiry it knew, so the row says
 * "Token expired on 12 Dec" instead of "expired or revoked".
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expiredWords } from '../common/token-health';
import { seedUser } from '../tests/fake-server';
import { call, server, testCore, waitForAccount } from '../tests/support/core-calls';

const DAY = 24 * 60 * 60 * 1000;

async function aliceExpiringIn(ms: number) {
  const fake = await server();
  const realNow = Date.now();
  let shift = 0;
  const alice = seedUser(fake, {
    username: 'alice',
    teams: [{ name: 'Owned', role: 50 }],
    token: { name: 'teamtray-laptop', expiresAt: realNow + ms },
  });
  const started = await testCore({ now: () => Date.now() + shift });
  const added = await call<{ id: string }>(started.core, 'addAccount', {
    url: fake.url,
    token: alice.token,
  });
  const travel = (by: number) => {
    shift += by;
  };
  return { fake, alice, started, added, travel };
}

describe('core: a token that expires soon', () => {
  it('is told once at 7 days and once more at the last day, and counted by the summary', async () => {
    const { started, added, travel } = await aliceExpiringIn(3 * DAY);
    await waitForAccount(started.core, added.id, (each) => each.tokenInfo !== null);
    const warnings = () =>
      started.notifier.shown.filter((each) => each.title.startsWith('Token expires'));
    expect(warnings().map((each) => each.title)).toEqual(['Token expires in 3 days']);
    expect(warnings()[0]?.body).toContain('teamtray-laptop');
    expect(warnings()[0]?.target).toEqual({ accountId: added.id, teamId: null, item: null });
    expect(started.core.traySummary().count).toBe(1);
    expect(started.core.trayStatus()).toBe('attention');

    // Another refresh the same day tells nothing new.
    await call(started.core, 'refresh', { accountId: added.id });
    await waitForAccount(started.core, added.id, (each) => each.status === 'ok');
    expect(warnings()).toHaveLength(1);

    // The clock passes into the last day: told once more, then not again.
    travel(2.5 * DAY);
    await call(started.core, 'refresh', { accountId: added.id });
    await waitForAccount(started.core, added.id, (each) => each.status === 'ok');
    expect(warnings().map((each) => each.title)).toEqual([
      'Token expires in 3 days',
      'Token expires within a day',
    ]);
    await call(started.core, 'refresh', { accountId: added.id });
    await waitForAccount(started.core, added.id, (each) => each.status === 'ok');
    expect(warnings()).toHaveLength(2);
  });

  it('remembers what it told across restarts: a restart within 7 days tells nothing again', async () => {
    const { started, added, travel } = await aliceExpiringIn(3 * DAY);
    await waitForAccount(started.core, added.id, (each) => each.tokenInfo !== null);
    const warnings = () =>
      started.notifier.shown.filter((each) => each.title.startsWith('Token expires'));
    expect(warnings()).toHaveLength(1);
    // Saved with the account, in the settings file.
    const saved = async () => {
      for (let tries = 0; tries < 200; tries += 1) {
        const file = await readFile(join(started.dir, 'config.json'), 'utf8');
        if (file.includes('tokenWarned')) return JSON.parse(file) as unknown;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the warning told was not saved');
    };
    expect(await saved()).toMatchObject({ accounts: [{ tokenWarned: { threshold: 7 } }] });
    const refreshed = async (core: typeof started.core) => {
      await call(core, 'refresh', { accountId: added.id });
      await waitForAccount(core, added.id, (each) => each.status === 'ok');
      // The check runs once the change has reached every listener.
      await new Promise((resolve) => setTimeout(resolve, 20));
    };

    const morning = await started.restart();
    await refreshed(morning);
    expect(warnings()).toHaveLength(1);

    // The last day, after another restart: told once, and not after the next restart.
    travel(2.5 * DAY);
    const lastDay = await started.restart();
    await refreshed(lastDay);
    expect(warnings().map((each) => each.title)).toEqual([
      'Token expires in 3 days',
      'Token expires within a day',
    ]);
    const evening = await started.restart();
    await refreshed(evening);
    expect(warnings()).toHaveLength(2);
  });

  it('tells nothing for a token further off than 7 days, or with no expiry', async () => {
    const { started, added } = await aliceExpiringIn(30 * DAY);
    await waitForAccount(started.core, added.id, (each) => each.tokenInfo !== null);
    expect(started.notifier.shown.filter((each) => each.title.startsWith('Token'))).toEqual([]);
    expect(started.core.traySummary().count).toBe(0);
  });

  it('keeps the expiry it knew when the server refuses the token after it', async () => {
    const { started, added } = await aliceExpiringIn(1_500);
    const known = await waitForAccount(started.core, added.id, (each) => each.tokenInfo !== null);
    const expiresAt = known.tokenInfo?.expiresAt ?? 0;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now() + 50)));
    await call(started.core, 'refresh', { accountId: added.id });
    const refused = await waitForAccount(
      started.core,
      added.id,
      (each) => each.status === 'unauthorized',
    );
    expect(refused.tokenInfo?.expiresAt).toBe(expiresAt);
    expect(refused.tokenInfo?.expiresAt).toBeLessThan(Date.now());
    // The notification says the badge's words, not "stopped working" (nor "or revoked").
    const told = started.notifier.shown.filter((each) => each.body.includes('paste a new token'));
    expect(told.map((each) => each.title)).toEqual([expiredWords(expiresAt, Date.now())]);
    expect(told[0]?.title).toMatch(/^Token expired on /);
  });
});
