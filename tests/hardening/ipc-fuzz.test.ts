/**
 * IPC fuzzing: thousands of generated payloads at every channel of the contract (and at method
 * names that are not in it), through the real core's dispatch, with a fake FlowFuse behind it.
 * Payloads go through structuredClone first, as Electron's IPC does.
 *
 * For every run: dispatch resolves to a Result (never throws, never `internal`); a payload that
 * is invalid by construction is refused with `invalid_request` and changes nothing; the error
 * crosses as exactly `{code, message}`; Object.prototype is not polluted; and no response or
 * pushed event carries a token. Then: global shortcuts in every spelling Electron folds into one
 * flag (Meta+V, Control+CommandOrControl+C…) are refused, and bursts of every limited call (probes,
 * pages, refreshes) against a core with the app's own limits stay within them. Over 10,000 calls.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_LINKS } from '../../common/about';
import { CALL_LIMITS } from '../../main/ipc/call-limits';
import { changesModel, contract, methods, type Method } from '../../common/contract';
import { ERROR_CODES, type Result } from '../../common/errors';
import type { SavedAccountRef } from '../../common/contract';
import { hasUnsafeShape } from '../../main/ipc/dispatch';
import { seedUser, startFakeFlowFuse, type FakeFlowFuse, type SeededUser } from '../fake-server';
import { startTestCore, type TestCore } from '../support/test-core';
import { ok, settingsPath, waitForAccount } from './harness';

const RUNS_PER_CHANNEL = 400;
const RUNS_UNKNOWN_METHODS = 300;
const RUNS_SHORTCUTS = 1_000;
const RUNS_BURSTS = 80;
const MIN_CALLS = 10_000;
const FLOWFUSE_TOKEN = /ffpat_[A-Za-z0-9_-]{20,}/;

let fake: FakeFlowFuse;
let alice: SeededUser;
let tc: TestCore;
let accountId: string;
let teamIds: string[];
/** URLs the core tried to fetch that were not the fake server (answered as an unknown host). */
const elsewhere: string[] = [];
const events: string[] = [];
let runs = 0;
/** How the calls ended: `ok` or the error code, over every channel. */
const outcomes = new Map<string, number>();
/** Counts how a call ended. */
function note(result: Result<unknown>): void {
  const outcome = result.ok ? 'ok' : result.error.code;
  outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
}
const protoNames = {
  object: Object.getOwnPropertyNames(Object.prototype).sort(),
  array: Object.getOwnPropertyNames(Array.prototype).sort(),
};

/** Only the fake server is reachable; anything else fails at once, as an unknown host would. */
const loopbackOnly: typeof globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (new URL(url).origin === fake.origin) return globalThis.fetch(input, init);
  elsewhere.push(url);
  const cause = Object.assign(new Error(`getaddrinfo ENOTFOUND ${new URL(url).hostname}`), {
    code: 'ENOTFOUND',
  });
  return Promise.reject(new TypeError('fetch failed', { cause }));
};

beforeAll(async () => {
  fake = await startFakeFlowFuse();
  alice = seedUser(fake, {
    username: 'alice',
    teams: [
      { name: 'Owned', role: 50 },
      { name: 'Joined', role: 30 },
    ],
  });
  tc = await startTestCore({
    fetch: loopbackOnly,
    http: { timeoutMs: 1_000, totalTimeoutMs: 2_000 },
  });
  tc.core.onEvent((_event, payload) => events.push(JSON.stringify(payload)));
  const added = await ok<SavedAccountRef>(tc.core, 'addAccount', {
    url: fake.url,
    token: alice.token,
  });
  accountId = added.id;
  const listed = await waitForAccount(tc.core, accountId, (view) => view.status === 'ok');
  teamIds = listed.teams.map((team) => team.id);
});

afterAll(async () => {
  await tc.close();
  await fake.close();
});

// ---------------------------------------------------------------------------------------------
// Building blocks

const hugeString = fc
  .tuple(fc.integer({ min: 100_000, max: 150_000 }), fc.constantFrom('x', 'é', '\u0000', '<', '💥'))
  .map(([length, unit]) => unit.repeat(length));

/**
 * Values no field of any channel accepts (every string field has a maxLength far below 100k; the
 * one array field holds strings, so an empty array is left out).
 */
const wrongValue = fc.oneof(
  fc.constantFrom<unknown>(
    {},
    NaN,
    Infinity,
    -Infinity,
    -1,
    1.5,
    1e21,
    7n,
    { nested: { deeper: true } },
    [1, 'two'],
  ),
  fc.constant(null).map(() => new Date(0)),
  fc.constant(null).map(() => new Map([['a', 1]])),
  fc.constant(null).map(() => new Set([1])),
  fc.constant(null).map(() => new Uint8Array(3)),
  hugeString,
);

