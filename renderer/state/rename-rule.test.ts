import { describe, expect, it } from 'vitest';
import { renameBlockedReason } from './rename-rule';
import type { TeamRow } from './rows';
import { account, team } from '../../tests/support/renderer-data';

function row(extra: Parameters<typeof team>[2], pending = false): TeamRow {
  const owner = account('a', []);
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
});
