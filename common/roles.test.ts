import { describe, expect, it } from 'vitest';
import { renamePermission, ROLE, roleBadge, roleInSentence } from './roles';

describe('roles', () => {
  it('lets owners rename, and a missing role try (the server has the last word)', () => {
    expect(renamePermission(ROLE.owner)).toEqual({ allowed: true });
    expect(renamePermission(null)).toEqual({ allowed: true });
  });

  it('says why each other role may not rename', () => {
    expect(renamePermission(ROLE.member)).toEqual({
      allowed: false,
      reason: 'Only team owners can rename a team; you are a member here.',
    });
    expect(renamePermission(ROLE.dashboard)).toMatchObject({
      reason: expect.stringContaining('you are a dashboard user here') as string,
    });
    expect(renamePermission(20)).toMatchObject({ allowed: false });
  });

  it('names each role for a badge and for a sentence, and an unknown one by number', () => {
    expect([ROLE.owner, ROLE.member, ROLE.viewer, ROLE.dashboard].map(roleBadge)).toEqual([
      'Owner',
      'Member',
      'Viewer',
      'Dashboard',
    ]);
    expect(roleBadge(null)).toBeNull();
    expect(roleBadge(20)).toBe('Role 20');
    expect(roleInSentence(20)).toBe('role 20');
  });
});
