import { describe, expect, it } from 'vitest';
import { renameBlockedReason } from './rename-rule';
import type { TeamRow } from './rows';
import { account, team } from './test-data';

function row(extra: Parameters<typeof team>[3]): TeamRow {
  const owner = account('a', []);
  const view = team('a', 't1', 'Acme', extra);
  return {
    kind: 'team',
    key: 'a/t1',
    account: owner,
    team: view,
    name: view.name,
    pending: false,
    error: null,
  };
}

describe('renameBlockedReason', () => {
  it('is null when the user may rename', () => {
    expect(renameBlockedReason(row({ canRename: true }))).toBeNull();
  });

  it("gives main's reason when the user may not", () => {
    const reason = 'Only team owners can rename a team.';
    expect(renameBlockedReason(row({ canRename: false, renameBlockedReason: reason }))).toBe(
      reason,
    );
  });

  it('still says something when main gave no reason', () => {
    expect(renameBlockedReason(row({ canRename: false, renameBlockedReason: null }))).toBe(
      'You cannot rename this team.',
    );
  });
});
