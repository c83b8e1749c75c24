/**
 * The account's status words with token health: a 401 after the token's known expiry says when
 * it expired, instead of "expired or revoked".
 */
import { describe, expect, it } from 'vitest';
import { accountOf, tokenExpiring } from '../../tests/support/state-builders';
import { accountError, accountStatus } from './account-header';

const NOW = Date.UTC(2026, 11, 14, 12);
describe('accountStatus: a refused token', () => {
  it('says the day it expired when the refusal came after its known expiry', () => {
    const account = accountOf('a1', {
      status: 'unauthorized',
      tokenInfo: tokenExpiring(Date.UTC(2026, 11, 12, 9)),
    });
    expect(accountStatus(account, NOW)).toEqual({
      text: 'Token expired on 12 Dec',
      tone: 'danger',
    });
  });

  it('says "expired or revoked" when the token had not expired, or its expiry is not known', () => {
    const before = accountOf('a1', {
      status: 'unauthorized',
      tokenInfo: tokenExpiring(NOW + 60_000),
    });
    expect(accountStatus(before, NOW).text).toBe('Token expired or revoked');
    const unknown = accountOf('a1', { status: 'unauthorized' });
    expect(accountStatus(unknown, NOW).text).toBe('Token expired or revoked');
  });
});

describe('accountError: the error under the header', () => {
  const refusal = {
    code: 'unauthorized' as const,
    message:
      'ff.example.com refused the token: token expired or revoked. Create a new one under User Settings › Security › Tokens.',
  };

  it('says the day it expired, as the badge does, when refused after its known expiry', () => {
    const account = accountOf('a1', {
      status: 'unauthorized',
      tokenInfo: tokenExpiring(Date.UTC(2026, 11, 12, 9)),
      error: refusal,
    });
    const said = accountError(account, refusal, NOW);
    expect(said.message).toBe(
      'Token expired on 12 Dec: flowfuse.example.com refused it. Replace token with a new one.',
    );
    expect(said.message).not.toContain('revoked');
    expect(said.code).toBe('unauthorized');
  });

  it('keeps the server’s words when the token had not expired, or its expiry is not known', () => {
    const before = accountOf('a1', {
      status: 'unauthorized',
      tokenInfo: tokenExpiring(NOW + 60_000),
    });
    expect(accountError(before, refusal, NOW)).toBe(refusal);
    const unknown = accountOf('a1', { status: 'unauthorized' });
    expect(accountError(unknown, refusal, NOW)).toBe(refusal);
  });
});
