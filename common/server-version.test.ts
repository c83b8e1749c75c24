import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { coerceVersion, compareVersion } from './server-version';

describe('a server version against the one a route came with', () => {
  it('reads the first version in the text, as semver.coerce does', () => {
    for (const text of [
      '2.4.0',
      'v2.33.1-beta.2',
      'FlowFuse 2.2',
      '3',
      '2.10.7+build',
      'x1.2.3y',
    ]) {
      const coerced = semver.coerce(text);
      expect(coerceVersion(text), text).toEqual(
        coerced === null ? null : [coerced.major, coerced.minor, coerced.patch],
      );
    }
    expect(coerceVersion('unknown')).toBeNull();
  });

  it('orders versions part by part, numbers not text (2.10 is after 2.9)', () => {
    expect(compareVersion('2.10.0', '2.9.0')).toBeGreaterThan(0);
    expect(compareVersion('2.1.9', '2.2.0')).toBeLessThan(0);
    expect(compareVersion('2.2', '2.2.0')).toBe(0);
    expect(compareVersion('2.4.0', '2.2.0')).toBeGreaterThan(0);
    expect(compareVersion('dev', '2.2.0')).toBeNull();
  });
});
