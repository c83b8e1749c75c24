import { describe, expect, it } from 'vitest';
import { TEAM_NAME_MAX_LENGTH, checkTeamName } from './team-name';

describe('checkTeamName', () => {
  it('trims and accepts an ordinary name', () => {
    expect(checkTeamName('  Platform team  ')).toEqual({ ok: true, name: 'Platform team' });
  });

  it('keeps markup as plain text: showing it safely is the renderer’s job', () => {
    expect(checkTeamName('<img src=x onerror=alert(1)>')).toMatchObject({ ok: true });
  });

  it.each([
    ['', 'blank'],
    ['   ', 'blank'],
    ['see https://x', '://'],
    ['two\nlines', 'line breaks'],
    ['tab\there', 'control'],
  ])('refuses %j (%s)', (input, reason) => {
    const result = checkTeamName(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });

  it('counts characters, not UTF-16 units, against the 255 limit', () => {
    expect(checkTeamName('a'.repeat(TEAM_NAME_MAX_LENGTH)).ok).toBe(true);
    expect(checkTeamName('a'.repeat(TEAM_NAME_MAX_LENGTH + 1)).ok).toBe(false);
    // 255 emoji are 510 UTF-16 units but 255 characters.
    expect(checkTeamName('🚀'.repeat(TEAM_NAME_MAX_LENGTH)).ok).toBe(true);
  });
});
