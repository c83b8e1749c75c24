import { describe, expect, it } from 'vitest';
import { renameBlockedReason } from './rename-rule';
import type { TeamRow } from './rows';
import type { TokenInfo } from '../../common/token-health';
import { account, team } from '../../tests/support/renderer-data';

function row(
  extra: Parameters<typeof team>[2],
  pending = false,
  tokenInfo: TokenInfo | null = null,
): TeamRow {
  const owner = { ...account('a', []), tokenInfo };
  const view = team('t1', 'Acme', extra);
  return {
    kind: 'team',
    key: 'a/t1',
    account: owner,
    team: view,
    name: view.name,
    pending,
    error: null,
    open: false,
    expanded: false,
  };
}

describe('renameBlockedReason', () => {
  it('is null for an owner, and for a role the server did not send (it may try)', () => {
    expect(renameBlockedReason(row({ role: 50 }))).toBeNull();
    expect(renameBlockedReason(row({ role: null }))).toBeNull();
  });

  it('says why for every other role', () => {
    expect(renameBlockedReason(row({ role: 30 }))).toBe(
      'Only team owners can rename a team; you are a member here.',
    );
    expect(renameBlockedReason(row({ role: 5 }))).toContain('dashboard user');
  });

  it('waits while a rename of the team is on its way (main would refuse a second one)', () => {
    expect(renameBlockedReason(row({ role: 50 }, true))).toBe(
      'The new name is still being saved; try again in a moment.',
    );
  });

  it('says why a read-only or team-limited token may not rename (FlowFuse 2.32+)', () => {
    const token = (scope: Partial<TokenInfo>): TokenInfo => ({
      id: 'tok',
      name: 'laptop',
      createdAt: null,
      expiresAt: null,
      readOnly: false,
      teams: null,
      ...scope,
    });
    expect(renameBlockedReason(row({ role: 50 }, false, token({ readOnly: true })))).toBe(
      'This token is read-only',
    );
    const labOnly = token({ teams: [{ id: 't9', name: 'Lab' }] });
    expect(renameBlockedReason(row({ role: 50 }, false, labOnly))).toBe(
      'This token is limited to other teams',
    );
    const acmeOnly = token({ teams: [{ id: 't1', name: 'Acme' }] });
    expect(renameBlockedReason(row({ role: 50 }, false, acmeOnly))).toBeNull();
    // The role's reason first: a member with a read-only token hears about the role.
    expect(renameBlockedReason(row({ role: 30 }, false, token({ readOnly: true })))).toContain(
      'Only team owners',
    );
  });
});
