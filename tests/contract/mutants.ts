/**
 * Deliberately wrong fakes: each changes one rule the contract pins down, the way a careless
 * edit of the fake server would. mutants.test.ts proves the contract notices every one.
 */
import type { FakeFlowFuse } from '../fake-server';

export interface Mutant {
  readonly name: string;
  readonly apply: (fake: FakeFlowFuse) => void;
  /** Cases that must fail against this fake (others may fail too). */
  readonly breaks: readonly string[];
}

export const MUTANTS: readonly Mutant[] = [
  {
    name: 'a device says no mode',
    apply: (fake) => {
      for (const device of fake.runtime.devices.values()) {
        (device as { mode?: string }).mode = '';
      }
    },
    breaks: ['devices/mode'],
  },
  {
    name: 'a refused rename answers 404 instead of 403',
    apply: (fake) => {
      const rename = fake.state.renameTeam.bind(fake.state);
      fake.state.renameTeam = (auth, teamId, name) => {
        const outcome = rename(auth, teamId, name);
        return outcome.kind === 'forbidden' ? { kind: 'not_found' } : outcome;
      };
    },
    breaks: ['rename/member-403', 'rename/viewer-403'],
  },
  {
    name: 'a device outside your teams answers 404 instead of 403',
    apply: (fake) => {
      fake.addFault(
        { kind: 'json', status: 404, body: { code: 'not_found', error: 'Not Found' } },
        { path: /^\/api\/v1\/devices\/[^/]+$/ },
      );
    },
    breaks: ['devices/one-outsider-403'],
  },
  {
    name: 'every member counts as an owner',
    apply: (fake) => {
      const roleOf = fake.state.roleOf.bind(fake.state);
      fake.state.roleOf = (teamId, userId) => (roleOf(teamId, userId) === null ? null : 50);
    },
    breaks: ['actions/member-403', 'actions/viewer-403', 'rename/member-403'],
  },
  {
    name: 'start from suspended skips `starting`',
    apply: (fake) => {
      const act = fake.runtime.act.bind(fake.runtime);
      fake.runtime.act = (instance, action) => {
        if (action !== 'start' || instance.state !== 'suspended') return act(instance, action);
        fake.runtime.setInstanceState(instance.id, 'running');
        return { kind: 'ok' };
      };
    },
    breaks: ['actions/start-from-suspended'],
  },
  {
    name: 'a suspended instance can be stopped',
    apply: (fake) => {
      const act = fake.runtime.act.bind(fake.runtime);
      fake.runtime.act = (instance, action) => {
        if (action !== 'stop' || instance.state !== 'suspended') return act(instance, action);
        fake.runtime.setInstanceState(instance.id, 'stopped');
        return { kind: 'ok' };
      };
    },
    breaks: ['actions/suspended-refuses-the-rest'],
  },
  {
    name: 'device pages never give a cursor',
    apply: (fake) => {
      const page = fake.runtime.devicePage.bind(fake.runtime);
      fake.runtime.devicePage = (teamId, limit, cursor) => ({
        ...page(teamId, limit, cursor),
        nextCursor: null,
      });
    },
    breaks: ['devices/pages'],
  },
  {
    name: 'an expired token is refused but kept',
    apply: (fake) => {
      const authenticate = fake.state.authenticate.bind(fake.state);
      fake.state.authenticate = (header) => {
        const value = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
        const token = value === undefined ? undefined : fake.state.tokens.get(value);
        if (token?.expiresAt != null && token.expiresAt <= Date.now()) return { ok: false };
        return authenticate(header);
      };
    },
    breaks: ['session/expired-token'],
  },
  {
    name: 'the server honours `?includeMeta=true` as 2.19 does, while saying it is 2.4.0',
    apply: (fake) => {
      fake.addFault(
        {
          kind: 'json',
          status: 200,
          body: { count: 1, projects: [{ id: 'x', meta: { state: 'running' } }] },
        },
        { path: /\/projects$/ },
      );
    },
    breaks: ['detect/include-meta-ignored'],
  },
  {
    name: 'an instance’s log comes newest first',
    apply: (fake) => {
      const page = fake.runtime.activity.logPage.bind(fake.runtime.activity);
      fake.runtime.activity.logPage = (instanceId, limit, cursor) => {
        const answer = page(instanceId, limit, cursor);
        return { ...answer, log: [...answer.log].reverse() };
      };
    },
    breaks: ['logs/pages'],
  },
  {
    name: 'the audit log comes oldest first',
    apply: (fake) => {
      const audit = fake.runtime.activity.auditOf.bind(fake.runtime.activity);
      fake.runtime.activity.auditOf = (instanceId) => [...audit(instanceId)].reverse();
    },
    breaks: ['audit/stopped-by', 'audit/suspended-by', 'audit/start-failed', 'audit/pages'],
  },
];