const notAnObject = fc.oneof(
  fc.string(),
  fc.double(),
  fc.constant(null),
  fc.boolean(),
  fc.bigInt(),
  hugeString,
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.date({ noInvalidDate: true }),
);

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
const pollutionValue = fc.constantFrom(
  '{"polluted":"yes","isAdmin":true}',
  '{"prototype":{"polluted":"yes"}}',
  '{"__proto__":{"polluted":"yes"}}',
  '"yes"',
  '[{"__proto__":{"polluted":"yes"}}]',
);

const base64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('');
/** A token of FlowFuse's shape that no server knows. */
const strangerToken = fc
  .string({ unit: fc.constantFrom(...base64url), minLength: 43, maxLength: 43 })
  .map((tail) => `ffpat_${tail}`);

const id = fc.string({ minLength: 1, maxLength: 100 });
/** A FlowFuse notification's id (a hashid), as the contract takes it. */
const notificationId = fc.stringMatching(/^[\w-]{1,100}$/);
const someAccountId = fc.oneof(
  fc.constant(null).map(() => accountId),
  id,
);
const someTeamId = fc.oneof(
  fc.constant(null).map(() => teamIds[0] ?? 'x'),
  fc.constant(null).map(() => teamIds[1] ?? 'x'),
  id,
);
/** A snoozed item's key, `account/i/instance` or `account/d/device`. */
const snoozeKey = fc
  .tuple(
    fc.stringMatching(/^[^/]{1,50}$/),
    fc.constantFrom('i', 'd'),
    fc.stringMatching(/^[^/]{1,50}$/),
  )
  .map((parts) => parts.join('/'));
const someUrl = fc.oneof(
  fc.constant(null).map(() => fake.url),
  fc.constant(null).map(() => `${fake.origin}/team/owned`),
  fc.constantFrom(
    'http://ff.example.test',
    'https://teamtray-fuzz.invalid',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://user:pass@example.test',
    '',
  ),
  fc.string({ maxLength: 200 }),
  fc.webUrl(),
);
const someToken = fc.oneof(
  strangerToken,
  fc.constant(null).map(() => alice.token),
  fc.string({ maxLength: 512 }),
);
const label = fc.string({ maxLength: 100 });
const teamName = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.constantFrom('   ', 'see http://evil', '<img src=x onerror=alert(1)>', 'x'.repeat(1024)),
);

/** A spelling in any case, as Electron reads names case-insensitively. */
const anyCase = (word: string) =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((upper) =>
      Array.from({ length: word.length }, (_, index) =>
        upper[index] === true ? word.charAt(index).toUpperCase() : word.charAt(index),
      ).join(''),
    );
const spellings = (words: readonly string[], max = 3) =>
  fc.array(fc.constantFrom(...words).chain(anyCase), { minLength: 1, maxLength: max });

/** Every name Electron reads as ⌘ on macOS, and as Ctrl on Windows and Linux. */
const AS_COMMAND_ON_MAC = ['cmd', 'command', 'meta', 'super', 'commandorcontrol', 'cmdorctrl'];
const AS_CONTROL_ELSEWHERE = ['ctrl', 'control', 'commandorcontrol', 'cmdorctrl'];
const AS_SUPER_ELSEWHERE = ['cmd', 'command', 'meta', 'super'];
const EDITING_KEYS = [...'acfnopqrstvwxyz'.split(''), 'tab', 'space'];
const CHARACTER_KEYS = [...'abcdefghijklmnopqrstuvwxyz0123456789'.split(''), '-', '=', '[', '/'];
const shuffled = <T>(parts: fc.Arbitrary<T[]>) =>
  parts.chain((list) => fc.shuffledSubarray(list, { minLength: list.length }));

/** Shortcuts that are, on some OS, one primary modifier and an editing key: all refused. */
const editingSpelling = fc
  .tuple(
    fc.oneof(
      spellings(AS_COMMAND_ON_MAC),
      spellings(AS_CONTROL_ELSEWHERE),
      spellings(AS_SUPER_ELSEWHERE),
    ),
    fc.constantFrom(...EDITING_KEYS).chain(anyCase),
  )
  .map(([modifiers, key]) => [...modifiers, key].join('+'));

/** AltGr, or Ctrl+Alt in any spelling (AltGr on Windows), with Shift or not, and a character. */
const typingSpelling = fc
  .tuple(
    fc.oneof(
      spellings(['altgr'], 2),
      fc
        .tuple(spellings(AS_CONTROL_ELSEWHERE, 2), spellings(['alt', 'option'], 2))
        .map(([control, alt]) => [...control, ...alt]),
    ),
    fc.boolean(),
    fc.constantFrom(...CHARACTER_KEYS).chain(anyCase),
  )
  .chain(([modifiers, shift, key]) =>
    shuffled(fc.constant(shift ? [...modifiers, 'Shift'] : modifiers)).map((mods) =>
      [...mods, key].join('+'),
    ),
  );

