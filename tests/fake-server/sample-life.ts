/**
 * What keeps the sample server looking alive for someone trying Teamtray against it: its
 * online devices call home every 30 s, as FlowFuse's device agent does, so they do not all turn
 * offline minutes after the start; and, with `--inbox`, a few notifications as FlowFuse 2.7+
 * serves them. The devices seeded as long gone stay gone.
 */
import type { FakeFlowFuse } from './server';
import type { FakeUser } from './types';

const MINUTE = 60_000;

/** The device agent's own interval. */
const CALL_HOME_EVERY_MS = 30_000;

/** A device seen this recently when the sample starts is one that runs. */
const ONLINE_WITHIN_MS = 5 * MINUTE;

/**
 * From now on, every device seen within the last five minutes calls home every `everyMs`.
 * Returns what stops it.
 */
export function keepDevicesCallingHome(
  fake: FakeFlowFuse,
  everyMs: number = CALL_HOME_EVERY_MS,
): () => void {
  const now = Date.now();
  const online = [...fake.runtime.devices.values()].filter(
    (device) => device.lastSeenAt !== null && now - device.lastSeenAt <= ONLINE_WITHIN_MS,
  );
  const timer = setInterval(() => {
    for (const device of online) fake.heartbeat(device);
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}

/** A few unread notifications and one read, as the sample user's FlowFuse 2.7+ inbox. */
export function addSampleInbox(fake: FakeFlowFuse, user: FakeUser): number {
  const byName = (name: string) =>
    [...fake.runtime.instances.values()].find((instance) => instance.name === name);
  const crashed = byName('line-3-control');
  const safe = byName('field-safe-mode');
  // Oldest first: FlowFuse lists by arrival, newest first.
  const sent = [
    fake.addNotification(user, {
      type: 'team-invite',
      data: { team: { id: 'sample-old', name: 'Acme Archive' }, invitor: { username: 'linus' } },
      read: true,
      msAgo: 2 * 24 * 60 * MINUTE,
    }),
    fake.addNotification(user, {
      type: 'team-invite',
      data: {
        team: { id: 'sample-invite', name: 'Acme Research' },
        invitor: { username: 'grace' },
      },
      msAgo: 3 * 60 * MINUTE,
    }),
    fake.addNotification(user, {
      type: 'instance-safe-mode',
      data: { instance: { id: safe?.id, name: 'field-safe-mode' } },
      msAgo: 50 * MINUTE,
    }),
    fake.addNotification(user, {
      type: 'instance-crashed',
      data: { instance: { id: crashed?.id, name: 'line-3-control' }, meta: { severity: 'error' } },
      msAgo: 4 * MINUTE,
    }),
  ];
  return sent.filter((notification) => !notification.read).length;
}
