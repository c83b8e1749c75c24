import { describe, expect, it } from 'vitest';
import { formatPaths, requestShape } from './node-figures';

describe('requestShape', () => {
  it('keeps the method and path, drops the query and turns ids into :id', () => {
    expect(requestShape('GET', '/api/v1/user/teams')).toBe('GET /api/v1/user/teams');
    expect(requestShape('GET', '/api/v1/teams/9OQ0rkf8Gx/devices?cursor=abc')).toBe(
      'GET /api/v1/teams/:id/devices',
    );
  });
});

describe('formatPaths', () => {
  it('lists the most frequent request first', () => {
    const paths = new Map([
      ['GET /api/json', 1],
      ['GET /api/v1/user/teams', 10],
    ]);
    expect(formatPaths(paths)).toBe('GET /api/v1/user/teams ×10, GET /api/json ×1');
  });
});