/** The spellings of issue 24, each of which passed the old name-based rule somewhere. */
const ISSUE_SPELLINGS = [
  'Meta+V',
  'Super+C',
  'Command+CmdOrCtrl+V',
  'Control+CommandOrControl+C',
  'AltGr+E',
  'Control+Alt+E',
];

/** Any combination of Electron's modifier names and a key: the rule decides. */
const anySpelling = fc
  .tuple(
    spellings([...AS_COMMAND_ON_MAC, 'ctrl', 'control', 'alt', 'option', 'altgr', 'shift'], 4),
    fc.constantFrom(...CHARACTER_KEYS, 'f5', 'space', 'tab', 'up', 'plus', 'delete').chain(anyCase),
  )
  .map(([modifiers, key]) => [...modifiers, key].join('+'));

/** Optional keys are present or absent; absent means not there at all (not `undefined`). */
function record<T extends Record<string, fc.Arbitrary<unknown>>>(
  fields: T,
  requiredKeys: Extract<keyof T, string>[],
): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(fields, { requiredKeys });
}

interface ChannelSpec {
  /** Payloads the schema accepts (the handler may still refuse them with a typed code). */
  readonly valid: fc.Arbitrary<unknown>;
  /** Every key the schema knows, on any branch. */
  readonly keys: readonly string[];
  /** Keys without which every branch refuses the payload. */
  readonly required: readonly string[];
}

