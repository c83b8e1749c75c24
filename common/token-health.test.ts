import { describe, expect, it } from 'vitest';
import {
  expiredWords,
  expiresInWords,
  tokenExpiry,
  tokenLimit,
  tokenMayWrite,
  withTokenScope,
} from './token-health';

const NOW = Date.UTC(2026, 11, 5, 12);
const DAY = 24 * 60 * 60 * 1000;
const token = (more: object = {}) => ({
  id: 'k1',
  name: 'laptop',
  createdAt: null,
  expiresAt: null,
  readOnly: null,
  teams: null,
  ...more,
});

describe('token health: what an expiry means now', () => {
  it('is fine with no expiry, unknown token, or more than 7 days left', () => {
    expect(tokenExpiry(null, NOW)).toEqual({ kind: 'fine' });
    expect(tokenExpiry(token(), NOW)).toEqual({ kind: 'fine' });
    expect(tokenExpiry(token({ expiresAt: NOW + 7 * DAY + 1 }), NOW)).toEqual({ kind: 'fine' });
  });

  it('warns at 7 days, then at the last day, in whole days left', () => {
    expect(tokenExpiry(token({ expiresAt: NOW + 7 * DAY }), NOW)).toEqual({
      kind: 'soon',
      threshold: 7,
      days: 7,
    });
    expect(tokenExpiry(token({ expiresAt: NOW + 2.5 * DAY }), NOW)).toEqual({
      kind: 'soon',
      threshold: 7,
      days: 3,
    });
    expect(tokenExpiry(token({ expiresAt: NOW + DAY }), NOW)).toEqual({
      kind: 'soon',
      threshold: 1,
      days: 1,
    });
    expect(tokenExpiry(token({ expiresAt: NOW + 60_000 }), NOW)).toEqual({
      kind: 'soon',
      threshold: 1,
      days: 1,
    });
    expect(tokenExpiry(token({ expiresAt: NOW }), NOW)).toEqual({ kind: 'expired', at: NOW });
  });

  it('says it in words', () => {
    expect(expiresInWords(3)).toBe('Token expires in 3 days');
    expect(expiresInWords(1)).toBe('Token expires within a day');
    expect(expiredWords(Date.UTC(2026, 11, 12, 12), NOW)).toBe('Token expired on 12 Dec');
    expect(expiredWords(Date.UTC(2025, 11, 12, 12), NOW)).toBe('Token expired on 12 Dec 2025');
  });

  it('says what a read-only or team-limited token may not do (FlowFuse 2.32+)', () => {
    expect(tokenLimit(token())).toBeNull();
    expect(tokenLimit(token({ readOnly: true }))).toBe('This token is read-only');
    const limited = token({ teams: [{ id: 't1', name: 'Plant' }] });
    expect(tokenLimit(limited)).toBe('This token is limited to Plant');
    expect(tokenMayWrite(limited, 't1')).toBe(true);
    expect(tokenMayWrite(limited, 't2')).toBe(false);
    expect(tokenMayWrite(token({ readOnly: true }), 't1')).toBe(false);
    expect(tokenMayWrite(null, 't1')).toBe(true);
  });

  it('narrows a role’s permission by the token, with its words', () => {
    const owner = { allowed: true } as const;
    const member = { allowed: false, reason: 'Only team owners can do that' } as const;
    const limited = token({ teams: [{ id: 't1', name: 'Plant' }] });
    expect(withTokenScope(owner, token({ readOnly: true }), 't1')).toEqual({
      allowed: false,
      reason: 'This token is read-only',
    });
    expect(withTokenScope(owner, limited, 't2')).toEqual({
      allowed: false,
      reason: 'This token is limited to other teams',
    });
    expect(withTokenScope(owner, limited, 't1')).toEqual(owner);
    expect(withTokenScope(member, token({ readOnly: true }), 't1')).toEqual(member);
    expect(withTokenScope(owner, null, 't1')).toEqual(owner);
  });
});
