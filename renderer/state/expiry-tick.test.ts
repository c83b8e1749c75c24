import { describe, expect, it } from 'vitest';
import type { TokenInfo } from '../../common/token-health';
import { nextExpiryWithin } from './expiry-tick';

const NOW = 1_800_000_000_000;
const token = (expiresAt: number | null): TokenInfo => ({
  id: 'tok',
  name: 'laptop',
  createdAt: null,
  expiresAt,
  readOnly: null,
  teams: null,
});

describe('nextExpiryWithin', () => {
  it('gives the first expiry after now within the span, whatever the order', () => {
    const accounts = [
      { tokenInfo: token(NOW + 20_000) },
      { tokenInfo: null },
      { tokenInfo: token(NOW + 5_000) },
      { tokenInfo: token(null) },
    ];
    expect(nextExpiryWithin(accounts, NOW, 30_000)).toBe(NOW + 5_000);
  });

  it('leaves out expiries already passed, at now, and past the span', () => {
    const accounts = [
      { tokenInfo: token(NOW - 1) },
      { tokenInfo: token(NOW) },
      { tokenInfo: token(NOW + 30_001) },
    ];
    expect(nextExpiryWithin(accounts, NOW, 30_000)).toBeNull();
    expect(nextExpiryWithin(accounts, NOW, 30_001)).toBe(NOW + 30_001);
  });
});