// `satisfies` makes a channel added to the contract without a fuzz spec fail to compile.
const CHANNELS = {
  getState: { valid: fc.constant(undefined), keys: [], required: [] },
  addAccount: {
    valid: record({ url: someUrl, label, token: someToken, allowHttp: fc.boolean() }, [
      'url',
      'token',
    ]),
    keys: ['url', 'label', 'token', 'allowHttp'],
    required: ['url', 'token'],
  },
  updateAccount: {
    valid: record(
      { id: someAccountId, label, url: someUrl, token: someToken, allowHttp: fc.boolean() },
      ['id'],
    ),
    keys: ['id', 'label', 'url', 'token', 'allowHttp'],
    required: ['id'],
  },
  // Never the saved account's id: the other channels need it to stay.
  removeAccount: { valid: record({ id }, ['id']), keys: ['id'], required: ['id'] },
  reorderAccounts: {
    valid: record({ ids: fc.array(someAccountId, { maxLength: 5 }) }, ['ids']),
    keys: ['ids'],
    required: ['ids'],
  },
  refresh: {
    valid: fc.oneof(fc.constant(undefined), record({ accountId: someAccountId }, [])),
    keys: ['accountId'],
    required: [],
  },
  renameTeam: {
    valid: record({ accountId: someAccountId, teamId: someTeamId, name: teamName }, [
      'accountId',
      'teamId',
      'name',
    ]),
    keys: ['accountId', 'teamId', 'name'],
    required: ['accountId', 'teamId', 'name'],
  },
  openTeam: {
    valid: record(
      {
        accountId: someAccountId,
        teamId: someTeamId,
        page: fc.constantFrom('overview', 'settings'),
      },
      ['accountId', 'teamId'],
    ),
    keys: ['accountId', 'teamId', 'page'],
    required: ['accountId', 'teamId'],
  },
  copyTeamUrl: {
    valid: record({ accountId: someAccountId, teamId: someTeamId }, ['accountId', 'teamId']),
    keys: ['accountId', 'teamId'],
    required: ['accountId', 'teamId'],
  },
  openTokenPage: {
    valid: fc.oneof(
      record({ accountId: someAccountId }, ['accountId']),
      record({ url: someUrl, allowHttp: fc.boolean() }, ['url']),
    ),
    keys: ['accountId', 'url', 'allowHttp'],
    required: [],
  },
  updateSettings: {
    valid: record(
      {
        launchAtLogin: fc.boolean(),
        refreshIntervalMinutes: fc.integer({ min: 0, max: 24 * 60 }),
        globalShortcut: fc.option(
          fc.oneof(fc.string({ minLength: 1, maxLength: 100 }), anySpelling, editingSpelling),
        ),
        theme: fc.constantFrom('system', 'light', 'dark'),
        notifyInstances: fc.boolean(),
        trayCount: fc.boolean(),
      },
      [],
    ),
    keys: [
      'launchAtLogin',
      'refreshIntervalMinutes',
      'globalShortcut',
      'theme',
      'notifyInstances',
      'trayCount',
    ],
    required: [],
  },
  // Pins, snooze and quiet hours go as intents (updateSettings refuses them): ids of any account,
  // saved or not, and far dates.
  changePins: {
    valid: fc.oneof(
      fc.record({
        kind: fc.constant('pin'),
        pin: fc.record({
          accountId: someAccountId,
          kind: fc.constantFrom('team', 'instance', 'device'),
          id,
          name: fc.string({ maxLength: 300 }),
        }),
      }),
      fc.record({
        kind: fc.constant('unpin'),
        pin: fc.record({
          accountId: someAccountId,
          kind: fc.constantFrom('team', 'instance', 'device'),
          id,
        }),
      }),
      fc.record({ kind: fc.constantFrom('snooze', 'unsnooze'), key: snoozeKey }),
      fc.record({
        kind: fc.constant('quiet'),
        until: fc.option(fc.integer({ min: 0, max: 2 ** 52 })),
      }),
    ),
    keys: ['kind', 'pin', 'key', 'until'],
    required: ['kind'],
  },
  dismissNotice: { valid: record({ id }, ['id']), keys: ['id'], required: ['id'] },
  hideWindow: { valid: fc.constant(undefined), keys: [], required: [] },
  cancelAccountCheck: { valid: fc.constant(undefined), keys: [], required: [] },
  showLogFile: { valid: fc.constant(undefined), keys: [], required: [] },
  // Instances of any account, saved or not, 1 to 5 of them (the contract takes up to 100).
  bulkInstanceAction: {
    valid: record(
      {
        action: fc.constantFrom('start', 'restart', 'stop', 'suspend'),
        items: fc.array(
          fc.record({ accountId: someAccountId, teamId: someTeamId, instanceId: id }),
          { minLength: 1, maxLength: 5 },
        ),
      },
      ['action', 'items'],
    ),
    keys: ['action', 'items'],
    required: ['action', 'items'],
  },
  instanceAction: {
    valid: record(
      {
        accountId: someAccountId,
        teamId: someTeamId,
        instanceId: id,
        action: fc.constantFrom('start', 'restart', 'stop', 'suspend'),
      },
      ['accountId', 'teamId', 'instanceId', 'action'],
    ),
    keys: ['accountId', 'teamId', 'instanceId', 'action'],
    required: ['accountId', 'teamId', 'instanceId', 'action'],
  },
  openInstance: {
    valid: record(
      {
        accountId: someAccountId,
        teamId: someTeamId,
        instanceId: id,
        page: fc.constantFrom('editor', 'flowfuse', 'logs', 'audit-log'),
      },
      ['accountId', 'teamId', 'instanceId', 'page'],
    ),
    keys: ['accountId', 'teamId', 'instanceId', 'page'],
    required: ['accountId', 'teamId', 'instanceId', 'page'],
  },
  openDevice: {
    valid: record(
      {
        accountId: someAccountId,
        teamId: someTeamId,
        deviceId: id,
        page: fc.constantFrom('overview', 'editor'),
      },
      ['accountId', 'teamId', 'deviceId'],
    ),
    keys: ['accountId', 'teamId', 'deviceId', 'page'],
    required: ['accountId', 'teamId', 'deviceId'],
  },
  restartDevice: {
    valid: record({ accountId: someAccountId, teamId: someTeamId, deviceId: id }, [
      'accountId',
      'teamId',
      'deviceId',
    ]),
    keys: ['accountId', 'teamId', 'deviceId'],
    required: ['accountId', 'teamId', 'deviceId'],
  },
  setDeviceMode: {
    valid: record(
      {
        accountId: someAccountId,
        teamId: someTeamId,
        deviceId: id,
        mode: fc.constantFrom('developer', 'autonomous'),
      },
      ['accountId', 'teamId', 'deviceId', 'mode'],
    ),
    keys: ['accountId', 'teamId', 'deviceId', 'mode'],
    required: ['accountId', 'teamId', 'deviceId', 'mode'],
  },
  watchTeams: {
    valid: record(
      {
        teams: fc.array(fc.record({ accountId: someAccountId, teamId: someTeamId }), {
          maxLength: 5,
        }),
      },
      ['teams'],
    ),
    keys: ['teams'],
    required: ['teams'],
  },
  getAbout: { valid: fc.constant(undefined), keys: [], required: [] },
  openAppLink: {
    valid: record({ link: fc.constantFrom(...APP_LINKS) }, ['link']),
    keys: ['link'],
    required: ['link'],
  },
  quit: { valid: fc.constant(undefined), keys: [], required: [] },
  readInstanceLog: {
    valid: record({ accountId: someAccountId, teamId: someTeamId, instanceId: id }, [
      'accountId',
      'teamId',
      'instanceId',
    ]),
    keys: ['accountId', 'teamId', 'instanceId'],
    required: ['accountId', 'teamId', 'instanceId'],
  },
  copyInstanceLog: {
    valid: record({ accountId: someAccountId, teamId: someTeamId, instanceId: id }, [
      'accountId',
      'teamId',
      'instanceId',
    ]),
    keys: ['accountId', 'teamId', 'instanceId'],
    required: ['accountId', 'teamId', 'instanceId'],
  },
  markNotificationsRead: {
    valid: record(
      { accountId: someAccountId, ids: fc.array(notificationId, { minLength: 1, maxLength: 5 }) },
      ['accountId', 'ids'],
    ),
    keys: ['accountId', 'ids'],
    required: ['accountId', 'ids'],
  },
  openNotification: {
    valid: record({ accountId: someAccountId, id: notificationId }, ['accountId', 'id']),
    keys: ['accountId', 'id'],
    required: ['accountId', 'id'],
  },
  chooseToken: {
    valid: record({ accountId: someAccountId, tokenId: id }, ['accountId', 'tokenId']),
    keys: ['accountId', 'tokenId'],
    required: ['accountId', 'tokenId'],
  },
} as const satisfies Record<Method, ChannelSpec>;

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? { ...(value as Record<string, unknown>) } : {};

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

