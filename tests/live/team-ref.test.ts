import { describe, expect, it } from 'vitest';
import { findTeam, teamRefOf } from './team-ref';

const teams = [
  { id: 'Jv0g2Wd6Bl', slug: 'acme', name: 'Acme' },
  { id: 'x1', slug: 'field-eng', name: 'Field Engineering' },
];

describe('the live suite’s team reference', () => {
  it.each([
    ['Jv0g2Wd6Bl', 'Jv0g2Wd6Bl'],
    ['  field-eng ', 'x1'],
    ['https://app.flowfuse.com/team/field-eng/applications', 'x1'],
    ['app.flowfuse.com/team/acme', 'Jv0g2Wd6Bl'],
  ])('%j names %s', (ref, id) => {
    expect(findTeam(teams, ref)?.id).toBe(id);
  });

  it('names nothing it does not know', () => {
    expect(findTeam(teams, 'nope')).toBeNull();
    expect(teamRefOf('https://x/team/a%20b')).toBe('a b');
  });
});
