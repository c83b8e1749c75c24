import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  describeIssues,
  looksLikeFlowFuse,
  openApiSchema,
  teamSchema,
  userSchema,
} from './schemas';

const team = {
  id: 'Ybg4KwMRDm',
  name: 'Acme',
  slug: 'acme',
  avatar: '//www.gravatar.com/avatar/abc',
  type: { id: 't', name: 'Starter' },
  role: 50,
  instanceCount: 1,
  memberCount: 2,
  deviceCount: 3,
};

describe('teamSchema', () => {
  it('keeps what we use and drops the rest, whatever extra fields arrive', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((key) => !(key in team) && key !== '__proto__'),
          fc.jsonValue(),
        ),
        (extra) => {
          const result = v.safeParse(teamSchema, { ...extra, ...team });
          expect(result.success).toBe(true);
          if (result.success) expect(result.output).toEqual(team);
        },
      ),
    );
  });

  it.each(['id', 'name', 'slug'])('refuses a team without %s and says which field', (field) => {
    const broken = Object.fromEntries(Object.entries(team).filter(([key]) => key !== field));
    const result = v.safeParse(teamSchema, broken);
    expect(result.success).toBe(false);
    if (!result.success) expect(describeIssues(result.issues)).toContain(`"${field}"`);
  });

  it('refuses a name that is not a string', () => {
    expect(v.safeParse(teamSchema, { ...team, name: 42 }).success).toBe(false);
  });

  it('reads a slug up to the 255 characters FlowFuse stores, and no longer', () => {
    expect(v.safeParse(teamSchema, { ...team, slug: 's'.repeat(255) }).success).toBe(true);
    expect(v.safeParse(teamSchema, { ...team, slug: 's'.repeat(256) }).success).toBe(false);
  });

  it('reads odd optional fields as null', () => {
    const result = v.parse(teamSchema, {
      ...team,
      role: '50',
      type: 'Starter',
      instanceCount: -1,
      avatar: null,
    });
    expect(result).toMatchObject({
      role: null,
      type: null,
      instanceCount: null,
      avatar: null,
    });
  });
});

describe('userSchema', () => {
  it('accepts FlowFuse’s user and a null name', () => {
    expect(v.parse(userSchema, { id: 'u', username: 'ada', name: null, admin: true })).toEqual({
      id: 'u',
      username: 'ada',
      name: null,
    });
  });
});

describe('looksLikeFlowFuse', () => {
  const doc = (title: string, paths: Record<string, unknown>) =>
    v.parse(openApiSchema, { openapi: '3.0.3', info: { title, version: '1' }, paths });

  it.each([
    [doc('FlowFuse Platform API', {}), true],
    [doc('FlowForge Platform API', {}), true],
    [doc('Something', { '/api/v1/user/teams': {} }), true],
    [doc('Pet Store', { '/pets': {} }), false],
  ])('%#', (value, expected) => {
    expect(looksLikeFlowFuse(value)).toBe(expected);
  });

  it('refuses Swagger 2 and non-objects', () => {
    expect(v.safeParse(openApiSchema, { swagger: '2.0', info: {} }).success).toBe(false);
    expect(v.safeParse(openApiSchema, '<html>').success).toBe(false);
  });
});