type Case = { readonly kind: 'valid' | 'invalid' | 'arbitrary'; readonly payload: unknown };

/** Payloads that break the channel's schema by construction, one way at a time. */
function invalidFor(spec: ChannelSpec): fc.Arbitrary<unknown> {
  const known = new Set([...spec.keys, ...POLLUTION_KEYS]);
  const extraKey = fc
    .oneof(
      fc.constantFrom('isAdmin', 'token2', 'role', 'headers', 'then', 'toJSON', '__defineGetter__'),
      fc.string({ minLength: 1, maxLength: 20 }),
    )
    .filter((key) => !known.has(key));
  const ways: fc.Arbitrary<unknown>[] = [
    notAnObject,
    fc
      .tuple(spec.valid, extraKey, fc.jsonValue())
      .map(([base, key, value]) => ({ ...asRecord(base), [key]: value })),
    fc
      .tuple(
        spec.valid,
        fc.constantFrom(...POLLUTION_KEYS),
        pollutionValue,
        fc.constantFrom('top', 'field', 'array'),
      )
      .map(([base, key, value, where]) => {
        const inner = `{${JSON.stringify(key)}:${value}}`;
        const rest = JSON.stringify(asRecord(base)).slice(1, -1);
        const field = spec.keys[0] ?? 'payload';
        const text =
          where === 'top'
            ? `{${JSON.stringify(key)}:${value}${rest === '' ? '' : `,${rest}`}}`
            : where === 'field'
              ? `{${JSON.stringify(field)}:${inner}}`
              : `[${inner}]`;
        return JSON.parse(text) as unknown;
      }),
    fc
      .tuple(spec.valid, fc.integer({ min: 9, max: 1_000 }), fc.boolean())
      .map(([base, depth, whole]) =>
        whole || spec.keys.length === 0
          ? nested(depth)
          : { ...asRecord(base), [spec.keys[0] ?? 'payload']: nested(depth) },
      ),
  ];
  if (spec.keys.length > 0) {
    ways.push(
      fc
        .tuple(spec.valid, fc.constantFrom(...spec.keys), wrongValue)
        .map(([base, key, wrong]) => ({ ...asRecord(base), [key]: wrong })),
    );
  }
  if (spec.required.length > 0) {
    ways.push(
      fc.tuple(spec.valid, fc.constantFrom(...spec.required)).map(([base, key]) => {
        return Object.fromEntries(Object.entries(asRecord(base)).filter(([name]) => name !== key));
      }),
    );
  }
  return fc.oneof(...ways);
}

function casesFor(spec: ChannelSpec): fc.Arbitrary<Case> {
  const anything = fc.anything({
    maxDepth: 4,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withNullPrototype: true,
    withSparseArray: true,
    key: fc.oneof(fc.string(), fc.constantFrom(...POLLUTION_KEYS, ...spec.keys)),
  });
  return fc.oneof(
    { weight: 2, arbitrary: spec.valid.map((payload): Case => ({ kind: 'valid', payload })) },
    {
      weight: 5,
      arbitrary: invalidFor(spec).map((payload): Case => ({ kind: 'invalid', payload })),
    },
    { weight: 2, arbitrary: anything.map((payload): Case => ({ kind: 'arbitrary', payload })) },
  );
}

// ---------------------------------------------------------------------------------------------
// Checks

/** What the contract accepts: no array at the top, no unsafe shape, and the channel's schema. */
function schemaAccepts(method: Method, payload: unknown): boolean {
  return (
    !Array.isArray(payload) &&
    !hasUnsafeShape(payload) &&
    v.safeParse(contract[method].request, payload).success
  );
}

