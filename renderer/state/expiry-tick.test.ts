import { describe, expect, it } from 'vitest';
import { tokenExpiring } from '../../tests/support/state-builders';
import { nextExpiryWithin } from './expiry-tick';

const NOW = 1_800_000_000_000;

describe('nextExpiryWithin', () => {
  it('gives the first expiry after now within the span, whatever the order', () => {
    const accounts = [
      { tokenInfo: tokenExpiring(NOW + 20_000) },
      { tokenInfo: null },
      { tokenInfo: tokenExpiring(NOW + 5_000) },
      { tokenInfo: tokenExpiring(null) },
    ];
    expect(nextExpiryWithin(accounts, NOW, 30_000)).toBe(NOW + 5_000);
  });

  it('leaves out expiries already passed, at now, and past the span', () => {
    const accounts = [
      { tokenInfo: tokenExpiring(NOW - 1) },
      { tokenInfo: tokenExpiring(NOW) },
      { tokenInfo: tokenExpiring(NOW + 30_001) },
    ];
    expect(nextExpiryWithin(accounts, NOW, 30_000)).toBeNull();
    expect(nextExpiryWithin(accounts, NOW, 30_001)).toBe(NOW + 30_001);
  });
});
