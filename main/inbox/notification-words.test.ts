/** A notification's words and page, from what its data names (and without what it lacks). */
import { describe, expect, it } from 'vitest';
import type { ApiNotification } from '../flowfuse/types';
import { inboxNotificationOf } from './notification-words';

function api(type: string, more: Partial<ApiNotification> = {}): ApiNotification {
  return {
    id: 'n1',
    type,
    at: 1_000,
    read: false,
    instance: null,
    device: null,
    team: null,
    severity: null,
    invitor: null,
    invitee: null,
    teamSlug: null,
    title: null,
    message: null,
    ...more,
  };
}

describe('inboxNotificationOf', () => {
  it('a crashed instance: its name, and its page by id', () => {
    expect(
      inboxNotificationOf(api('instance-crashed', { instance: { id: 'i9', name: 'line-3' } })),
    ).toEqual({
      id: 'n1',
      type: 'instance-crashed',
      at: 1_000,
      read: false,
      title: 'line-3 crashed',
      text: 'Node-RED instance',
      target: { kind: 'instance', id: 'i9' },
    });
    expect(
      inboxNotificationOf(api('instance-safe-mode', { instance: { id: 'i9', name: 'line-3' } })),
    ).toMatchObject({ title: 'line-3 is in safe mode', target: { kind: 'instance', id: 'i9' } });
  });

  it('a crashed device opens the device', () => {
    expect(
      inboxNotificationOf(api('device-crashed', { device: { id: 'd1', name: 'pi-7' } })),
    ).toMatchObject({
      title: 'pi-7 crashed',
      text: 'Device',
      target: { kind: 'device', id: 'd1' },
    });
  });

  it('an invitation names its team and sender, and opens the invitations', () => {
    expect(
      inboxNotificationOf(api('team-invite', { team: { id: 'T', name: 'Plant' }, invitor: 'bob' })),
    ).toMatchObject({
      title: 'Invitation to join Plant',
      text: 'From bob',
      target: { kind: 'invitations' },
    });
  });

  it('an accepted invitation opens the team’s members, an ended trial its billing, by slug', () => {
    expect(
      inboxNotificationOf(
        api('team-invite-accepted-invitor', {
          team: { id: 'T', name: 'Plant' },
          teamSlug: 'plant',
          invitee: 'carol',
        }),
      ),
    ).toMatchObject({
      title: 'carol joined Plant',
      target: { kind: 'team', slug: 'plant', page: 'members' },
    });
    expect(
      inboxNotificationOf(
        api('team-trial-suspended', { team: { id: 'T', name: 'P' }, teamSlug: 'p' }),
      ),
    ).toMatchObject({ target: { kind: 'team', slug: 'p', page: 'billing' } });
  });

  it('says something when the data names nothing, and opens FlowFuse’s home', () => {
    expect(inboxNotificationOf(api('instance-crashed'))).toMatchObject({
      title: 'An instance crashed',
      target: { kind: 'home' },
    });
    expect(inboxNotificationOf(api('team-invite-accepted-invitor'))).toMatchObject({
      title: 'Someone joined your team',
      target: { kind: 'home' },
    });
  });

  it('a type it does not know: the platform’s title and words, markup dropped, or its type', () => {
    expect(
      inboxNotificationOf(
        api('announcement', { title: 'Maintenance', message: 'Down at <b>noon</b>\n today' }),
      ),
    ).toMatchObject({ title: 'Maintenance', text: 'Down at noon today', target: { kind: 'home' } });
    expect(inboxNotificationOf(api('some-new_thing'))).toMatchObject({
      title: 'Some new thing',
      text: '',
    });
  });
});
