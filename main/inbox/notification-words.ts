/**
 * A notification of a FlowFuse inbox as the model keeps it: one line and a second in Teamtray's
 * words, made from the notification's data (names are server text: the renderer shows them as
 * text only), and the FlowFuse page it opens. The words follow FlowFuse's own drawer
 * (frontend/src/components/notifications); a type Teamtray does not know shows the title and
 * words the platform sent, or its type in words.
 */
import type { InboxNotification, InboxTarget } from '../../common/state';
import type { ApiNotification } from '../flowfuse/types';

type Words = Pick<InboxNotification, 'title' | 'text'>;

const named = (name: string | null | undefined, fallback: string): string =>
  name === null || name === undefined || name.trim() === '' ? fallback : name;

/** A known type's words, from what its data names. */
const KNOWN: Readonly<Record<string, ((n: ApiNotification) => Words) | undefined>> = {
  'instance-crashed': (n) => ({
    title: `${named(n.instance?.name, 'An instance')} crashed`,
    text: 'Node-RED instance',
  }),
  'instance-safe-mode': (n) => ({
    title: `${named(n.instance?.name, 'An instance')} is in safe mode`,
    text: 'Node-RED instance',
  }),
  'instance-resource-cpu': (n) => ({
    title: `${named(n.instance?.name, 'An instance')} is short of CPU`,
    text: 'Over 75% of its CPU limit for 5 minutes',
  }),
  'instance-resource-memory': (n) => ({
    title: `${named(n.instance?.name, 'An instance')} is short of memory`,
    text: 'Over 75% of its memory limit for 5 minutes',
  }),
  'device-crashed': (n) => ({
    title: `${named(n.device?.name, 'A device')} crashed`,
    text: 'Device',
  }),
  'device-safe-mode': (n) => ({
    title: `${named(n.device?.name, 'A device')} is in safe mode`,
    text: 'Device',
  }),
  'team-invite': (n) => ({
    title: `Invitation to join ${named(n.team?.name, 'a team')}`,
    text: n.invitor === null ? 'Team invitation' : `From ${n.invitor}`,
  }),
  'team-invite-accepted-invitor': (n) => ({
    title: `${named(n.invitee, 'Someone')} joined ${named(n.team?.name, 'your team')}`,
    text: 'Accepted your invitation',
  }),
  'team-trial-suspended': (n) => ({
    title: `The trial of ${named(n.team?.name, 'a team')} has ended`,
    text: 'Choose a plan to keep using the team',
  }),
};

/** `some-new-type` as "Some new type". */
function typeInWords(type: string): string {
  const words = type.replace(/[-_]+/g, ' ').trim();
  return words === '' ? 'Notification' : words.charAt(0).toUpperCase() + words.slice(1);
}

/** FlowFuse renders a platform message as HTML; Teamtray keeps its words only. */
function plainText(message: string): string {
  return message
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The page a notification opens: only ids and slugs go into it, never an address it sent. */
function targetOf(n: ApiNotification): InboxTarget {
  if (n.type.startsWith('instance-') && n.instance?.id)
    return { kind: 'instance', id: n.instance.id };
  if (n.type.startsWith('device-') && n.device?.id) return { kind: 'device', id: n.device.id };
  if (n.type === 'team-invite') return { kind: 'invitations' };
  if (n.type === 'team-invite-accepted-invitor' && n.teamSlug !== null) {
    return { kind: 'team', slug: n.teamSlug, page: 'members' };
  }
  if (n.type === 'team-trial-suspended' && n.teamSlug !== null) {
    return { kind: 'team', slug: n.teamSlug, page: 'billing' };
  }
  // FlowFuse's drawer opens any notification about an instance on the instance's page.
  if (n.instance?.id) return { kind: 'instance', id: n.instance.id };
  return { kind: 'home' };
}

export function inboxNotificationOf(n: ApiNotification): InboxNotification {
  const words = KNOWN[n.type]?.(n) ?? {
    title: named(n.title, typeInWords(n.type)),
    text: n.message === null ? '' : plainText(n.message),
  };
  return { id: n.id, type: n.type, at: n.at, read: n.read, ...words, target: targetOf(n) };
}
