import { describe, expect, it } from 'vitest';
import { buildRows, indexInstances, teamKey } from './rows';
import { instance } from './test-data';

const none = {
  query: '',
  pendingNames: new Map<string, string>(),
  errors: new Map<string, string>(),
};

describe('buildRows', () => {
  const index = indexInstances([
    instance('a', ['Acme Robotics', 'Factory Floor']),
    instance('b', ['Acme (staging)']),
    instance('c', []),
  ]);

  it('puts a header before each instance and a note under an empty one', () => {
    const kinds = buildRows(index, none).map((row) => row.kind);
    expect(kinds).toEqual(['instance', 'team', 'team', 'instance', 'team', 'instance', 'note']);
  });

  it('searches names and slugs on every instance, case-insensitively, and drops empty sections', () => {
    const rows = buildRows(index, { ...none, query: '  ACME ' });
    expect(rows.map((row) => (row.kind === 'team' ? row.name : row.kind))).toEqual([
      'instance',
      'Acme Robotics',
      'instance',
      'Acme (staging)',
    ]);
    expect(buildRows(index, { ...none, query: 'factory-floor' })).toHaveLength(2);
    expect(buildRows(index, { ...none, query: 'nothing like it' })).toEqual([]);
  });

  it('shows the optimistic name and the last error of a team', () => {
    const key = teamKey('a', 't0');
    const rows = buildRows(index, {
      query: '',
      pendingNames: new Map([[key, 'Renamed']]),
      errors: new Map([[teamKey('a', 't1'), 'nope']]),
    });
    const [, first, second] = rows;
    expect(first).toMatchObject({ kind: 'team', name: 'Renamed', pending: true });
    expect(second).toMatchObject({ kind: 'team', name: 'Factory Floor', error: 'nope' });
  });

  it('does not repeat an error the header already shows', () => {
    const broken = instance('d', [], {
      status: 'unauthorized',
      error: { code: 'unauthorized', message: 'refused' },
    });
    expect(buildRows(indexInstances([broken]), none).map((row) => row.kind)).toEqual(['instance']);
  });

  it('builds 2,000 rows and filters them well inside a frame', () => {
    const many = indexInstances(
      Array.from({ length: 10 }, (_, i) =>
        instance(
          `i${i}`,
          Array.from({ length: 200 }, (_, j) => `Team ${i}-${j}`),
        ),
      ),
    );
    const start = performance.now();
    for (let i = 0; i < 20; i += 1) buildRows(many, { ...none, query: `team ${i % 10}-1` });
    expect((performance.now() - start) / 20).toBeLessThan(8);
  });
});
