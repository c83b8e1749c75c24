/** Each page a notification opens, from the saved origin; ids and slugs cannot leave their place. */
import { describe, expect, it } from 'vitest';
import { asOrigin } from '../../common/brand';
import { notificationPageUrl } from './notification-page';

const origin = asOrigin('https://ff.example.com');

describe('notificationPageUrl', () => {
  it('builds FlowFuse’s page for each target', () => {
    expect(notificationPageUrl(origin, { kind: 'instance', id: 'abc-1' })).toBe(
      'https://ff.example.com/instance/abc-1/overview',
    );
    expect(notificationPageUrl(origin, { kind: 'device', id: 'D1' })).toBe(
      'https://ff.example.com/device/D1/overview',
    );
    expect(notificationPageUrl(origin, { kind: 'invitations' })).toBe(
      'https://ff.example.com/account/teams/invitations',
    );
    expect(notificationPageUrl(origin, { kind: 'team', slug: 'plant', page: 'members' })).toBe(
      'https://ff.example.com/team/plant/members',
    );
    expect(notificationPageUrl(origin, { kind: 'team', slug: 'plant', page: 'billing' })).toBe(
      'https://ff.example.com/team/plant/billing',
    );
    expect(notificationPageUrl(origin, { kind: 'home' })).toBe('https://ff.example.com/');
  });

  it('keeps an odd id or slug inside its path segment', () => {
    const url = new URL(notificationPageUrl(origin, { kind: 'instance', id: '../../x?y#z' }));
    expect(url.origin).toBe('https://ff.example.com');
    expect(url.pathname).toBe('/instance/..%2F..%2Fx%3Fy%23z/overview');
    const team = new URL(
      notificationPageUrl(origin, { kind: 'team', slug: '//evil.example', page: 'members' }),
    );
    expect(team.host).toBe('ff.example.com');
  });
});
