/**
 * The store's clock: every 30 s, and once more at a token's known expiry between two ticks
 * (expiry-tick.ts), so an account refused just after its expiry says "Token expired on …" at
 * once (account-header.ts reads `store.now`), not "Token expired or revoked".
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenExpiry } from '../../common/token-health';
import { tokenExpiring } from '../../tests/support/state-builders';
import { account, stateWith } from '../../tests/support/renderer-data';
import { testMain } from '../../tests/support/renderer-main';
import { Store } from './store';

const NOW = 1_800_000_000_000;

let store: Store | null = null;
beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  store?.dispose();
  store = null;
  vi.useRealTimers();
});

describe("the store's clock", () => {
  it('ticks at a known expiry that falls between two ticks', async () => {
    const expiresAt = NOW + 12_000;
    const main = testMain(
      stateWith([account('a', ['Acme'], { tokenInfo: tokenExpiring(expiresAt) })]),
    );
    store = new Store();
    await store.connect(main.api);
    await vi.advanceTimersByTimeAsync(11_000);
    expect(tokenExpiry(tokenExpiring(expiresAt), store.now).kind).toBe('soon');
    await vi.advanceTimersByTimeAsync(1_001);
    expect(store.now).toBeGreaterThanOrEqual(expiresAt);
    expect(tokenExpiry(tokenExpiring(expiresAt), store.now).kind).toBe('expired');
  });

  it('ticks every 30 s when no expiry is near', async () => {
    const main = testMain(
      stateWith([account('a', ['Acme'], { tokenInfo: tokenExpiring(NOW + 3_600_000) })]),
    );
    store = new Store();
    await store.connect(main.api);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(store.now).toBe(NOW);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.now).toBe(NOW + 30_000);
  });
});
