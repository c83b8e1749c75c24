import { describe, expect, it } from 'vitest';
import { diffLines, project } from './report';
import { is } from './shape';

describe('contract report', () => {
  it('diffs lines: kept, removed (-) before added (+)', () => {
    expect(diffLines(['{', '"a": 1', '"b": 2', '}'], ['{', '"a": 1', '"b": 3', '}'])).toEqual([
      '  {',
      '  "a": 1',
      '- "b": 2',
      '+ "b": 3',
      '  }',
    ]);
    expect(diffLines([], ['x'])).toEqual(['+ x']);
  });

  it('cuts an answer to the checked keys, naming ids, dates and the server address', () => {
    const names = new Map([['Yyv7EoAMGQ', '<team.alpha>']]);
    const body = {
      count: 1,
      extra: 'dropped',
      teams: [
        {
          id: 'Yyv7EoAMGQ',
          when: '2026-11-23T00:09:40.000Z',
          links: { self: 'http://127.0.0.1:4100/api/v1/teams/Yyv7EoAMGQ' },
          unchecked: true,
        },
      ],
    };
    const shape = {
      count: 1,
      teams: is.arrayWith({ id: is.text(), when: is.isoDate(), links: is.object() }),
    };
    expect(project(body, shape, names)).toEqual({
      count: 1,
      teams: [
        {
          id: '<team.alpha>',
          when: '<date>',
          links: { self: '<origin>/api/v1/teams/<team.alpha>' },
        },
      ],
    });
  });

  it('says which keys came when none of the checked ones did', () => {
    expect(project({ id: 'x', name: 'y' }, { code: 'unauthorized' }, new Map())).toEqual({
      '(other keys)': 'id, name',
    });
  });
});