function expectCleanResult(result: Result<unknown>, sent: unknown, method: Method): void {
  expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  if (result.ok) {
    // A call that changes the model also names the model's version that holds its change.
    if (changesModel(method)) {
      expect(Object.keys(result).sort()).toEqual(['ok', 'value', 'version']);
      const { version } = result as { readonly version?: unknown };
      expect(Number.isSafeInteger(version) && (version as number) >= 0).toBe(true);
    } else {
      expect(Object.keys(result).sort()).toEqual(['ok', 'value']);
    }
  } else {
    expect(Object.keys(result).sort()).toEqual(['error', 'ok']);
    // `detail` (a system code such as ECONNREFUSED) and, for rate_limited, `retryAfterMs` are
    // the only optional keys, each small.
    const { retryAfterMs, ...rest } = result.error;
    const keys = Object.keys(rest).sort();
    expect([
      ['code', 'message'],
      ['code', 'detail', 'message'],
    ]).toContainEqual(keys);
    expect(result.error.detail ?? '').toMatch(/^[\w:.\- ]{0,80}$/);
    if (retryAfterMs !== undefined) {
      expect(result.error.code).toBe('rate_limited');
      expect(Number.isInteger(retryAfterMs) && retryAfterMs > 0 && retryAfterMs <= 60_000).toBe(
        true,
      );
    }
    expect(ERROR_CODES).toContain(result.error.code);
    expect(typeof result.error.message).toBe('string');
    // `internal` means a handler threw something it did not expect: a bug to look at.
    expect(result.error.code, result.error.message).not.toBe('internal');
  }
  // It must cross IPC (structured clone) and hold no token: the saved one or one just sent.
  const text = JSON.stringify(structuredClone(result));
  expect(text).not.toContain(alice.token);
  expect(text).not.toMatch(FLOWFUSE_TOKEN);
  for (const token of tokensIn(sent)) expect(text).not.toContain(token);
}

function tokensIn(payload: unknown): string[] {
  if (typeof payload !== 'object' || payload === null) return [];
  const token = (payload as Record<string, unknown>).token;
  return typeof token === 'string' && token.length >= 16 ? [token] : [];
}

function expectNoPollution(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoNames.object);
  expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(protoNames.array);
  const probe: Record<string, unknown> = {};
  expect(probe.polluted).toBeUndefined();
  expect(probe.isAdmin).toBeUndefined();
}

interface SideEffects {
  readonly opened: number;
  readonly applied: number;
  readonly hidden: number;
  readonly settings: string;
}

function sideEffects(): SideEffects {
  return {
    opened: tc.shell.opened.length,
    applied: tc.shell.applied.length,
    hidden: tc.shell.hidden,
    settings: readFileSync(settingsPath(tc.dir), 'utf8'),
  };
}

// ---------------------------------------------------------------------------------------------

