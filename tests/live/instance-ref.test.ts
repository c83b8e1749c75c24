import { describe, expect, it } from 'vitest';
import { findInstance } from './instance-ref';

const instances = [
  { id: '1c3d2e4f-0000-4000-8000-000000000001', name: 'line-1' },
  { id: '1c3d2e4f-0000-4000-8000-000000000002', name: 'energy-ui' },
];

describe('the live suite’s instance reference', () => {
  it.each([
    ['line-1', 'line-1'],
    ['  energy-ui ', 'energy-ui'],
    ['Energy-UI', 'energy-ui'],
    ['1c3d2e4f-0000-4000-8000-000000000001', 'line-1'],
  ])('%j names %s', (ref, name) => {
    expect(findInstance(instances, ref)?.name).toBe(name);
  });

  it('names nothing it does not know', () => {
    expect(findInstance(instances, 'line')).toBeNull();
    expect(findInstance([], 'line-1')).toBeNull();
  });
});