describe('IPC fuzzing through dispatch', () => {
  it('starts from a clean Object.prototype', () => {
    expectNoPollution();
  });

  for (const method of methods) {
    it(`${method}: ${RUNS_PER_CHANNEL} generated payloads`, { timeout: 120_000 }, async () => {
      const spec: ChannelSpec = CHANNELS[method];
      const seen = { valid: 0, invalid: 0, arbitrary: 0 };
      await fc.assert(
        fc.asyncProperty(casesFor(spec), async ({ kind, payload }) => {
          runs += 1;
          seen[kind] += 1;
          // Electron's IPC hands main a structured clone of what the renderer sent.
          const sent = structuredClone(payload);
          const accepted = schemaAccepts(method, sent);
          if (kind === 'invalid')
            expect(accepted, 'the generator made a valid payload').toBe(false);
          const before = accepted ? null : sideEffects();

          const result = await tc.core.dispatch(method, sent);
          note(result);

          expectCleanResult(result, sent, method);
          expectNoPollution();
          if (!accepted) {
            expect(result.ok ? 'ok' : result.error.code).toBe('invalid_request');
            // Refused means untouched: nothing opened, applied, hidden or written.
            expect(sideEffects()).toEqual(before);
          }
        }),
        { numRuns: RUNS_PER_CHANNEL },
      );
      // Each kind of case really ran.
      expect(seen.valid).toBeGreaterThan(0);
      expect(seen.invalid).toBeGreaterThan(0);
      expect(seen.arbitrary).toBeGreaterThan(0);
    });
  }

  it(`refuses ${RUNS_UNKNOWN_METHODS} method names that are not in the contract`, async () => {
    const names = fc
      .oneof(
        fc.string(),
        fc.constantFrom(
          '__proto__',
          'constructor',
          'toString',
          'hasOwnProperty',
          'valueOf',
          'getState ',
          'GETSTATE',
          'teamtray:state:get',
          'dispatch',
        ),
      )
      .filter((name) => !(methods as readonly string[]).includes(name));
    await fc.assert(
      fc.asyncProperty(names, fc.anything(), async (name, payload) => {
        runs += 1;
        const result = await tc.core.dispatch(name as Method, structuredClone(payload));
        expect(result).toEqual({
          ok: false,
          error: { code: 'invalid_request', message: 'Refused: unknown request.' },
        });
        expectNoPollution();
      }),
      { numRuns: RUNS_UNKNOWN_METHODS },
    );
  });

  it(`refuses ${RUNS_SHORTCUTS} shortcut spellings Electron reads as copy, paste or a character`, async () => {
    for (const globalShortcut of ISSUE_SPELLINGS) {
      runs += 1;
      const before = sideEffects();
      const result = await tc.core.dispatch('updateSettings', { globalShortcut });
      expect(result.ok ? 'ok' : result.error.code).toBe('invalid_request');
      expect(sideEffects()).toEqual(before);
    }
    const refused = fc.oneof(editingSpelling, typingSpelling);
    await fc.assert(
      fc.asyncProperty(refused, async (globalShortcut) => {
        runs += 1;
        const before = sideEffects();
        const result = await tc.core.dispatch('updateSettings', { globalShortcut });
        note(result);
        expect(result.ok ? 'ok' : result.error.code, globalShortcut).toBe('invalid_request');
        expectCleanResult(result, { globalShortcut }, 'updateSettings');
        // Nothing reached the shell (no registration) and nothing was saved.
        expect(sideEffects()).toEqual(before);
      }),
      { numRuns: RUNS_SHORTCUTS - ISSUE_SPELLINGS.length },
    );
  });

  it(
    `keeps ${RUNS_BURSTS} bursts of every limited call within the app's limits`,
    {
      timeout: 60_000,
    },
    async () => {
      // A core of its own with the app's limits and a clock the test moves; its own server, so
      // every probe it makes is counted there.
      const target = await startFakeFlowFuse({ notifications: true });
      const bob = seedUser(target, {
        username: 'bob',
        teams: [
          {
            name: 'Bench',
            role: 50,
            runtime: {
              applications: [{ name: 'Rig', instances: [{ name: 'rig-1' }, { name: 'rig-2' }] }],
            },
          },
        ],
      });
      const inbox = ['one', 'two', 'three'].map((name) =>
        target.addNotification(bob.user, { type: 'team-invite', data: { team: { name } } }),
      );
      let clock = Date.now();
      const limited = await startTestCore({
        limits: CALL_LIMITS,
        now: () => clock,
        http: { timeoutMs: 1_000, totalTimeoutMs: 2_000 },
      });
      try {
        const saved = await ok<SavedAccountRef>(limited.core, 'addAccount', {
          url: target.url,
          token: bob.token,
        });
        const listed = await waitForAccount(
          limited.core,
          saved.id,
          (view) =>
            view.status === 'ok' &&
            view.teams[0]?.runtime.status === 'ok' &&
            view.inbox.notifications.length === inbox.length,
        );
        const benchId = listed.teams[0]?.id ?? 'x';
        const rigIds = listed.teams[0]?.runtime.instances.map((each) => each.id) ?? [];
        const kinds = {
          probes: fc.oneof(
            fc.constant(null).map(() => ({
              method: 'addAccount' as const,
              payload: { url: target.url, token: bob.token },
            })),
            strangerToken.map((token) => ({
              method: 'updateAccount' as const,
              payload: { id: saved.id, url: target.url, token },
            })),
          ),
          pages: fc.oneof(
            fc.constantFrom<'overview' | 'settings'>('overview', 'settings').map((page) => ({
              method: 'openTeam' as const,
              payload: { accountId: saved.id, teamId: benchId, page },
            })),
            fc.constant(null).map(() => ({
              method: 'openTokenPage' as const,
              payload: { accountId: saved.id },
            })),
            fc.webUrl().map((url) => ({ method: 'openTokenPage' as const, payload: { url } })),
            fc.constantFrom(...APP_LINKS).map((link) => ({
              method: 'openAppLink' as const,
              payload: { link },
            })),
            fc.constant({ method: 'showLogFile' as const, payload: undefined }),
          ),
          refreshes: fc.oneof(
            fc.constant({ method: 'refresh' as const, payload: undefined }),
            fc.constant(null).map(() => ({
              method: 'refresh' as const,
              payload: { accountId: saved.id },
            })),
          ),
          // The newer calls: log reads, mark-reads and copies.
          activity: fc.oneof(
            fc.constantFrom(...rigIds).map((instanceId) => ({
              method: 'readInstanceLog' as const,
              payload: { accountId: saved.id, teamId: benchId, instanceId },
            })),
            fc
              .subarray(
                inbox.map((each) => each.id),
                { minLength: 1 },
              )
              .map((ids) => ({
                method: 'markNotificationsRead' as const,
                payload: { accountId: saved.id, ids },
              })),
            fc.constant(null).map(() => ({
              method: 'copyTeamUrl' as const,
              payload: { accountId: saved.id, teamId: benchId },
            })),
          ),
        };
        const burst = fc.array(
          fc.oneof(kinds.probes, kinds.pages, kinds.refreshes, kinds.activity),
          {
            minLength: 2,
            maxLength: 30,
          },
        );
        const opened = () => limited.shell.opened.length + limited.shell.logFileShown;
        let cutShort = 0;
        const probesSeen = () =>
          target.requests.filter((request) => request.path === '/api/json').length;
        const teamReads = () =>
          target.requests.filter((request) => request.path === '/api/v1/user/teams').length;
        const logReads = () => target.requests.filter((request) => request.path.includes('/logs'));
        const marks = () => target.requests.filter((request) => request.method === 'PUT');
        await fc.assert(
          fc.asyncProperty(burst, fc.boolean(), async (calls, spread) => {
            // Each burst starts in a fresh window.
            clock += CALL_LIMITS.pages.windowMs + 1;
            const before = {
              opened: opened(),
              probes: probesSeen(),
              reads: teamReads(),
              logs: logReads().length,
              marks: marks().length,
              copies: limited.shell.copied.length,
            };
            const settle = async ({ method, payload }: { method: Method; payload: unknown }) => {
              runs += 1;
              const result = await limited.core.dispatch(method, payload);
              note(result);
              if (!result.ok && result.error.code === 'rate_limited') cutShort += 1;
              expectCleanResult(result, payload, method);
            };
            if (spread) {
              // One a second apart, all within one window: only the window's maximum gets by.
              for (const each of calls) {
                clock += CALL_LIMITS.pages.gapMs;
                await settle(each);
              }
            } else {
              // All at once: one page and one refresh at most, and the probes' maximum.
              await Promise.all(calls.map(settle));
            }
            // Wait for what was started, so the counts are complete and the next burst's its own.
            await waitForAccount(limited.core, saved.id, (view) => view.status !== 'loading');
            const most = (rule: { max: number; gapMs: number }) =>
              spread || rule.gapMs === 0 ? rule.max : 1;
            // Counted where they land: pages the shell opened, probes and team lists the server
            // answered.
            expect(opened() - before.opened).toBeLessThanOrEqual(most(CALL_LIMITS.pages));
            expect(probesSeen() - before.probes).toBeLessThanOrEqual(CALL_LIMITS.probes.max);
            expect(teamReads() - before.reads).toBeLessThanOrEqual(most(CALL_LIMITS.refreshes));
            expect(logReads().length - before.logs).toBeLessThanOrEqual(most(CALL_LIMITS.logReads));
            expect(marks().length - before.marks).toBeLessThanOrEqual(most(CALL_LIMITS.marks));
            expect(limited.shell.copied.length - before.copies).toBeLessThanOrEqual(
              most(CALL_LIMITS.copies),
            );
          }),
          { numRuns: RUNS_BURSTS },
        );
        // The limits did bite (often: a repeat of the same page or refresh within the second is
        // done once, quietly, so not every extra call is a refusal).
        expect(cutShort).toBeGreaterThan(RUNS_BURSTS / 4);
      } finally {
        await limited.close();
        await target.close();
      }
    },
  );

  it('pushed no token in any event, and still serves the saved account', async () => {
    const joined = events.join('\n');
    expect(joined).not.toContain(alice.token);
    expect(joined).not.toMatch(FLOWFUSE_TOKEN);
    const view = await waitForAccount(
      tc.core,
      accountId,
      (candidate) => candidate.status !== 'loading',
    );
    expect(view.teams.map((team) => team.id).sort()).toEqual([...teamIds].sort());
    expect(runs).toBeGreaterThanOrEqual(MIN_CALLS);
    console.log(
      `IPC fuzzing: ${runs} generated calls over ${methods.length} channels (${RUNS_PER_CHANNEL} each), ${RUNS_UNKNOWN_METHODS} unknown method names, ${RUNS_SHORTCUTS} shortcut spellings and ${RUNS_BURSTS} bursts of limited calls; ${events.length} events pushed; ${elsewhere.length} fetches to hosts other than the fake server answered as unknown hosts; 0 tokens in any response or event.`,
    );
    console.log(
      `IPC fuzzing outcomes: ${[...outcomes].map(([code, count]) => `${code} ${count}`).join(', ')}`,
    );
  });
});
